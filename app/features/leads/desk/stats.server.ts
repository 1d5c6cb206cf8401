import { sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import { type LeadKind, leadKinds } from "./labels.server";

const DAY = 86_400_000;

export interface DayCounts {
  /** YYYY-MM-DD (UTC). */
  day: string;
  byKind: Record<LeadKind, number>;
  total: number;
}

const zeroKinds = () => Object.fromEntries(leadKinds.map((k) => [k, 0])) as Record<LeadKind, number>;

/** Leads per day for the `days` days up to today (UTC), every day present, split by form. */
export async function leadsPerDay(db: Db, days = 90, now = new Date()): Promise<DayCounts[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY).toISOString();
  const rows = await db.kysely
    .selectFrom("leads")
    .select([sql<string>`substr(created_at, 1, 10)`.as("day"), "kind", (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("created_at", ">=", start)
    .where("kind", "<>", "newsletter")
    .groupBy([sql`substr(created_at, 1, 10)`, "kind"])
    .execute();
  const out: DayCounts[] = [];
  const index = new Map<string, DayCounts>();
  for (let i = 0; i < days; i++) {
    const day = new Date(today - (days - 1 - i) * DAY).toISOString().slice(0, 10);
    const entry = { day, byKind: zeroKinds(), total: 0 };
    out.push(entry);
    index.set(day, entry);
  }
  for (const r of rows) {
    const entry = index.get(r.day);
    if (!entry || !leadKinds.includes(r.kind)) continue;
    entry.byKind[r.kind] = (entry.byKind[r.kind] ?? 0) + Number(r.n);
    entry.total += Number(r.n);
  }
  return out;
}

export interface Count {
  key: string;
  n: number;
}

/** Leads of the last `days` days counted by status or by page, largest first. */
export async function countsBy(db: Db, column: "status" | "page_path", days: number, now = new Date()): Promise<Count[]> {
  const start = new Date(now.getTime() - days * DAY).toISOString();
  const rows = await db.kysely
    .selectFrom("leads")
    .select([column, (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("created_at", ">=", start)
    .where("kind", "<>", "newsletter")
    .groupBy(column)
    .execute();
  return rows
    .map((r) => ({ key: String((r as Record<string, unknown>)[column] ?? ""), n: Number(r.n) }))
    .sort((a, b) => b.n - a.n || a.key.localeCompare(b.key));
}
