import type { Kysely } from "kysely";
import type { Database } from "~/platform/db/schema";

/**
 * A privacy deletion's part in the conversations (features/leads/desk/privacy.server.ts
 * calls it in its transaction, before the leads go): every message of the person's leads,
 * any other message from or to the address, and its bounce mark. Templates name nobody
 * and stay. Returns how many messages went.
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
  await trx.deleteFrom("mail_address_failures").where("address", "=", email).execute();
  return removed;
}

/** How many messages a privacy deletion of the address would remove. */
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
  return Number(row.n);
}
