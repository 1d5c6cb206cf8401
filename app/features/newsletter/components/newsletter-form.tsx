import { Mail } from "lucide-react";
import { type NewsletterType, newsletterSpec } from "~/features/leads/forms/kinds/newsletter";
import { useForm } from "~/ui/forms/use-form";
import { FormShell, TextInput } from "~/ui/forms/field";
import { NewsletterConsentLine } from "~/ui/forms/consent-line";

/**
 * The newsletter sign-up (POST /web/suscribe): type 4 on home, 3 on careers, 1 on the
 * retail page. Its consent line, under the button, speaks of e-mail only and links the
 * privacy policy (spec 2.4 asks the retail page's for that link).
 */
export function NewsletterForm({ type }: { type: NewsletterType }) {
  const id = `newsletter-${type}`;
  const form = useForm({ id, spec: newsletterSpec, fixed: { type: String(type) } });
  return (
    <section id="newsletter" aria-labelledby={`${id}-title`} className="py-14 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="grid gap-8 rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-10 lg:grid-cols-2 lg:items-center dark:bg-slate-900 dark:ring-slate-700">
          <div>
            <p className="eyebrow flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4" /> Newsletter
            </p>
            <h2 id={`${id}-title`} className="mt-2 text-2xl font-extrabold tracking-tight sm:text-3xl">
              Fuel news, straight to your inbox
            </h2>
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              New cities, fleet fueling tips and the occasional offer. About once a month; unsubscribe with one click.
            </p>
          </div>
          <div>
            <FormShell form={form} consent={NewsletterConsentLine} labelledBy={`${id}-title`} submitLabel="Subscribe" layout="inline">
              <TextInput
                control={form.field("email")}
                label="Email"
                type="email"
                inputMode="email"
                autoComplete="email"
                spellCheck={false}
                maxLength={254}
                placeholder="you@company.com"
              />
            </FormShell>
          </div>
        </div>
      </div>
    </section>
  );
}
