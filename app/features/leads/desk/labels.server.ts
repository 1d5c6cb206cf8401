import { type NewsletterType, newsletterTypes } from "~/features/leads/forms/kinds/newsletter";
import { deliveryWindowOf, deliveryWindows, employeeSizeValue } from "~/features/leads/forms/kinds/quote-business";
import { fleetSignupSizeOptions } from "~/features/leads/forms/kinds/fleet";
import { contactOf, formKinds, forms, formTypeCodes, formTypes, leadFormKinds, storedFieldLabels } from "~/features/leads/forms/registry";
import { stateName } from "~/shared/forms/us-states";

/** The forms whose submissions are leads (a newsletter sign-up is a subscriber). */
export type LeadKind = string;
export const leadKinds: LeadKind[] = leadFormKinds();

/** How the desk names each form (the `kind` stored with a lead): the form module's label. */
export function kindLabel(kind: string): string {
  const f = forms.find((x) => x.kind === kind);
  return f?.label ?? kind;
}

/** A type code in words: "Gasoline (9)"; newsletter codes name the page the sign-up was on. */
export function typeLabel(type: number, kind?: string): string {
  if (kind === "newsletter") {
    const words = (newsletterTypes as Record<number, string>)[type];
    return words ? `${words} newsletter (${type})` : `Type ${type}`;
  }
  // A waitlist sign-up carries the code of the page it was on: it is not that page's enquiry.
  if (kind === "waitlist") return `Waitlist (${type})`;
  const info = formTypes[type];
  return info ? `${info.label} (${type})` : `Type ${type}`;
}

export const typeOptions = formTypeCodes.map((t) => ({ value: String(t), label: typeLabel(t) }));

export const leadStatuses = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export const statusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

/** Newsletter subscriptions: the type code names the page (spec 2.3). */
export const subscriberTypes = { home: 4, careers: 3, retail: 1 } as const satisfies Record<string, NewsletterType>;
export type SubscriberType = keyof typeof subscriberTypes;
export const subscriberTypeLabels: Record<SubscriberType, string> = { home: "Home", careers: "Careers", retail: "Retail" };
/** pending: signed up, not yet confirmed by the address; subscribed: confirmed (the only ones that count). */
export const subscriberStatuses = ["pending", "subscribed", "unsubscribed"] as const;
export const subscriberStatusLabels: Record<(typeof subscriberStatuses)[number], string> = {
  pending: "Waiting for confirmation",
  subscribed: "Confirmed",
  unsubscribed: "Unsubscribed",
};
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/**
 * The order the desk shows and exports stored fields in. Labels come from the form
 * modules (`labels` in each kind, kind.ts); a field not named here follows these, in
 * registry order, so a new form needs no line here.
 */
const deskOrder = [
  "firstName",
  "lastName",
  "businessName",
  "bussinessName",
  "companyName",
  "email",
  "phone",
  "phoneNumber",
  "businessAddress",
  "bussinessAddress",
  "address2",
  "address1",
  "city",
  "county",
  "state",
  "stateId",
  "zipCode",
  "market",
  "status",
  "country",
  "lat",
  "long",
  "companySize",
  "employeeSize",
  "fleetSize",
  "fleetType",
  "fuelType",
  "tankType",
  "gallons",
  "numberOfLocation",
  "frequency",
  "deliveryWindowStartTime",
  "deliveryWindowEndTime",
  "campaignStartDate",
  "campaignEndDate",
  "message",
  "descriptionQuote",
];

/**
 * Every field any public form stores, in the order the desk shows and exports them,
 * with its label (the type code last). One CSV column per entry, whatever the form.
 * Read when asked, so a form added at run time (registerForm) is included.
 */
export function payloadFields(): [string, string][] {
  // Forms are only ever added (registerForm), so the list is made again only when their number changes;
  // every e-mail to sales and every lead page reads it.
  const count = formKinds().length;
  if (fieldsCache?.count === count) return fieldsCache.fields;
  const labels = storedFieldLabels();
  const rank = (k: string) => (k === "type" ? Number.POSITIVE_INFINITY : deskOrder.includes(k) ? deskOrder.indexOf(k) : deskOrder.length);
  const keys = [...labels.keys()].map((k, i) => ({ k, i })).sort((a, b) => rank(a.k) - rank(b.k) || a.i - b.i);
  const fields: [string, string][] = keys.map(({ k }) => [k, labels.get(k) ?? k]);
  fieldsCache = { count, fields };
  return fields;
}
let fieldsCache: { count: number; fields: [string, string][] } | undefined;

/** The number the quote form sends for an employee range (its upper bound) back to the range the visitor chose. */
const employeeRanges = new Map(Object.entries(employeeSizeValue).map(([range, n]) => [n, range.replace("-", "–")]));

const frequencyWords: Record<string, string> = { daily: "Daily", alternate: "Every other day", weekly: "Weekly" };
const tankWords: Record<string, string> = { "Over Ground": "Above ground", "Under Ground": "Underground" };
/** The forms' fuel choices, as the specification spells their values, in words sales reads. */
const fuelWords: Record<string, string> = {
  "Diesel Clear/Red": "Diesel (clear or red)",
  Others: "Other fuel",
  "Gasoline with clear diesel plus DEF": "Gasoline, clear diesel and DEF",
  "Red diesel plus DEF with gasoline": "Red diesel, DEF and gasoline",
  "Diesel/DEF other": "Diesel or DEF, other",
};
/** The fleet sign-up's size ranges ("1-10"), in its own words ("1–10 vehicles"). */
const fleetSizeWords: Record<string, string> = Object.fromEntries(fleetSignupSizeOptions.map((o) => [o.value, o.label]));
/** The country the address suggestion and the ZIP look-up fill in, as a code. */
const countryWords: Record<string, string> = { US: "United States" };
/** The waitlist's answer of the ZIP check (service-area's ServiceStatus). */
const serviceWords: Record<string, string> = { served: "Served", "coming-soon": "Coming soon", "not-served": "Not served yet" };

const HOUR = 3_600_000;
/** 28 800 000 → "08:00". */
function timeOfDay(ms: number): string {
  const h = Math.floor(ms / HOUR);
  const m = Math.round((ms % HOUR) / 60_000);
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

const dateWords = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const DAY = 86_400_000;

/**
 * The calendar date a visitor meant by a campaign bound, as UTC midnight of that date. The
 * quote form sends the first millisecond of 1 January and the last of 31 December in the
 * visitor's own zone (quote-business.ts), and not the zone: read in UTC (or in the staff
 * member's zone) the end read "January 1" for a visitor west of UTC and the start "December
 * 31" for one east of it. A local midnight lies within 12 hours of the same date's UTC
 * midnight for every offset from -12 to +12 hours (every US zone), so the nearest UTC
 * midnight is the date meant (noon UTC, as the API's callers send a date, is that date); a
 * day's last millisecond (…:59.999) is read from the midnight after it. Zones 12 hours or
 * more ahead of UTC (Fiji, New Zealand, Samoa, Kiribati) read a day early.
 */
export function visitorsDate(ms: number): Date | null {
  if (!Number.isFinite(ms)) return null;
  const lastOfDay = ((ms % 60_000) + 60_000) % 60_000 === 59_999;
  const nearest = (t: number) => Math.floor((t + DAY / 2 - 1) / DAY) * DAY;
  const d = new Date(lastOfDay ? nearest(ms + 1) - DAY : nearest(ms));
  return Number.isNaN(d.getTime()) ? null : d;
}
/** "Nov 23, 2026, 1:11 PM UTC" for a stored ISO time. */
export { formatWhen } from "~/shared/when";

/** A stored field's value as a person reads it (a time of day, a date, a state name). */
export function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && (key === "deliveryWindowStartTime" || key === "deliveryWindowEndTime")) return timeOfDay(value);
  if (typeof value === "number" && (key === "campaignStartDate" || key === "campaignEndDate")) {
    const d = visitorsDate(value);
    return d ? dateWords.format(d) : String(value);
  }
  if (key === "frequency" && typeof value === "string") return frequencyWords[value] ?? value;
  if (key === "employeeSize" && employeeRanges.has(Number(value))) return employeeRanges.get(Number(value)) ?? String(value);
  if (key === "tankType" && typeof value === "string") return tankWords[value] ?? value;
  if (key === "fuelType" && typeof value === "string") return fuelWords[value] ?? value;
  if (key === "status" && typeof value === "string") return serviceWords[value] ?? value;
  if (key === "fleetSize" && typeof value === "string") return fleetSizeWords[value] ?? value;
  if (key === "country" && typeof value === "string") return countryWords[value.toUpperCase()] ?? value;
  if ((key === "state" || key === "stateId") && typeof value === "string") {
    const name = stateName(value);
    return name ? `${name} (${value})` : value;
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export interface LabelledField {
  key: string;
  label: string;
  value: string;
  /** A short mark beside the value ("ZIP incomplete"), when it is shorter than a full one. */
  mark?: string;
}

/**
 * A stored payload as labelled fields in the desk's order; the quote's delivery window
 * becomes one line in words ("08:00 to 12:00 each delivery day"). Unknown keys follow,
 * under their own names, so nothing sent is hidden.
 */
export function labelledFields(payload: Record<string, unknown>): LabelledField[] {
  const out: LabelledField[] = [];
  const start = payload.deliveryWindowStartTime;
  const end = payload.deliveryWindowEndTime;
  const fields = payloadFields();
  const fieldLabel = new Map(fields);
  for (const [key, label] of fields) {
    if (!(key in payload) || key === "type") continue;
    if (key === "deliveryWindowStartTime" && typeof start === "number" && typeof end === "number") {
      const known = deliveryWindowOf(start, end);
      const words = deliveryWindows.find((w) => w.value === known)?.label.replace(" – ", " to ");
      out.push({ key: "deliveryWindow", label: "Delivery window", value: words ?? `${timeOfDay(start)} to ${timeOfDay(end)}` });
      continue;
    }
    if (key === "deliveryWindowEndTime" && typeof start === "number" && typeof end === "number") continue;
    const mark = incompleteMark(key, payload[key]);
    out.push({ key, label, value: formatValue(key, payload[key]), ...(mark ? { mark } : {}) });
  }
  for (const key of Object.keys(payload)) {
    if (!fieldLabel.has(key)) out.push({ key, label: key, value: formatValue(key, payload[key]) });
  }
  return out;
}

/** The person or business a lead is from, for the inbox's "Who" column (its form's contact projection). */
export function whoOf(payload: Record<string, unknown>, kind?: string): string {
  const { name, business } = contactOf(kind, payload);
  if (name && business) return `${name}, ${business}`;
  return name || business;
}

/**
 * The API keeps the specification's rule (a ZIP code of up to 5 digits, a phone number of
 * up to 10 characters) while our pages ask for 5 and 10 digits: a lead sent by another
 * client may hold a part of one. Such a value is marked, so sales knows to ask for the rest.
 */
export function incompleteMark(key: string, value: unknown): string | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const digits = value.replace(/\D/g, "").length;
  if (key === "zipCode") return digits < 5 ? "ZIP incomplete" : undefined;
  if (key === "phone" || key === "phoneNumber") return digits < 10 ? "phone incomplete" : undefined;
  return undefined;
}

/** The marks of a lead's ZIP code and phone number, for the inbox row. */
export function incompleteMarks(payload: Record<string, unknown>): string[] {
  return ["zipCode", "phone", "phoneNumber"].flatMap((k) => incompleteMark(k, payload[k]) ?? []);
}

export function phoneOf(payload: Record<string, unknown>, kind?: string): string {
  return contactOf(kind, payload).phone;
}

export function parsePayload(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
