import { empty, fromRules, fromWireRules, options, typeCodes, withType } from "~/features/leads/forms/define";
import type { LeadFormSpec, FormKind } from "../kind";
import type * as Rules from "../schemas";

/**
 * The fleet scheduled-fueling sign-up (POST /web/form, type 17, spec 3): choosing a city
 * fills its ZIP and state. The spec names the fields; we give the choices.
 */
const fields = ["firstName", "lastName", "email", "phone", "companyName", "city", "stateId", "zipCode", "fleetSize", "fleetType"];

const types = { 17: "Fleet scheduled fueling sign-up" } as const;
export const FLEET_SIGNUP_TYPE = 17;

const fleetSignupSizes = ["1-10", "11-50", "51-200", "201-500", "500+"] as const;
export const fleetSignupSizeOptions = options(fleetSignupSizes, {
  "1-10": "1–10 vehicles",
  "11-50": "11–50 vehicles",
  "51-200": "51–200 vehicles",
  "201-500": "201–500 vehicles",
  "500+": "More than 500 vehicles",
});
const fleetTypes = ["Cars and vans", "Pickup and box trucks", "Semi trucks", "Construction equipment", "Buses", "Mixed fleet"] as const;
export const fleetTypeOptions = options(fleetTypes);

function fleetSignupRules(r: typeof Rules) {
  return r.zod.strictObject({
    firstName: r.firstName(),
    lastName: r.requiredText({ required: "Last name Required", invalid: "Please enter valid lastname", max: r.LIMITS.name, pattern: r.NAME_PATTERN }),
    email: r.email(),
    phone: r.writtenPhone("Phone number required", "Phone number is not valid"),
    companyName: r.requiredText({
      required: "Company name required",
      invalid: "Please enter valid companyname",
      max: r.LIMITS.businessName,
      pattern: r.BUSINESS_NAME_PATTERN,
    }),
    city: r.requiredText({ required: "City name required", invalid: "City name required", max: r.LIMITS.city }),
    stateId: r.state("Please select a state"),
    zipCode: r.zipCode(),
    fleetSize: r.choice(fleetSignupSizes, "fleetsize is required"),
    fleetType: r.choice(fleetTypes, "fleettype is required"),
    type: r.typeIn(typeCodes({ types })),
    ...r.metaShape,
  });
}

/**
 * Spec 5 requires neither state nor ZIP on the fleet sign-up, and names no choices for
 * its fleet size and type: the API keeps any answer. A field that is sent is still checked.
 */
function fleetSignupWireRules(r: typeof Rules) {
  return r.zod.extend(fleetSignupRules(r), {
    stateId: r.wire.optionalState("Please select a state"),
    zipCode: r.optionalDigits(r.LIMITS.zip),
    fleetSize: r.wire.text("fleetsize is required", r.LIMITS.name),
    fleetType: r.wire.text("fleettype is required", r.LIMITS.name),
  });
}

export const fleetSignupSpec = {
  kind: "fleet",
  label: "Fleet sign-up",
  endpoint: "/web/form",
  types,
  layout: "fleet",
  initial: empty(fields),
  schema: fromRules(fleetSignupRules),
  wireSchema: fromWireRules(fleetSignupWireRules),
  toPayload: (v) => withType(v, fields),
} satisfies LeadFormSpec;

/** What the server keeps of this form: labels of its fields and who sent it (kind.ts). */
export const fleetSignup = {
  spec: fleetSignupSpec,
  labels: { companyName: "Company name", stateId: "State (fleet sign-up)", fleetSize: "Fleet size", fleetType: "Fleet type" },
  contact: { name: ["firstName", "lastName"], business: "companyName", phone: "phone", zip: "zipCode", city: "city" },
} satisfies FormKind;
