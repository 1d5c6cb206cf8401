import type { Kysely } from "kysely";
import type { Database } from "~/platform/db/schema";
import { normaliseText } from "./desk/search-columns.server";

/**
 * What the conversations feature asks of the leads when a reply arrives: which leads exist
 * (with their owner, for telling them), and the most recent lead of an address.
 */
export async function leadsWithOwners(trx: Kysely<Database>, ids: number[]): Promise<Map<number, { ownerId: number | null; ownerEmail: string | null }>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (!wanted.length) return new Map();
  const rows = await trx
    .selectFrom("leads")
    .leftJoin("staff", (j) => j.onRef("staff.id", "=", "leads.assignee_id").on("staff.disabled_at", "is", null))
    .select(["leads.id", "leads.assignee_id", "staff.email as owner_email"])
    .where("leads.id", "in", wanted)
    .where("leads.kind", "<>", "newsletter")
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { ownerId: r.owner_email ? Number(r.assignee_id) : null, ownerEmail: r.owner_email ?? null }]));
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
