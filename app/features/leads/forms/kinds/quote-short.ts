import { empty, fromRules, fromWireRules, withType } from "~/features/leads/forms/define";
import type { LeadFormSpec, FormKind } from "../kind";
import type * as Rules from "../schemas";

/**
 * The short quote form of /getafleet (POST /campaign/createCampaign): the spec leaves its
 * schema unnamed; we ask for what sales needs to call back.
 */
const fields = ["firstName", "lastName", "email", "phoneNumber", "businessAddress", "city", "zipCode", "descriptionQuote"];

/**
 * The quote forms' type code: the specification calls it only "the page type"; 19 is the
 * code left free between 18 and 20, so quotes stay distinguishable from contact forms.
 */
export const QUOTE_FORM_TYPE = 19;
export const quoteTypes = { 19: "Fleet quote (Get a Fleet Quote)" } as const;

function quoteShortRules(r: typeof Rules) {
  return r.zod.strictObject({
    firstName: r.firstName(),
    lastName: r.lastName(),
    email: r.email(),
    phoneNumber: r.phoneNumber(),
    businessAddress: r.requiredText({ required: "Business address is required", invalid: "Business address is required", max: r.LIMITS.address }),
    city: r.optionalText(r.LIMITS.city),
    zipCode: r.zipCode(),
    descriptionQuote: r.optionalText(r.LIMITS.message, true),
    type: r.typeIn(),
    ...r.metaShape,
  });
}

export const quoteShortSpec = {
  kind: "quote-short",
  label: "Quote",
  endpoint: "/campaign/createCampaign",
  types: quoteTypes,
  layout: "quote",
  // The business quote is the one that names a business; the short form does not.
  takes: (body) => !("businessName" in body),
  initial: empty(fields),
  schema: fromRules(quoteShortRules),
  // The specification's short quote form has name inputs but does not send them.
  wireSchema: fromWireRules((r) =>
    r.zod.extend(quoteShortRules(r), {
      firstName: r.optionalText(r.LIMITS.name, false, { re: r.NAME_PATTERN, message: "Please enter valid firstname" }),
      lastName: r.optionalText(r.LIMITS.name, false, { re: r.NAME_PATTERN, message: "Please enter valid lastname" }),
    }),
  ),
  toPayload: (v) => withType(v, fields),
} satisfies LeadFormSpec;

/** What the server keeps of this form: labels of its fields and who sent it (kind.ts). */
export const quoteShort = {
  spec: quoteShortSpec,
  labels: { phoneNumber: "Phone (quote)", businessAddress: "Business address", descriptionQuote: "Quote details" },
  contact: { name: ["firstName", "lastName"], phone: "phoneNumber", zip: "zipCode", city: "city", address: "businessAddress" },
} satisfies FormKind;
