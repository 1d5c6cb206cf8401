import type { Kysely } from "kysely";
import type { Database } from "~/platform/db/schema";

/**
 * Records that mail to `address` fails (a delivery status notification said so), with the
 * server's reason; a later failure replaces the reason and time. The address is kept
 * lower-cased. `db` may be a transaction: the reader calls it in the one that takes the
 * notification from the mailbox.
 */
export async function markAddressFailing(db: Kysely<Database>, address: string, reason: string, now = new Date()): Promise<void> {
  const key = address.trim().toLowerCase();
  if (!key) return;
  const row = { address: key, reason: reason.slice(0, 500), failed_at: now.toISOString() };
  await db
    .insertInto("failing_addresses")
    .values(row)
    .onConflict((oc) => oc.column("address").doUpdateSet({ reason: row.reason, failed_at: row.failed_at }))
    .execute();
}

/** Whether mail to `address` was said to fail, and why. */
export async function failingAddress(db: Kysely<Database>, address: string): Promise<{ reason: string | null; failedAt: string } | null> {
  const row = await db.selectFrom("failing_addresses").select(["reason", "failed_at"]).where("address", "=", address.trim().toLowerCase()).executeTakeFirst();
  return row ? { reason: row.reason, failedAt: row.failed_at } : null;
}
