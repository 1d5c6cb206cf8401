import { compact, type FormSpec, type Values } from "./form-spec";
import { employeeSizes } from "./options";
import { campaignDates, deliveryWindowMs, employeeSizeValue } from "./quote";
import { empty, plain, schemas, toNumber, withType } from "./specs";

/**
 * The two quote forms of /getafleet (POST /campaign/createCampaign), kept apart from the
 * contact forms so that other pages do not load them.
 */

const quoteShortFields = ["firstName", "lastName", "email", "phoneNumber", "businessAddress", "city", "zipCode", "descriptionQuote"];
export const quoteShortSpec: FormSpec = {
  kind: "quote-short",
  endpoint: "/campaign/createCampaign",
  initial: empty(quoteShortFields),
  schema: () => schemas().then((m) => m.quoteShortSchema),
  toPayload: (v) => withType(v, quoteShortFields),
};

const quoteBusinessText = [
  "businessName",
  "email",
  "phoneNumber",
  "address2",
  "address1",
  "city",
  "state",
  "zipCode",
  "county",
  "country",
  "lat",
  "long",
  "frequency",
  "fuelType",
  "tankType",
  "descriptionQuote",
];
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
  schema: () => schemas().then((m) => m.quoteBusinessSchema),
  toPayload: (v) => quoteBusinessPayload(v),
  fieldOf: (f) => quoteBusinessFieldOf[f] ?? f,
};
