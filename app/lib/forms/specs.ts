import { compact, type FormSpec, type Values } from "./form-spec";
import { type FormType, formTypes } from "./form-types";
import { employeeSizes } from "./options";
import { campaignDates, deliveryWindowMs, employeeSizeValue } from "./quote";
import {
  businessLeadSchema,
  fleetSignupSchema,
  newsletterSchema,
  personalLeadSchema,
  quoteBusinessSchema,
  quoteShortSchema,
  saasLeadSchema,
} from "./schemas";

/**
 * Every public form of the site as a FormSpec: its inputs, the call it makes and how
 * its inputs become the JSON of section 3. The browser and the no-JavaScript page action
 * both use these, so a form behaves the same with and without JavaScript.
 */

/** "" → absent; digits → a number; anything else stays text so the schema can say why. */
export function toNumber(v: string | undefined): number | string | undefined {
  const t = (v ?? "").trim();
  if (t === "") return undefined;
  return /^\d{1,15}$/.test(t) ? Number(t) : t;
}

const plain = (v: Values, names: string[]) => compact(Object.fromEntries(names.map((n) => [n, v[n]])));
const withType = (v: Values, names: string[]) => ({ ...plain(v, names), ...compact({ type: toNumber(v.type) }) });
const empty = (names: string[]): Values => Object.fromEntries([...names, "type"].map((n) => [n, ""]));

const newsletterFields = ["email"];
export const newsletterSpec: FormSpec = {
  kind: "newsletter",
  endpoint: "/web/suscribe",
  initial: empty(newsletterFields),
  schema: newsletterSchema,
  toPayload: (v) => withType(v, newsletterFields),
};

const personalFields = ["firstName", "lastName", "email", "phone", "city", "zipCode", "message"];
export const personalLeadSpec: FormSpec = {
  kind: "lead-personal",
  endpoint: "/web/form",
  initial: empty(personalFields),
  schema: personalLeadSchema,
  toPayload: (v) => withType(v, personalFields),
};

const businessFields = ["bussinessName", "email", "phone", "zipCode", "bussinessAddress", "companySize", "fleetSize", "fuelType", "message"];
export const businessLeadSpec: FormSpec = {
  kind: "lead-business",
  endpoint: "/web/form",
  initial: empty(businessFields),
  schema: businessLeadSchema,
  toPayload: (v) => withType(v, businessFields),
};

const saasFields = ["firstName", "lastName", "email", "city", "zipCode", "message"];
export const saasLeadSpec: FormSpec = {
  kind: "lead-saas",
  endpoint: "/web/form",
  initial: empty(saasFields),
  schema: saasLeadSchema,
  toPayload: (v) => withType(v, saasFields),
};

const fleetFields = ["firstName", "lastName", "email", "phone", "companyName", "city", "stateId", "zipCode", "fleetSize", "fleetType"];
export const fleetSignupSpec: FormSpec = {
  kind: "fleet",
  endpoint: "/web/form",
  initial: empty(fleetFields),
  schema: fleetSignupSchema,
  toPayload: (v) => withType(v, fleetFields),
};

const quoteShortFields = ["firstName", "lastName", "email", "phoneNumber", "businessAddress", "city", "zipCode", "descriptionQuote"];
export const quoteShortSpec: FormSpec = {
  kind: "quote-short",
  endpoint: "/campaign/createCampaign",
  initial: empty(quoteShortFields),
  schema: quoteShortSchema,
  toPayload: (v) => withType(v, quoteShortFields),
};

const quoteBusinessText = ["businessName", "email", "phoneNumber", "address2", "address1", "city", "state", "zipCode", "county", "country", "lat", "long", "frequency", "fuelType", "tankType", "descriptionQuote"];
const quoteBusinessFields = [...quoteBusinessText, "employeeSize", "fleetSize", "gallons", "numberOfLocation", "deliveryWindow"];

/** "2100 Ross Avenue, Dallas, TX 75201": the one-line address sales reads first. */
export function formatBusinessAddress(v: Values): string | undefined {
  const street = v.address2?.trim();
  const city = v.city?.trim();
  if (!street || !city) return undefined;
  const stateZip = [v.state?.trim(), v.zipCode?.trim()].filter(Boolean).join(" ");
  return [street, city, stateZip].filter(Boolean).join(", ");
}

export function quoteBusinessPayload(v: Values, now: Date = new Date()): Record<string, unknown> {
  const window = deliveryWindowMs(v.deliveryWindow ?? "");
  const size = v.employeeSize as (typeof employeeSizes)[number];
  return {
    ...plain(v, quoteBusinessText),
    ...compact({
      businessAddress: formatBusinessAddress(v),
      employeeSize: employeeSizes.includes(size) ? employeeSizeValue[size] : v.employeeSize,
      fleetSize: toNumber(v.fleetSize),
      gallons: toNumber(v.gallons),
      numberOfLocation: toNumber(v.numberOfLocation),
      deliveryWindowStartTime: window?.start,
      deliveryWindowEndTime: window?.end,
      type: toNumber(v.type),
    }),
    ...campaignDates(now),
  };
}

const quoteBusinessFieldOf: Record<string, string> = {
  businessAddress: "address2",
  deliveryWindowStartTime: "deliveryWindow",
  deliveryWindowEndTime: "deliveryWindow",
};
export const quoteBusinessSpec: FormSpec = {
  kind: "quote-business",
  endpoint: "/campaign/createCampaign",
  initial: empty(quoteBusinessFields),
  schema: quoteBusinessSchema,
  toPayload: (v) => quoteBusinessPayload(v),
  fieldOf: (f) => quoteBusinessFieldOf[f] ?? f,
};

export const formSpecs = {
  newsletter: newsletterSpec,
  "lead-personal": personalLeadSpec,
  "lead-business": businessLeadSpec,
  "lead-saas": saasLeadSpec,
  fleet: fleetSignupSpec,
  "quote-short": quoteShortSpec,
  "quote-business": quoteBusinessSpec,
} as const satisfies Record<string, FormSpec>;

export type FormKind = keyof typeof formSpecs;

export function isFormKind(k: unknown): k is FormKind {
  return typeof k === "string" && Object.hasOwn(formSpecs, k);
}

/** The spec of the contact form a page of type `type` shows (personal, business, SaaS or fleet). */
export function leadSpecFor(type: FormType): FormSpec | undefined {
  switch (formTypes[type].variant) {
    case "personal":
      return personalLeadSpec;
    case "business":
      return businessLeadSpec;
    case "saas":
      return saasLeadSpec;
    case "fleet":
      return fleetSignupSpec;
    default:
      return undefined;
  }
}
