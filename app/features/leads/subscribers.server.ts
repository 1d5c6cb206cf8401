import { type Kysely, sql } from "kysely";
import type { Database } from "~/platform/db/schema";
import { normaliseText } from "./desk/search-columns.server";

/**
 * The newsletter's subscribers as the leads feature stores them: a sign-up is a `leads` row
 * of kind newsletter, `pending` until its address confirms, then `subscribed`, and
 * `unsubscribed` once the address leaves; every change of status is an event on its
 * timeline. The newsletter reads and changes them only through these functions. `k` is
 * the database or the caller's transaction: a function that writes takes the transaction,
 * so the newsletter's own writes and these commit together.
 */
type Executor = Kysely<Database>;

export interface Subscriber {
  id: number;
  email: string;
  type: number;
  status: string;
}

/** The newsletter sign-up with this id, or undefined when there is none (or the lead is another form's). */
export async function subscriber(k: Executor, id: number): Promise<Subscriber | undefined> {
  const row = await k.selectFrom("leads").select(["id", "email", "type", "status"]).where("id", "=", id).where("kind", "=", "newsletter").executeTakeFirst();
  return row && { id: Number(row.id), email: row.email, type: Number(row.type), status: row.status };
}

/** A sign-up's status now, or undefined when the lead no longer exists. */
export async function subscriberStatus(k: Executor, id: number): Promise<string | undefined> {
  const row = await k.selectFrom("leads").select("status").where("id", "=", id).executeTakeFirst();
  return row?.status;
}

/** The statuses of these sign-ups now, by id: one query per thousand ids; a lead that no longer exists is missing. */
export async function subscriberStatuses(k: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  const by = new Map<number, string>();
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await k
      .selectFrom("leads")
      .select(["id", "status"])
      .where("id", "in", unique.slice(i, i + 1000))
      .execute();
    for (const r of rows) by.set(Number(r.id), r.status);
  }
  return by;
}

/** Sign-ups by status, for the subscribers screen. */
export async function countSubscribersByStatus(k: Executor): Promise<{ pending: number; subscribed: number; unsubscribed: number }> {
  const rows = await k
    .selectFrom("leads")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("kind", "=", "newsletter")
    .groupBy("status")
    .execute();
  const by = new Map(rows.map((r) => [r.status, Number(r.n)]));
  return { pending: by.get("pending") ?? 0, subscribed: by.get("subscribed") ?? 0, unsubscribed: by.get("unsubscribed") ?? 0 };
}

/** How many addresses are subscribed: every confirmed sign-up, one per address. */
export async function countSubscribed(k: Executor): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    SELECT count(DISTINCT coalesce(email_norm, lower(email))) AS n FROM leads WHERE kind = 'newsletter' AND status = 'subscribed'`.execute(k);
  return Number(rows[0]?.n ?? 0);
}

/** One sign-up per subscribed address (its first confirmed one), by id ascending. */
export async function subscribedAddressIds(k: Executor): Promise<number[]> {
  const { rows } = await sql<{ id: number | string }>`
    SELECT min(id) AS id FROM leads WHERE kind = 'newsletter' AND status = 'subscribed'
    GROUP BY coalesce(email_norm, lower(email)) ORDER BY 1`.execute(k);
  return rows.map((r) => Number(r.id));
}

/**
 * The ids of the newsletter sign-ups unsubscribed at or after `since` (ISO), as a subquery:
 * a newsletter table's query keeps those of its rows whose sign-up is among them
 * (`where("lead_id", "in", unsubscribedSince(k, since))`) in one statement.
 */
export function unsubscribedSince(k: Executor, since: string) {
  return k.selectFrom("leads").select("id").where("kind", "=", "newsletter").where("status", "=", "unsubscribed").where("unsubscribed_at", ">=", since);
}

/**
 * Confirms a pending sign-up, and with it every other pending sign-up of the same address,
 * in the caller's transaction: each becomes `subscribed` at `at`, with the change on its
 * timeline. Returns the sign-up's status before; nothing changes unless it was `pending`
 * (undefined when there is no such sign-up).
 */
export async function confirmSubscriber(trx: Executor, id: number, at: string): Promise<string | undefined> {
  const row = await trx.selectFrom("leads").select(["status", "email_norm"]).where("id", "=", id).where("kind", "=", "newsletter").executeTakeFirst();
  if (row?.status !== "pending") return row?.status;
  const pending = await trx
    .selectFrom("leads")
    .select("id")
    .where("kind", "=", "newsletter")
    .where("status", "=", "pending")
    .where((eb) => (row.email_norm ? eb.or([eb("id", "=", id), eb("email_norm", "=", row.email_norm)]) : eb("id", "=", id)))
    .execute();
  const ids = pending.map((r) => Number(r.id));
  await trx.updateTable("leads").set({ status: "subscribed", confirmed_at: at }).where("id", "in", ids).where("status", "=", "pending").execute();
  await trx
    .insertInto("lead_events")
    .values(ids.map((lead) => ({ lead_id: lead, staff_id: null, action: "status", value: "subscribed", created_at: at })))
    .execute();
  return row.status;
}

/**
 * Unsubscribes an address, in the caller's transaction: every sign-up of it that is pending
 * or confirmed becomes `unsubscribed` at `at`, with the change on its timeline (by
 * `staffId` when a member of staff did it). Returns how many sign-ups changed.
 */
export async function unsubscribeSubscriber(trx: Executor, email: string, opts: { at: string; staffId?: number | null }): Promise<number> {
  const rows = await trx
    .selectFrom("leads")
    .select("id")
    .where("email_norm", "=", normaliseText(email))
    .where("kind", "=", "newsletter")
    .where("status", "in", ["pending", "subscribed"])
    .execute();
  if (!rows.length) return 0;
  const ids = rows.map((r) => Number(r.id));
  await trx.updateTable("leads").set({ status: "unsubscribed", unsubscribed_at: opts.at }).where("id", "in", ids).execute();
  await trx
    .insertInto("lead_events")
    .values(ids.map((id) => ({ lead_id: id, staff_id: opts.staffId ?? null, action: "status", value: "unsubscribed", created_at: opts.at })))
    .execute();
  return ids.length;
}
