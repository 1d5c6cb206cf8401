import { empty, fromRules, fromWireRules, typeCodes, withType } from "~/features/leads/forms/define";
import type { LeadFormSpec, FormKind } from "../kind";
import type * as Rules from "../schemas";

/** The contact form of most pages (POST /web/form, spec 3 and 5): names, contact details, city, ZIP, message. */
const fields = ["firstName", "lastName", "email", "phone", "city", "zipCode", "message"];

const types = {
  1: "General enquiry (home, FAQ, careers, news)",
  2: "Our process and blog posts",
  3: "Leadership",
  4: "Foundation",
  6: "Fleet vehicles",
  7: "Geofencing",
  8: "Diesel on demand",
  9: "Gasoline",
  10: "Autonomous fleets",
  11: "Fuel technicians and safety",
  12: "Environmental impact",
  15: "Retail and surface parking lots",
  16: "Investors and EV charging",
} as const;

function personalLeadRules(r: typeof Rules) {
  return r.zod.strictObject({
    firstName: r.firstName(),
    lastName: r.lastName(),
    email: r.email(),
    phone: r.phone(),
    city: r.optionalText(r.LIMITS.city),
    zipCode: r.zipCode(),
    message: r.optionalText(r.LIMITS.message, true),
    type: r.typeIn(typeCodes({ types })),
    ...r.metaShape,
  });
}

export const personalLeadSpec = {
  kind: "lead-personal",
  label: "Contact form",
  endpoint: "/web/form",
  types,
  layout: "personal",
  initial: empty(fields),
  schema: fromRules(personalLeadRules),
  wireSchema: fromWireRules(personalLeadRules),
  toPayload: (v) => withType(v, fields),
} satisfies LeadFormSpec;

/** What the server keeps of this form: labels of its fields and who sent it (kind.ts). */
export const personalLead = {
  spec: personalLeadSpec,
  contact: { name: ["firstName", "lastName"], phone: "phone", zip: "zipCode", city: "city" },
} satisfies FormKind;
