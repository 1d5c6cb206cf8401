import type { Kysely } from "kysely";
import { compiledOnce, runCompiled } from "~/platform/db/compiled.server";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";

/**
 * A contact is a person who sent one or more leads: leads with the same normalised e-mail
 * address or phone number (email_norm, phone_norm) are one contact. Its id is the id of
 * its first lead; each later lead stores it in `contact_id` (null on the first), found
 * when the lead is stored by two lookups on the indexes those columns already have
 * (decision record 030).
 */

const firstBy = (db: Db, column: "email_norm" | "phone_norm") =>
  compiledOnce(db.kysely, `lead-contact-by-${column}`, 3, (k) =>
    k.selectFrom("leads").select(["id", "contact_id"]).where(column, "=", "").where("kind", "<>", "newsletter").orderBy("created_at").orderBy("id").limit(1),
  );

/**
 * The contact a new lead with this e-mail address and phone number belongs to (normalised
 * as search-columns.server.ts stores them), or null when it is the person's first. When
 * the address matches one contact and the phone another, the older contact wins.
 */
export async function contactIdFor(db: Db, trx: Kysely<Database>, emailNorm: string | null, phoneNorm: string | null): Promise<number | null> {
  const found: number[] = [];
  for (const [column, value] of [
    ["email_norm", emailNorm],
    ["phone_norm", phoneNorm],
  ] as const) {
    if (!value) continue;
    const [row] = await runCompiled<{ id: number; contact_id: number | null }>(trx, firstBy(db, column), [value, "newsletter", 1]);
    if (row) found.push(Number(row.contact_id ?? row.id));
  }
  return found.length ? Math.min(...found) : null;
}

/** The contact a stored lead belongs to: its contact_id, or itself when it is the first. */
export const contactOfLead = (lead: { id: number; contactId: number | null }) => lead.contactId ?? lead.id;
