import { empty, fromRules, withType } from "~/features/leads/forms/define";
import type { LeadFormSpec, FormKind } from "../kind";
import type * as Rules from "../schemas";

/**
 * The newsletter sign-up (POST /web/suscribe): an e-mail address and where it was given.
 * Its type codes are a numbering of their own (spec 2.3, 2.4, section 3).
 */
export type NewsletterType = 1 | 3 | 4;
export const newsletterTypes: Record<NewsletterType, string> = {
  1: "Retail and surface parking lots",
  3: "Careers",
  4: "Home",
};

const fields = ["email"];

function newsletterRules(r: typeof Rules) {
  return r.zod.strictObject({
    email: r.requiredText({ required: "Email Is Required", invalid: "Email Should be valid", max: r.LIMITS.email, pattern: r.EMAIL_PATTERN }),
    type: r.numeric(r.zod.custom<NewsletterType>((v) => typeof v === "number" && v in newsletterTypes, { error: r.UNKNOWN_TYPE })),
    ...r.metaShape,
  });
}

export const newsletterSpec = {
  kind: "newsletter",
  label: "Newsletter",
  endpoint: "/web/suscribe",
  initial: empty(fields),
  schema: fromRules(newsletterRules),
  toPayload: (v) => withType(v, fields),
} satisfies LeadFormSpec;

/** What the server keeps of this form: labels of its fields and who sent it (kind.ts). */
export const newsletter = {
  spec: newsletterSpec,
  contact: {},
  lead: false,
} satisfies FormKind;
