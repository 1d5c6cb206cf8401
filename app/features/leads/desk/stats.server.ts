import { sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import { dayIndexOf, zoneDays } from "~/shared/zoned-input";
import { type LeadKind, leadKinds } from "./labels.server";

const DAY = 86_400_000;

export interface DayCounts {
  /** YYYY-MM-DD, a day in the zone asked for. */
  day: string;
  byKind: Record<LeadKind, number>;
  total: number;
}

const zeroKinds = () => Object.fromEntries(leadKinds.map((k) => [k, 0])) as Record<LeadKind, number>;

/**
 * Leads per day for the `days` days up to today, days in `zone` (the member's), every day
 * present, split by form: counted per UTC hour from the leads_touch index, the hours then
 * folded into the zone's days (zoneDays).
 */
export async function leadsPerDay(db: Db, days = 90, now = new Date(), zone = "UTC"): Promise<DayCounts[]> {
  const { days: list, starts } = zoneDays(days, now, zone);
  const hour = sql<string>`substr(created_at, 1, 13)`;
  const rows = await db.kysely
    .selectFrom("leads")
    .select([hour.as("hour"), "kind", (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("created_at", ">=", new Date(starts[0] ?? 0).toISOString())
    .where("created_at", "<", new Date(starts[starts.length - 1] ?? 0).toISOString())
    .where("kind", "<>", "newsletter")
    .groupBy([hour, "kind"])
    .execute();
  const out: DayCounts[] = list.map((day) => ({ day, byKind: zeroKinds(), total: 0 }));
  for (const r of rows) {
    const entry = out[dayIndexOf(starts, Date.parse(`${r.hour}:00:00Z`))];
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
