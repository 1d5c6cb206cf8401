import { empty, fromRules, fromWireRules, typeCodes, withType } from "~/features/leads/forms/define";
import type { LeadFormSpec, FormKind } from "../kind";
import type * as Rules from "../schemas";

/** The SaaS pages' enquiry (POST /web/form; docs/deviations.md: they submit, as type 18): city and message optional. */
const fields = ["firstName", "lastName", "email", "city", "zipCode", "message"];

const types = { 18: "Software licensing (Fillway Cloud)" } as const;

function saasLeadRules(r: typeof Rules) {
  return r.zod.strictObject({
    firstName: r.firstName(),
    lastName: r.lastName(),
    email: r.email(),
    city: r.optionalText(r.LIMITS.city),
    zipCode: r.zipCode(),
    message: r.optionalText(r.LIMITS.message, true),
    type: r.typeIn(typeCodes({ types })),
    ...r.metaShape,
  });
}

export const saasLeadSpec = {
  kind: "lead-saas",
  label: "Software enquiry",
  endpoint: "/web/form",
  types,
  layout: "saas",
  initial: empty(fields),
  schema: fromRules(saasLeadRules),
  wireSchema: fromWireRules(saasLeadRules),
  toPayload: (v) => withType(v, fields),
} satisfies LeadFormSpec;

/** What the server keeps of this form: labels of its fields and who sent it (kind.ts). */
export const saasLead = {
  spec: saasLeadSpec,
  contact: { name: ["firstName", "lastName"], zip: "zipCode", city: "city" },
} satisfies FormKind;
