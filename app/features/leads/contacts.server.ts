import { type RawBuilder, sql } from "kysely";

/**
 * A contact is a person who sent one or more leads: leads with the same normalised e-mail
 * address or phone number (email_norm, phone_norm) are one contact. Its id is the id of
 * its first lead; each later lead stores it in `contact_id` (null on the first), found
 * in the lead's insert by two lookups on the indexes those columns already have
 * (decision record 030).
 */

/**
 * The contact a new lead with this e-mail address and phone number belongs to (normalised
 * as search-columns.server.ts stores them), as the value of its `contact_id` in its own
 * insert (store.server.ts): for each of the two columns, the contact of the person's first
 * lead with that value, read through that column's index; the older of the two when the
 * address names one contact and the phone another; null when it is the person's first lead
 * (and for a newsletter sign-up, given no address or phone). Being part of the insert, it
 * sees the leads committed before and those stored earlier in the same batch, and costs
 * no statement of its own.
 */
export function contactOfNewLead(emailNorm: unknown, phoneNorm: unknown): RawBuilder<number | null> {
  const first = (column: "email_norm" | "phone_norm", value: unknown) =>
    sql`(SELECT coalesce(contact_id, id) FROM leads WHERE ${sql.ref(column)} = ${value} AND kind <> 'newsletter' ORDER BY created_at, id LIMIT 1)`;
  return sql<number | null>`(SELECT min(c) FROM (SELECT ${first("email_norm", emailNorm)} AS c UNION ALL SELECT ${first("phone_norm", phoneNorm)}) AS firsts)`;
}

/** The contact a stored lead belongs to: its contact_id, or itself when it is the first. */
export const contactOfLead = (lead: { id: number; contactId: number | null }) => lead.contactId ?? lead.id;
