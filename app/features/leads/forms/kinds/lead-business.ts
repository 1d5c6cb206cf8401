import { empty, fromRules, fromWireRules, options, typeCodes, withType } from "~/features/leads/forms/define";
import type { LeadFormSpec, FormKind } from "../kind";
import type * as Rules from "../schemas";

/**
 * The business contact form (POST /web/form, spec 3 and 5): company fields instead of
 * names. docs/deviations.md: the wire field stays `bussinessName` and carries the businessName rules.
 */
const fields = ["bussinessName", "email", "phone", "zipCode", "bussinessAddress", "companySize", "fleetSize", "fuelType", "message"];

const types = {
  5: "Telematics and fuel management software",
  13: "Business fleets, campuses and venues",
  14: "Automated fleet fueling",
  20: "Automated fleet fueling, register now",
} as const;

const companySizes = ["10-50", "50-100", "100-200"] as const;
const leadFleetSizes = ["10", "20", "30"] as const;
const leadFuelTypes = ["Gasoline with clear diesel plus DEF", "Red diesel plus DEF with gasoline", "Diesel/DEF other"] as const;

export const companySizeOptions = options(companySizes, {
  "10-50": "10–50 employees",
  "50-100": "50–100 employees",
  "100-200": "100–200 employees",
});
export const leadFleetSizeOptions = options(leadFleetSizes, { "10": "10 vehicles", "20": "20 vehicles", "30": "30 vehicles" });
export const leadFuelTypeOptions = options(leadFuelTypes);

function businessLeadRules(r: typeof Rules) {
  return r.zod.strictObject({
    bussinessName: r.businessName(),
    email: r.email(),
    phone: r.phone(),
    zipCode: r.zipCode(),
    bussinessAddress: r.optionalText(r.LIMITS.address),
    companySize: r.choice(companySizes, "Please enter company size"),
    fleetSize: r.choice(leadFleetSizes, "Please enter fleet size"),
    fuelType: r.choice(leadFuelTypes, "Please select fuel type"),
    message: r.optionalText(r.LIMITS.message, true),
    type: r.typeIn(typeCodes({ types })),
    ...r.metaShape,
  });
}

export const businessLeadSpec = {
  kind: "lead-business",
  label: "Business contact form",
  endpoint: "/web/form",
  types,
  layout: "business",
  initial: empty(fields),
  schema: fromRules(businessLeadRules),
  // Spec 5 does not require a phone number on the business form; our page does.
  wireSchema: fromWireRules((r) => r.zod.extend(businessLeadRules(r), { phone: r.optionalDigits(r.LIMITS.phone) })),
  toPayload: (v) => withType(v, fields),
} satisfies LeadFormSpec;

/** What the server keeps of this form: labels of its fields and who sent it (kind.ts). */
export const businessLead = {
  spec: businessLeadSpec,
  labels: {
    bussinessName: "Business name (contact form)",
    bussinessAddress: "Business address (contact form)",
    companySize: "Company size",
    fleetSize: "Fleet size",
    fuelType: "Fuel type",
  },
  contact: { business: "bussinessName", phone: "phone", zip: "zipCode", address: "bussinessAddress" },
} satisfies FormKind;
