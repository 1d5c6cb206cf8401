import { ClipboardList, PhoneCall } from "lucide-react";
import { QuoteBusinessForm } from "~/site/deferred-parts";
import { Section } from "~/ui/layout/section";
import { QUOTE_FORM_TYPE, quoteShortSpec } from "~/features/leads/forms/kinds/quote-short";
import { useForm } from "~/ui/forms/use-form";
import { FormShell, Textarea, TextInput } from "~/ui/forms/field";
import { CityZipFields, EmailField, FormCard, NameFields, PhoneField } from "./lead-fields";
import { ConsentLine } from "~/ui/forms/consent-line";

const fixed = { type: String(QUOTE_FORM_TYPE) };

/** The short quote form: who to call back, where, and optionally what for. */
export function QuoteShortForm({ id = "quick-quote-form", labelledBy }: { id?: string; labelledBy?: string }) {
  const form = useForm({ id, spec: quoteShortSpec, fixed });
  return (
    <FormShell form={form} consent={ConsentLine} labelledBy={labelledBy} label="Quick quote" submitLabel="Request a call back">
      <NameFields form={form} />
      <EmailField form={form} />
      <PhoneField form={form} name="phoneNumber" />
      <TextInput
        control={form.field("businessAddress")}
        label="Business address"
        autoComplete="address-line1"
        maxLength={200}
        className="sm:col-span-2"
        placeholder="Street and number"
      />
      <CityZipFields form={form} cityOptional />
      <Textarea
        control={form.field("descriptionQuote")}
        label="What do you need fueled?"
        optional
        maxLength={2000}
        className="sm:col-span-2"
        placeholder="Vehicles, fuel type, how often…"
      />
    </FormShell>
  );
}

/** The two quote forms of /getafleet: a quick call-back request and the detailed quote. */
export function QuoteForms() {
  return (
    <Section
      id="quote"
      eyebrow="Fleet quote"
      title="Request your quote"
      intro="Choose the form that suits you: a quick call back from our fleet team, or a detailed quote priced on your vehicles, tanks and delivery windows."
      tone="muted"
    >
      <div className="mx-auto max-w-4xl space-y-10">
        <FormCard>
          <div className="mb-6 flex items-start gap-4">
            <PhoneCall aria-hidden="true" className="mt-1 size-7 shrink-0 text-brand-700 dark:text-brand-300" />
            <div>
              <h3 id="quick-quote-title" className="text-xl font-bold">
                Quick quote
              </h3>
              <p className="mt-1 text-slate-700 dark:text-slate-300">A minute to fill in; we call you back within one business day.</p>
            </div>
          </div>
          <QuoteShortForm labelledBy="quick-quote-title" />
        </FormCard>
        <FormCard>
          <div className="mb-6 flex items-start gap-4">
            <ClipboardList aria-hidden="true" className="mt-1 size-7 shrink-0 text-brand-700 dark:text-brand-300" />
            <div>
              <h3 id="fleet-quote-title" className="text-xl font-bold">
                Detailed fleet quote
              </h3>
              <p className="mt-1 text-slate-700 dark:text-slate-300">
                Tell us about your fleet and sites, and we'll come back with a priced delivery plan for this year.
              </p>
            </div>
          </div>
          <QuoteBusinessForm labelledBy="fleet-quote-title" />
        </FormCard>
      </div>
    </Section>
  );
}
