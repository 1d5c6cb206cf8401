import type { Kysely } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { findMessages } from "~/platform/outbox/store.server";
import { oneLine } from "~/platform/outbox/templates.server";

/**
 * Addresses mail to which bounced or was refused (mail_address_failures), by lower-cased
 * address: a lead's or contact's page says so before the next e-mail to it.
 */

export interface AddressFailure {
  address: string;
  reason: string;
  at: string;
}

const key = (address: string) => address.trim().toLowerCase();

/**
 * Marks `address` as failing: the outbox gave up on an e-mail to it or the receiving
 * server refused it (5xx), or a delivery status notification said it bounced. The latest
 * reason and time are kept. `db` is the database (the write goes through its write queue)
 * or a transaction already holding it: the mailbox reader marks the addresses of a report
 * in the transaction that takes it from the mailbox.
 */
export async function markAddressFailing(db: Db | Kysely<Database>, address: string, reason: string, now = new Date()): Promise<void> {
  const row = { address: key(address).slice(0, 320), reason: oneLine(reason, 500) || "no reason given", failed_at: now.toISOString() };
  if (!row.address) return;
  const write = (trx: Kysely<Database>) =>
    trx
      .insertInto("mail_address_failures")
      .values(row)
      .onConflict((oc) => oc.column("address").doUpdateSet({ reason: row.reason, failed_at: row.failed_at }))
      .execute();
  if ("kysely" in db) await writeQueueFor(db).run(write);
  else await write(db);
}

/**
 * The failure of `address`, unless an e-mail from the desk reached it since (sent by the
 * outbox after the failure): the address works again.
 */
export async function addressFailure(db: Db, address: string): Promise<AddressFailure | null> {
  const row = await db.kysely.selectFrom("mail_address_failures").selectAll().where("address", "=", key(address)).executeTakeFirst();
  if (!row) return null;
  // The desk's e-mails are the conversation's "lead-mail" messages (store.server.ts).
  const [since] = await findMessages(db, { templates: ["lead-mail"], recipient: key(address), states: ["sent"], sentAfter: row.failed_at, newest: 1 });
  return since ? null : { address: row.address, reason: row.reason, at: row.failed_at };
}
