import type { Kysely } from "kysely";
import type { Database } from "~/platform/db/schema";

/**
 * A privacy deletion's part in the conversations (features/leads/desk/privacy.server.ts
 * calls it in its transaction, before the leads go): every message of the person's leads,
 * sent or received; any other message from or to the address (a reply filed on another
 * lead); the received messages from it no lead was found for (unmatched_messages); and its
 * bounce mark. Templates name nobody and stay. What the replies mailbox itself still holds
 * is the operator's to delete (docs/operations.md, "Conversations"). Returns how many
 * messages went, as `conversationsNaming` counted them.
 */
export async function forgetConversations(trx: Kysely<Database>, email: string, leadIds: number[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < leadIds.length; i += 500) {
    const r = await trx
      .deleteFrom("lead_messages")
      .where("lead_id", "in", leadIds.slice(i, i + 500))
      .executeTakeFirst();
    removed += Number(r.numDeletedRows);
  }
  const other = await trx
    .deleteFrom("lead_messages")
    .where((eb) => eb.or([eb(eb.fn("lower", ["from_address"]), "=", email), eb(eb.fn("lower", ["to_address"]), "=", email)]))
    .executeTakeFirst();
  removed += Number(other.numDeletedRows);
  const unmatched = await trx
    .deleteFrom("unmatched_messages")
    .where((eb) => eb(eb.fn("lower", ["from_address"]), "=", email))
    .executeTakeFirst();
  removed += Number(unmatched.numDeletedRows);
  await trx.deleteFrom("mail_address_failures").where("address", "=", email).execute();
  return removed;
}

/** How many messages a privacy deletion of the address would remove (its leads', from or to it, unmatched from it). */
export async function conversationsNaming(k: Kysely<Database>, email: string, leadIds: number[]): Promise<number> {
  const row = await k
    .selectFrom("lead_messages")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where((eb) =>
      eb.or([
        ...(leadIds.length ? [eb("lead_id", "in", leadIds)] : []),
        eb(eb.fn("lower", ["from_address"]), "=", email),
        eb(eb.fn("lower", ["to_address"]), "=", email),
      ]),
    )
    .executeTakeFirstOrThrow();
  const unmatched = await k
    .selectFrom("unmatched_messages")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where((eb) => eb(eb.fn("lower", ["from_address"]), "=", email))
    .executeTakeFirstOrThrow();
  return Number(row.n) + Number(unmatched.n);
}
