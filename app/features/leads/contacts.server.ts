import type { Kysely } from "kysely";
import { compiledOnce, runCompiled } from "~/platform/db/compiled.server";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";

/**
 * A contact is a person who sent one or more leads: leads with the same normalised e-mail
 * address or phone number (email_norm, phone_norm) are one contact. Its id is the id of
 * its first lead; each later lead stores it in `contact_id` (null on the first), found
 * when the lead is stored by one statement of two lookups on the indexes those columns already have
 * (decision record 030).
 */

/** For each of the two columns, the contact of the person's first lead with that value: one statement on the lead's hot path. */
const firstOfEach = (db: Db) =>
  compiledOnce(db.kysely, "lead-contact-by-email-or-phone", 6, (k) =>
    k.selectNoFrom((eb) =>
      (["email_norm", "phone_norm"] as const).map((column) =>
        eb
          .selectFrom("leads")
          .select((l) => l.fn.coalesce("contact_id", "id").as("contact"))
          .where(column, "=", "")
          .where("kind", "<>", "newsletter")
          .orderBy("created_at")
          .orderBy("id")
          .limit(1)
          .as(column === "email_norm" ? "by_email" : "by_phone"),
      ),
    ),
  );

/**
 * The contact a new lead with this e-mail address and phone number belongs to (normalised
 * as search-columns.server.ts stores them), or null when it is the person's first. When
 * the address matches one contact and the phone another, the older contact wins.
 */
export async function contactIdFor(db: Db, trx: Kysely<Database>, emailNorm: string | null, phoneNorm: string | null): Promise<number | null> {
  if (!emailNorm && !phoneNorm) return null;
  const [row] = await runCompiled<{ by_email: number | string | null; by_phone: number | string | null }>(trx, firstOfEach(db), [
    emailNorm || null,
    "newsletter",
    1,
    phoneNorm || null,
    "newsletter",
    1,
  ]);
  const found = [row?.by_email, row?.by_phone].filter((c) => c !== null && c !== undefined).map(Number);
  return found.length ? Math.min(...found) : null;
}
