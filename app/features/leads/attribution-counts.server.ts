import { sql } from "kysely";
import type { Db } from "~/platform/db/db.server";

/** What the insight screen groups leads by: the first touch each lead carries. */
export type LeadDimension = "landing" | "source" | "referrer" | "campaign";

const expr = {
  landing: sql<string>`coalesce(landing_page, '')`,
  source: sql<string>`coalesce(utm_source, referrer_host, '(direct)')`,
  referrer: sql<string>`coalesce(referrer_host, '')`,
  campaign: sql<string>`coalesce(utm_campaign, '')`,
};

/**
 * Leads (the newsletter aside) created from `from` (inclusive) to `to` (exclusive), days
 * (YYYY-MM-DD) or ISO instants, counted by one part of their first touch: for the insight screen's
 * conversion rates (features/insight). Read from the leads_touch index alone (migration 028).
 */
export async function leadsByTouch(db: Db, by: LeadDimension, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db.kysely
    .selectFrom("leads")
    .select([expr[by].as("key"), (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .where("kind", "<>", "newsletter")
    .groupBy(expr[by])
    .execute();
  return new Map(rows.map((r) => [String(r.key), Number(r.n)]));
}

/**
 * Leads (the newsletter aside) created from `from` (inclusive) to `to` (exclusive), ISO
 * instants, counted per UTC hour ("2026-11-26T13"): the insight screen folds the hours into
 * the member's own days. Read from the leads_touch index alone.
 */
export async function leadsByHour(db: Db, from: string, to: string): Promise<Map<string, number>> {
  const hour = sql<string>`substr(created_at, 1, 13)`;
  const rows = await db.kysely
    .selectFrom("leads")
    .select([hour.as("hour"), (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .where("kind", "<>", "newsletter")
    .groupBy(hour)
    .execute();
  return new Map(rows.map((r) => [String(r.hour), Number(r.n)]));
}

/** How many leads (the newsletter aside) were created from `from` (inclusive) to `to` (exclusive). */
export async function leadsBetween(db: Db, from: string, to: string): Promise<number> {
  const row = await db.kysely
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .where("kind", "<>", "newsletter")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The submission id of a lead, for the visit that brought it (the insight events name it). */
export async function submissionOf(db: Db, leadId: number): Promise<{ submissionId: string | null; createdAt: string } | null> {
  const row = await db.kysely.selectFrom("leads").select(["submission_id", "created_at"]).where("id", "=", leadId).executeTakeFirst();
  return row ? { submissionId: row.submission_id, createdAt: row.created_at } : null;
}
