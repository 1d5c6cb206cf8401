import { typeCodes } from "~/shared/forms/define";
import type { FormSpec } from "~/shared/forms/form-spec";
import { type FormType, type FormVariant, isFormType } from "./form-types";
import { fleetSignupSpec } from "./kinds/fleet";
import { businessLeadSpec } from "./kinds/lead-business";
import { personalLeadSpec } from "./kinds/lead-personal";
import { saasLeadSpec } from "./kinds/lead-saas";
import { newsletterSpec } from "./kinds/newsletter";
import { quoteBusinessSpec } from "./kinds/quote-business";
import { quoteShortSpec } from "./kinds/quote-short";
import { waitlistSpec } from "./kinds/waitlist";

type Body = Record<string, unknown>;

/**
 * Every public form, one line each: its module (`kinds/`) holds its fields, rules,
 * messages, choices, payload and type codes. The JSON API finds a body's form here by
 * its endpoint and, where forms share one, by the form's `takes` (by default the type
 * code on /web/form); the no-JavaScript page action by the `_form` field (the form's
 * `kind`); the desk names type codes from it. Pages import only the modules of the
 * forms they show, never this list, so no page carries every form.
 */
export const forms: readonly FormSpec[] = [
  newsletterSpec,
  personalLeadSpec,
  businessLeadSpec,
  saasLeadSpec,
  fleetSignupSpec,
  quoteShortSpec,
  quoteBusinessSpec,
  waitlistSpec,
];

const byKind = new Map(forms.map((f) => [f.kind, f]));

/** The form a no-JavaScript post names in its `_form` field. */
export function formByKind(kind: unknown): FormSpec | undefined {
  return typeof kind === "string" ? byKind.get(kind) : undefined;
}

function takes(spec: FormSpec, body: Body): boolean {
  if (spec.takes) return spec.takes(body);
  if (spec.types) return isFormType(body.type) && Object.hasOwn(spec.types, body.type);
  return true;
}

/** The form a JSON body sent to `endpoint` is, or undefined when none of that endpoint's forms takes it. */
export function formForBody(endpoint: string, body: Body): FormSpec | undefined {
  return forms.find((f) => f.endpoint === endpoint && takes(f, body));
}

interface FormTypeInfo {
  label: string;
  variant: FormVariant;
}

/** The twenty form type codes (spec section 3), from the forms that take them. */
export const formTypes = {} as Record<FormType, FormTypeInfo>;
for (const f of forms) {
  for (const code of typeCodes(f)) {
    const label = f.types?.[code];
    if (label && f.variant && !formTypes[code]) formTypes[code] = { label, variant: f.variant };
  }
}

export const formTypeCodes = (Object.keys(formTypes).map(Number) as FormType[]).sort((a, b) => a - b);
