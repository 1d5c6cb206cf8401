import { sql } from "kysely";
import { leadsBetween, leadsByTouch } from "~/features/leads/attribution-counts.server";
import type { Db } from "~/platform/db/db.server";
import { looksPersonal } from "./guard.server";
import { AUTOMATED, DISCARDED, type DiscardReason } from "./discarded";
import { binValue, FORM_STEPS, rating, readHist, type Vital, VITALS } from "./wire";

/** What the insight screen shows for a period (decision record 031); read from the rollups only. */

const DAY = 86_400_000;

const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The days of a period ending today (UTC), and the period before it. */
export function periodOf(days: number, now = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    from: dayOf(today - (days - 1) * DAY),
    to: dayOf(today + DAY),
    prevFrom: dayOf(today - (2 * days - 1) * DAY),
    days: Array.from({ length: days }, (_, i) => dayOf(today - (days - 1 - i) * DAY)),
  };
}

export interface Row {
  key: string;
  views: number;
  visitors: number;
  leads: number;
  /** Leads per visitor, 0 to 1; null without visitors. */
  rate: number | null;
}

async function byDim(db: Db, dim: string, from: string, to: string, limit: number) {
  const rows = await db.kysely
    .selectFrom("insight_rollup")
    .select(["key", (eb) => eb.fn.sum<string | number>("views").as("views"), (eb) => eb.fn.sum<string | number>("visitors").as("visitors")])
    .where("grain", "=", "day")
    .where("dim", "=", dim)
    .where("bucket", ">=", from)
    .where("bucket", "<", to)
    .groupBy("key")
    .orderBy(sql`sum(visitors)`, "desc")
    .orderBy(sql`sum(views)`, "desc")
    .orderBy("key")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ key: r.key, views: Number(r.views), visitors: Number(r.visitors) }));
}

/** Keys from a visitor's request that name a person never reach the screen, even stored before the endpoint dropped them. */
const withLeads = (rows: { key: string; views: number; visitors: number }[], leads: Map<string, number>): Row[] =>
  rows
    .filter((r) => !looksPersonal(r.key))
    .map((r) => {
      const n = leads.get(r.key) ?? 0;
      return { ...r, leads: n, rate: r.visitors ? n / r.visitors : null };
    });

async function totals(db: Db, from: string, to: string) {
  const [[all], leads] = await Promise.all([byDim(db, "all", from, to, 1), leadsBetween(db, from, to)]);
  return { views: all?.views ?? 0, visitors: all?.visitors ?? 0, leads };
}

export async function loadInsight(db: Db, days: number, now = new Date()) {
  const p = periodOf(days, now);
  const [perDayRows, leadsPerDay, previous, pages, sources, referrers, campaigns, landing, bySource, byReferrer, byCampaign, forms, vitals, discarded] =
    await Promise.all([
      db.kysely
        .selectFrom("insight_rollup")
        .select(["bucket", "views", "visitors"])
        .where("grain", "=", "day")
        .where("dim", "=", "all")
        .where("bucket", ">=", p.from)
        .where("bucket", "<", p.to)
        .execute(),
      leadsByTouch(db, "day", p.from, p.to),
      totals(db, p.prevFrom, p.from),
      byDim(db, "page", p.from, p.to, 50),
      byDim(db, "source", p.from, p.to, 50),
      byDim(db, "referrer", p.from, p.to, 50),
      byDim(db, "campaign", p.from, p.to, 50),
      leadsByTouch(db, "landing", p.from, p.to),
      leadsByTouch(db, "source", p.from, p.to),
      leadsByTouch(db, "referrer", p.from, p.to),
      leadsByTouch(db, "campaign", p.from, p.to),
      formFunnels(db, p.from, p.to),
      vitalsAt75(db, p.from, p.to),
      byDim(db, "discarded", p.from, p.to, 50),
    ]);
  const perDayMap = new Map(perDayRows.map((r) => [r.bucket, r]));
  const perDay = p.days.map((day) => ({
    day,
    views: Number(perDayMap.get(day)?.views ?? 0),
    visitors: Number(perDayMap.get(day)?.visitors ?? 0),
    leads: leadsPerDay.get(day) ?? 0,
  }));
  const sum = (k: "views" | "visitors" | "leads") => perDay.reduce((s, d) => s + d[k], 0);
  return {
    from: p.from,
    to: p.days[p.days.length - 1] ?? p.from,
    current: { views: sum("views"), visitors: sum("visitors"), leads: sum("leads") },
    previous,
    perDay,
    pages: withLeads(pages, landing),
    sources: withLeads(sources, new Map([...bySource].map(([k, n]) => [k.toLowerCase(), n]))),
    referrers: withLeads(referrers, byReferrer),
    campaigns: withLeads(campaigns, new Map([...byCampaign].map(([k, n]) => [k.toLowerCase(), n]))),
    forms,
    vitals,
    discarded: discardedOf(discarded),
  };
}

/** What was not counted as traffic over the period, by reason (wire.ts's DISCARDED), every reason listed. */
function discardedOf(rows: { key: string; views: number }[]) {
  const n = new Map(rows.map((r) => [r.key, r.views]));
  return (Object.keys(DISCARDED) as DiscardReason[]).map((reason) => ({ reason, n: n.get(reason) ?? 0, automated: AUTOMATED.includes(reason) }));
}

export type Insight = Awaited<ReturnType<typeof loadInsight>>;

/** Every form's steps over the period, and the fields that failed most (the checks in the browser, and the server's refusals). */
async function formFunnels(db: Db, from: string, to: string) {
  const rows = await db.kysely
    .selectFrom("insight_form_rollup")
    .select(["form", "step", "field", (eb) => eb.fn.sum<string | number>("n").as("n")])
    .where("day", ">=", from)
    .where("day", "<", to)
    .groupBy(["form", "step", "field"])
    .execute();
  const out = new Map<string, Record<(typeof FORM_STEPS)[number], number> & { form: string; failing: Map<string, number> }>();
  for (const r of rows) {
    let f = out.get(r.form);
    if (!f) {
      f = { form: r.form, seen: 0, started: 0, failed: 0, submitted: 0, refused: 0, stored: 0, failing: new Map() };
      out.set(r.form, f);
    }
    const step = r.step as (typeof FORM_STEPS)[number];
    if (!r.field && FORM_STEPS.includes(step)) f[step] += Number(r.n);
    else if (r.field) f.failing.set(r.field, (f.failing.get(r.field) ?? 0) + Number(r.n));
  }
  return [...out.values()]
    .map((f) => ({
      ...f,
      failing: [...f.failing]
        .map(([field, n]) => ({ field, n }))
        .sort((a, b) => b.n - a.n || a.field.localeCompare(b.field))
        .slice(0, 5),
    }))
    .sort((a, b) => b.seen - a.seen || a.form.localeCompare(b.form));
}

/** The 75th percentile of each Web Vital per page and device class, from the histograms. */
async function vitalsAt75(db: Db, from: string, to: string) {
  const rows = await db.kysely
    .selectFrom("insight_vitals_rollup")
    .select(["path", "device", "metric", "hist"])
    .where("day", ">=", from)
    .where("day", "<", to)
    .execute();
  // One row per day, route, device class and metric: the period's histograms are merged here.
  const groups = new Map<string, { path: string; device: string; metric: Vital; counts: Map<number, number>; bins: [number, number][] }>();
  for (const r of rows) {
    if (!VITALS.includes(r.metric as Vital)) continue;
    const k = `${r.path}\u0000${r.device}\u0000${r.metric}`;
    let g = groups.get(k);
    if (!g) {
      g = { path: r.path, device: r.device, metric: r.metric as Vital, counts: new Map(), bins: [] };
      groups.set(k, g);
    }
    readHist(r.hist, g.counts);
  }
  return [...groups.values()]
    .map((g) => {
      g.bins = [...g.counts].sort((a, b) => a[0] - b[0]);
      const n = g.bins.reduce((s, [, c]) => s + c, 0);
      let seen = 0;
      let bin = g.bins[g.bins.length - 1]?.[0] ?? 0;
      for (const [b, c] of g.bins) {
        seen += c;
        if (seen >= 0.75 * n) {
          bin = b;
          break;
        }
      }
      const p75 = binValue(g.metric, bin);
      return { path: g.path, device: g.device, metric: g.metric, n, p75, rating: rating(g.metric, p75) };
    })
    .sort((a, b) => a.path.localeCompare(b.path) || a.device.localeCompare(b.device) || VITALS.indexOf(a.metric) - VITALS.indexOf(b.metric));
}
