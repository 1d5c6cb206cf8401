import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Section } from "~/ui/layout/section";
import { type FormPage, type FormType, type FormLayout, formTypeFor } from "~/features/leads/forms/form-types";
import { fleetSignupSpec } from "~/features/leads/forms/kinds/fleet";
import { businessLeadSpec, companySizeOptions, leadFleetSizeOptions, leadFuelTypeOptions } from "~/features/leads/forms/kinds/lead-business";
import { personalLeadSpec } from "~/features/leads/forms/kinds/lead-personal";
import { saasLeadSpec } from "~/features/leads/forms/kinds/lead-saas";
import { QUOTE_FORM_TYPE } from "~/features/leads/forms/kinds/quote-short";
import { useForm } from "~/ui/forms/use-form";
import { staticPart } from "~/ui/static-parts";
import { FormShell, Select, Textarea, TextInput } from "~/ui/forms/field";
import { FleetSignupFields } from "./fleet-signup-form";
import { CityZipFields, ContactAside, EmailField, FormCard, NameFields, PhoneField, ZIP_DIGITS } from "./lead-fields";
import { LocationCombobox } from "./location-combobox";
import { ConsentLine } from "~/ui/forms/consent-line";

interface LeadFormProps {
  type: FormType;
  /** The form element's id (unique on the page); inputs are `${id}-${name}`. */
  id: string;
  /** id of the heading that names the form. */
  labelledBy?: string;
  label?: string;
}

function MessageField({ form }: { form: ReturnType<typeof useForm> }) {
  return (
    <Textarea
      control={form.field("message")}
      label="Message"
      optional
      maxLength={2000}
      className="sm:col-span-2"
      placeholder="Vehicles, fuel, where they park, best time to call…"
    />
  );
}

/** Personal layout (spec 3): names, contact details, city and ZIP, message. */
export function PersonalLeadForm({ type, id, labelledBy, label = "Contact form" }: LeadFormProps) {
  const form = useForm({ id, spec: personalLeadSpec, fixed: { type: String(type) } });
  return (
    <FormShell form={form} consent={ConsentLine} labelledBy={labelledBy} label={label}>
      <NameFields form={form} />
      <EmailField form={form} />
      <PhoneField form={form} />
      <CityZipFields form={form} cityOptional />
      <MessageField form={form} />
    </FormShell>
  );
}

/** Business layout (spec 3): company fields instead of names; wire field `bussinessName`. */
export function BusinessLeadForm({ type, id, labelledBy, label = "Business contact form" }: LeadFormProps) {
  const form = useForm({ id, spec: businessLeadSpec, fixed: { type: String(type) } });
  return (
    <FormShell form={form} consent={ConsentLine} labelledBy={labelledBy} label={label}>
      <TextInput control={form.field("bussinessName")} label="Business name" autoComplete="organization" maxLength={120} className="sm:col-span-2" />
      <EmailField form={form} />
      <PhoneField form={form} />
      <TextInput control={form.field("bussinessAddress")} label="Business address" optional autoComplete="address-line1" maxLength={200} />
      <LocationCombobox
        control={form.field("zipCode")}
        label="ZIP code"
        mode="zip"
        listLabel="Matching ZIP codes"
        onPick={(s) => form.setValue("zipCode", s.zipCode[0] ?? "")}
        inputMode="numeric"
        autoComplete="postal-code"
        digits={ZIP_DIGITS}
      />
      <Select control={form.field("companySize")} label="Company size" options={companySizeOptions} />
      <Select control={form.field("fleetSize")} label="Fleet size" options={leadFleetSizeOptions} />
      <Select control={form.field("fuelType")} label="Fuel type" options={leadFuelTypeOptions} className="sm:col-span-2" />
      <MessageField form={form} />
    </FormShell>
  );
}

/** Software-licensing enquiry (docs/deviations.md: type 18); city and message optional. */
export function SaasLeadForm({ type, id, labelledBy, label = "Software licensing enquiry" }: LeadFormProps) {
  const form = useForm({ id, spec: saasLeadSpec, fixed: { type: String(type) } });
  return (
    <FormShell form={form} consent={ConsentLine} labelledBy={labelledBy} label={label}>
      <NameFields form={form} />
      <EmailField form={form} className="sm:col-span-2" />
      <CityZipFields form={form} cityOptional />
      <MessageField form={form} />
    </FormShell>
  );
}

/**
 * The quote forms live on /getafleet only (QuoteForms): linking there keeps their code
 * off every other page.
 */
function QuoteLink() {
  return (
    <p className="text-lg">
      Fleet quotes have their own page:{" "}
      <Link className="link" to="/getafleet#quote">
        request a fleet quote
      </Link>
      .
    </p>
  );
}

/** Which contact form a type code shows: the form whose module takes that code. */
function layoutOf(type: FormType): FormLayout {
  if (type === QUOTE_FORM_TYPE) return "quote";
  const form = [businessLeadSpec, saasLeadSpec, fleetSignupSpec].find((f) => f.types && Object.hasOwn(f.types, type));
  return form?.layout ?? "personal";
}

/** The right form for a type code, without a section around it (e.g. inside an FAQ answer). */
export function LeadForm(props: LeadFormProps) {
  switch (layoutOf(props.type)) {
    case "business":
      return <BusinessLeadForm {...props} />;
    case "saas":
      return <SaasLeadForm {...props} />;
    case "fleet":
      return <FleetSignupFields id={props.id} labelledBy={props.labelledBy} />;
    case "quote":
      return <QuoteLink />;
    default:
      return <PersonalLeadForm {...props} />;
  }
}

/** The lead form of a page (its code in `pageFormType`) in a card, to embed in running text (an FAQ answer). */
export function CardLeadForm({ className, page, ...props }: Omit<LeadFormProps, "type"> & { page: FormPage; className?: string }) {
  return (
    <FormCard className={className}>
      <LeadForm {...props} type={formTypeFor(page)} />
    </FormCard>
  );
}

const defaults: Record<Exclude<FormLayout, "quote">, { eyebrow: string; title: string; intro: string; aside: ReactNode }> = {
  personal: {
    eyebrow: "Contact us",
    title: "Talk to a fueling specialist",
    intro: "Tell us where your vehicles park and what they run on. We'll come back with times and prices for your area.",
    aside: <p className="text-lg font-semibold text-slate-900 dark:text-white">Fuel that comes to you, on your schedule.</p>,
  },
  business: {
    eyebrow: "For businesses",
    title: "Get a fueling plan for your fleet",
    intro: "Share a few details about your company and vehicles, and we'll put together a delivery plan and a price.",
    aside: <p className="text-lg font-semibold text-slate-900 dark:text-white">Overnight and on-site fueling, billed per gallon delivered.</p>,
  },
  saas: {
    eyebrow: "Fillway Cloud",
    title: "See the software in action",
    intro: "Tell us about your fuel business and we'll set up a walkthrough of fuel management, geofencing and fleet tools.",
    aside: <p className="text-lg font-semibold text-slate-900 dark:text-white">The platform behind our own deliveries, licensed to yours.</p>,
  },
  fleet: {
    eyebrow: "Fleet fueling",
    title: "Sign up for scheduled fleet fueling",
    intro: "Tell us about your fleet and we'll set up recurring deliveries while your vehicles are parked.",
    aside: <p className="text-lg font-semibold text-slate-900 dark:text-white">Recurring deliveries, one invoice, no fuel cards.</p>,
  },
};

/**
 * The contact or lead form at the bottom of a page, in its own section: the page's type
 * code (`pageFormType`) picks the personal or business layout (the form modules'
 * `types`), the SaaS enquiry for 18, the fleet sign-up for 17, and for 19 a link to the
 * quote forms of /getafleet. A page names itself (`page="/gasoline"`), never a code.
 */
export function ContactForm({ page, title, intro, id = "contact" }: { page: FormPage; title?: string; intro?: string; id?: string }) {
  const type: FormType = formTypeFor(page);
  const layout = layoutOf(type);
  const location = useLocation();
  if (layout === "quote") {
    return (
      <Section id={id} eyebrow="Fleet quote" title={title ?? "Get a fleet quote"} intro={intro} tone="muted">
        <div className="text-center">
          <QuoteLink />
        </div>
      </Section>
    );
  }
  const d = defaults[layout];
  const form = (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:items-start">
      <ContactAside>{d.aside}</ContactAside>
      <FormCard>
        <LeadForm type={type} id={`${id}-form`} labelledBy={`${id}-title`} />
      </FormCard>
    </div>
  );
  return (
    <Section id={id} eyebrow={d.eyebrow} title={title ?? d.title} intro={intro ?? d.intro} tone="muted" renderWhenNear={false}>
      {/* On the server, once rendered for this URL, from memory (lib/static-parts): a page rendered for the cache never holds a form's answer. */}
      {import.meta.env.SSR ? staticPart("contact-form", `${location.pathname}${location.search} ${type} ${id}`, form) : form}
    </Section>
  );
}
