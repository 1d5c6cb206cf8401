import { formatValue, type LabelledField, labelledFields } from "./desk/labels.server";

/**
 * A lead's fields as its e-mails show them. The desk's labels tell fields of different
 * forms apart ("Phone (quote)", "State (fleet sign-up)"), so one CSV column means one
 * thing; an e-mail is about one lead, so it says "Phone" and "State". The fields a form
 * fills in by itself read as one line each in words: the map position from the address
 * suggestion, the year a quote is for.
 */

/** Fields the quote form fills in by itself from the address suggestion or the date, never typed by the visitor. */
const FILLED_BY_FORM = new Set(["lat", "long", "address1", "country", "campaignStartDate", "campaignEndDate"]);

/** "Phone (quote)" → "Phone": the desk's qualifier between forms, which one lead does not need. */
const plainLabel = (label: string) => label.replace(/ \([^)]*\)$/, "");

/** Labels the desk keeps short for its columns, in the words of a sentence. */
const mailLabels: Record<string, string> = {
  address1: "Place (from the address suggestion)",
  status: "Service at this ZIP code",
};

/** The note to sales: every field, in words; latitude and longitude as one map position, the campaign dates as one period. */
export function salesFields(payload: Record<string, unknown>): LabelledField[] {
  const out: LabelledField[] = [];
  for (const f of labelledFields(payload)) {
    if (f.key === "long" || f.key === "campaignEndDate") continue;
    if (f.key === "lat") {
      const long = formatValue("long", payload.long);
      if (f.value || long) out.push({ key: "position", label: "Map position (latitude, longitude)", value: [f.value, long].filter(Boolean).join(", ") });
      continue;
    }
    if (f.key === "campaignStartDate") {
      const end = formatValue("campaignEndDate", payload.campaignEndDate);
      out.push({ key: "campaign", label: "Quote period", value: end ? `${f.value} to ${end}` : f.value });
      continue;
    }
    // An unknown field keeps its own name, so nothing sent is hidden from sales.
    out.push({ ...f, label: mailLabels[f.key] ?? (f.label === f.key ? f.key : plainLabel(f.label)) });
  }
  return out;
}

/**
 * The fields the visitor filled in, by the names the form showed them (never their
 * values, mail.server.ts): not the ones the form filled in by itself, nor the one-line
 * business address the quote form makes of the street, city, state and ZIP code.
 */
export function receiptFieldNames(payload: Record<string, unknown>): string[] {
  const names = labelledFields(payload)
    // Only fields we have a label for: a field's name is ours, never the sender's.
    .filter((f) => f.label !== f.key && f.value !== "" && !FILLED_BY_FORM.has(f.key))
    .filter((f) => !(f.key === "businessAddress" && typeof payload.address2 === "string" && payload.address2 !== ""))
    .map((f) => mailLabels[f.key] ?? plainLabel(f.label));
  return [...new Set(names)];
}
