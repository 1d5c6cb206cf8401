import { empty, fromRules, fromWireRules, options, plain, toNumber } from "~/features/leads/forms/define";
import { compact, type Values } from "~/shared/forms/form-spec";
import type { LeadFormSpec, FormKind } from "../kind";
import type * as Rules from "../schemas";
import { quoteTypes } from "./quote-short";

/**
 * The business quote form of /getafleet (POST /campaign/createCampaign, spec 9): the
 * business, its address (filled from the chosen suggestion, or without JavaScript from
 * the ZIP code), fleet, fuel and delivery window; sent with the campaign dates of the
 * current year.
 */

export const employeeSizes = ["10-50", "50-100", "100-200", "200-500", "500-1000"] as const;
export type EmployeeSize = (typeof employeeSizes)[number];
export const employeeSizeOptions = options(employeeSizes, {
  "10-50": "10–50",
  "50-100": "50–100",
  "100-200": "100–200",
  "200-500": "200–500",
  "500-1000": "500–1,000",
});

const quoteFuelTypes = ["Gasoline", "Diesel Clear/Red", "Others"] as const;
export const quoteFuelTypeOptions = options(quoteFuelTypes, { "Diesel Clear/Red": "Diesel (clear or red)" });

const tankTypes = ["Over Ground", "Under Ground"] as const;
export const tankTypeOptions = options(tankTypes, { "Over Ground": "Above ground", "Under Ground": "Underground" });

const frequencies = ["daily", "alternate", "weekly"] as const;
export const frequencyOptions = options(frequencies, { daily: "Daily", alternate: "Every other day", weekly: "Weekly" });

/**
 * Employee-size range to the number sent (spec 9, corrected by docs/deviations.md: every range
 * maps to its upper bound, so 200-500 is 500 and 500-1000 is 1000).
 */
export const employeeSizeValue: Record<EmployeeSize, number> = {
  "10-50": 50,
  "50-100": 100,
  "100-200": 200,
  "200-500": 500,
  "500-1000": 1000,
};

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** The six 4-hour delivery windows of spec 9, as milliseconds from midnight. */
export const deliveryWindows = [0, 4, 8, 12, 16, 20].map((h) => {
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    value: `${pad(h)}-${pad(h + 4)}`,
    label: `${pad(h)}:00 – ${pad(h + 4)}:00`,
    start: h * HOUR_MS,
    end: (h + 4) * HOUR_MS,
  };
});

/** "08-12" → { start: 28 800 000, end: 43 200 000 }; undefined for anything else. */
export function deliveryWindowMs(value: string): { start: number; end: number } | undefined {
  const w = deliveryWindows.find((x) => x.value === value);
  return w && { start: w.start, end: w.end };
}

/** The window a start/end pair came from (for showing a stored quote back). */
export function deliveryWindowOf(start: number, end: number): string | undefined {
  return deliveryWindows.find((w) => w.start === start && w.end === end)?.value;
}

/**
 * The campaign runs for the current calendar year: from the first millisecond of
 * 1 January to the last millisecond of 31 December, in the visitor's time zone.
 */
export function campaignDates(now: Date = new Date()): { campaignStartDate: number; campaignEndDate: number } {
  const year = now.getFullYear();
  return {
    campaignStartDate: new Date(year, 0, 1, 0, 0, 0, 0).getTime(),
    campaignEndDate: new Date(year, 11, 31, 23, 59, 59, 999).getTime(),
  };
}

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
function formatBusinessAddress(v: Values): string | undefined {
  const street = v.address2?.trim();
  const city = v.city?.trim();
  if (!street || !city) return undefined;
  const stateZip = [v.state?.trim(), v.zipCode?.trim()].filter(Boolean).join(" ");
  return [street, city, stateZip].filter(Boolean).join(", ");
}

export function quoteBusinessPayload(v: Values, now: Date = new Date()): Record<string, unknown> {
  const window = deliveryWindowMs(v.deliveryWindow ?? "");
  const size = v.employeeSize as EmployeeSize;
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
export const quoteBusinessSpec = {
  kind: "quote-business",
  label: "Business quote",
  endpoint: "/campaign/createCampaign",
  types: quoteTypes,
  layout: "quote",
  takes: (body) => "businessName" in body,
  initial: empty(quoteBusinessFields),
  schema: fromRules(quoteBusinessRules),
  wireSchema: fromWireRules(quoteBusinessRules),
  toPayload: (v) => quoteBusinessPayload(v),
  fieldOf: (f) => quoteBusinessFieldOf[f] ?? f,
  addressFromZip: true,
} satisfies LeadFormSpec;

/** What the server keeps of this form: labels of its fields and who sent it (kind.ts). */
export const quoteBusiness = {
  spec: quoteBusinessSpec,
  labels: {
    businessName: "Business name",
    phoneNumber: "Phone (quote)",
    businessAddress: "Business address",
    address2: "Street address",
    address1: "Place name",
    county: "County",
    state: "State",
    country: "Country",
    lat: "Latitude",
    long: "Longitude",
    employeeSize: "Employees",
    fleetSize: "Fleet size",
    fuelType: "Fuel type",
    tankType: "Tank type",
    gallons: "Gallons",
    numberOfLocation: "Number of locations",
    frequency: "Delivery frequency",
    deliveryWindowStartTime: "Delivery window starts",
    deliveryWindowEndTime: "Delivery window ends",
    campaignStartDate: "Campaign starts",
    campaignEndDate: "Campaign ends",
    descriptionQuote: "Quote details",
  },
  contact: { business: "businessName", phone: "phoneNumber", zip: "zipCode", city: "city", address: "businessAddress" },
} satisfies FormKind;

const windowStarts = deliveryWindows.map((w) => w.start);
const DELIVERY_WINDOW = "Please select a delivery window";

export function quoteBusinessRules(r: typeof Rules) {
  const z = r.zod;
  return z
    .strictObject({
      businessName: r.businessName(),
      email: r.email(),
      phoneNumber: r.phoneNumber(),
      businessAddress: r.requiredText({ required: "Please enter the street address", invalid: "Please enter the street address", max: 400 }),
      address2: r.requiredText({ required: "Please enter the street address", invalid: "Please enter the street address", max: r.LIMITS.address }),
      address1: r.optionalText(r.LIMITS.city),
      city: r.requiredText({ required: "City name required", invalid: "City name required", max: r.LIMITS.city }),
      state: r.state("Please select a state"),
      zipCode: r.zipCode(),
      county: r.optionalText(r.LIMITS.county),
      country: r.optionalText(r.LIMITS.country),
      lat: r.optionalText(20, false, { re: r.COORDINATE_PATTERN, message: "Must be a latitude" }),
      long: r.optionalText(20, false, { re: r.COORDINATE_PATTERN, message: "Must be a longitude" }),
      employeeSize: r.numeric(z.custom<number>((v) => Object.values(employeeSizeValue).includes(v as number), { error: "Please select employee size" })),
      fleetSize: r.count("Please enter fleet size", "Please enter fleet size", 100_000),
      gallons: r.count("Please enter gallons", "Please enter gallons", 10_000_000),
      numberOfLocation: r.count("Number of location is required", "Must be only digits", 10_000),
      frequency: r.choice(frequencies, "Please select Frequency"),
      fuelType: r.choice(quoteFuelTypes, "Please select fuel type"),
      tankType: r.choice(tankTypes, "Please select tank type"),
      deliveryWindowStartTime: r.numeric(z.custom<number>((v) => windowStarts.includes(v as number), { error: DELIVERY_WINDOW })),
      deliveryWindowEndTime: r.integer(DELIVERY_WINDOW),
      campaignStartDate: r.integer("Campaign dates are required"),
      campaignEndDate: r.integer("Campaign dates are required"),
      descriptionQuote: r.optionalText(r.LIMITS.message, true),
      type: r.typeIn(),
      ...r.metaShape,
    })
    .check(
      z.refine((q) => q.deliveryWindowEndTime === q.deliveryWindowStartTime + 4 * 60 * 60 * 1000, {
        path: ["deliveryWindowEndTime"],
        error: DELIVERY_WINDOW,
        when: (p) => {
          const v = p.value as Record<string, unknown>;
          return typeof v.deliveryWindowStartTime === "number" && typeof v.deliveryWindowEndTime === "number";
        },
      }),
      z.refine((q) => q.campaignEndDate > q.campaignStartDate, {
        path: ["campaignEndDate"],
        error: "The campaign must end after it starts",
        when: (p) => {
          const v = p.value as Record<string, unknown>;
          return typeof v.campaignStartDate === "number" && typeof v.campaignEndDate === "number";
        },
      }),
    );
}
