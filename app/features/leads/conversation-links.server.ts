import type { Kysely } from "kysely";
import type { Database } from "~/platform/db/schema";
import { normaliseText } from "./desk/search-columns.server";
import { activeMembers } from "~/features/staff/people.server";

/**
 * What the conversations feature asks of the leads when a reply arrives: which leads exist
 * (with their owner, for telling them), and the most recent lead of an address.
 */
export async function leadsWithOwners(trx: Kysely<Database>, ids: number[]): Promise<Map<number, { ownerId: number | null; ownerEmail: string | null }>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (!wanted.length) return new Map();
  const rows = await trx.selectFrom("leads").select(["id", "assignee_id"]).where("id", "in", wanted).where("kind", "<>", "newsletter").execute();
  // The owner, while their account is active (the staff feature's).
  const owners = await activeMembers(
    trx,
    rows.flatMap((r) => (r.assignee_id === null ? [] : [Number(r.assignee_id)])),
  );
  return new Map(
    rows.map((r) => {
      const owner = r.assignee_id === null ? undefined : owners.get(Number(r.assignee_id));
      return [Number(r.id), { ownerId: owner ? owner.id : null, ownerEmail: owner?.email ?? null }];
    }),
  );
}

/** The most recent lead (not a newsletter sign-up) sent from `address`, or null. */
export async function latestLeadOf(trx: Kysely<Database>, address: string): Promise<number | null> {
  const row = await trx
    .selectFrom("leads")
    .select("id")
    .where("email_norm", "=", normaliseText(address))
    .where("kind", "<>", "newsletter")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}
