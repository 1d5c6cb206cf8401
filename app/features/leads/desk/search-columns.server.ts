import { contactOf } from "~/features/leads/forms/registry";
import { foldText } from "~/shared/fold-text";
import { leadCity, type PlaceLookup } from "~/shared/place";

export { foldText };

/**
 * The columns the desk searches and filters on, taken from a submission when it is stored
 * (and backfilled by migration 004 for older rows). Every search compares normalised text
 * with equality or a prefix range on an indexed column, so a search stays an index lookup
 * at a million leads instead of a scan through the JSON payloads.
 */

export interface SearchColumns {
  /** lower-cased e-mail address. */
  email_norm: string;
  /** "first last" as the search compares it (`foldText`: "O’Brien" is "obrien"); null for business forms. */
  name_norm: string | null;
  /** The last name alone, so "smith" finds "John Smith" (`foldText`). */
  last_norm: string | null;
  /** The business or company name (`foldText`). */
  business_norm: string | null;
  /** The phone number's digits, without a leading US country code. */
  phone_norm: string | null;
  zip: string | null;
  /** The city as typed, else the one its address names, else its ZIP code's (shown in the inbox, searched). */
  city: string | null;
}

/** Lower case, Unicode-normalised, inner spaces collapsed, trimmed. */
export function normaliseText(value: string): string {
  return value.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Digits only, a leading US country code dropped: "+1 (214) 555-0100" → "2145550100". */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D+/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
const fold = (v: unknown): string | null => {
  const t = text(v);
  return t === null ? null : foldText(t) || null;
};

/**
 * The searchable columns of one submission (kind and payload as stored): name, business,
 * phone, ZIP code and city are its form's contact projection (`contactOf`). With the ZIP
 * data's `places`, a lead without a typed city takes the one its address names or its
 * ZIP code's (shared/place.ts), so sales finds every lead by its town.
 */
export function searchColumns(email: string, payload: Record<string, unknown>, kind?: string, places?: PlaceLookup): SearchColumns {
  const contact = contactOf(kind, payload);
  const city = places ? leadCity(contact, places) : contact.city || null;
  const last = text(payload.lastName);
  return {
    email_norm: normaliseText(email),
    name_norm: fold(contact.name),
    last_norm: fold(last),
    business_norm: fold(contact.business),
    phone_norm: contact.phone ? phoneDigits(contact.phone) || null : null,
    zip: contact.zip ? contact.zip.slice(0, 10) : null,
    city: city ? city.slice(0, 80) : null,
  };
}
