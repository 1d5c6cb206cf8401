import type { FormSpec } from "./form-spec";
import { type FormVariant, formTypes, isFormType } from "./form-types";
import { quoteBusinessSpec, quoteShortSpec } from "./quote-specs";
import { businessLeadSpec, fleetSignupSpec, newsletterSpec, personalLeadSpec, saasLeadSpec } from "./specs";
import { waitlistSpec } from "./waitlist-spec";

type Body = Record<string, unknown>;

/** The /web/form bodies whose type code shows this variant of the contact form (form-types.ts). */
const typeShows = (variant: FormVariant) => (body: Body) => isFormType(body.type) && formTypes[body.type].variant === variant;

/**
 * Every public lead form, the one list the server reads: the JSON API finds a body's form
 * by its endpoint and, where forms share one, by `takes` (the type code on /web/form);
 * the no-JavaScript page action by the `_form` field (the spec's `kind`). Pages import
 * only the forms they show, never this list, so no page carries every form.
 *
 * Adding a form: write its FormSpec (fields, payload, schema loader) and its component
 * (`useForm` with that spec), then add one line here.
 */
export const registry: readonly { spec: FormSpec; takes?: (body: Body) => boolean }[] = [
  { spec: newsletterSpec },
  { spec: personalLeadSpec, takes: typeShows("personal") },
  { spec: businessLeadSpec, takes: typeShows("business") },
  { spec: saasLeadSpec, takes: typeShows("saas") },
  { spec: fleetSignupSpec, takes: typeShows("fleet") },
  // The business quote is the one that names a business; the short form does not.
  { spec: quoteShortSpec, takes: (body) => !("businessName" in body) },
  { spec: quoteBusinessSpec, takes: (body) => "businessName" in body },
  { spec: waitlistSpec },
];

export const forms: readonly FormSpec[] = registry.map((r) => r.spec);
const byKind = new Map(forms.map((f) => [f.kind, f]));

/** The form a no-JavaScript post names in its `_form` field. */
export function formByKind(kind: unknown): FormSpec | undefined {
  return typeof kind === "string" ? byKind.get(kind) : undefined;
}

/** The form a JSON body sent to `endpoint` is, or undefined when none of that endpoint's forms takes it. */
export function formForBody(endpoint: string, body: Body): FormSpec | undefined {
  return registry.find((r) => r.spec.endpoint === endpoint && (r.takes?.(body) ?? true))?.spec;
}
