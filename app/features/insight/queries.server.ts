import { sql } from "kysely";
import { leadsBetween, leadsByHour, leadsByTouch } from "~/features/leads/attribution-counts.server";
import type { Db } from "~/platform/db/db.server";
import { kindLabel } from "~/features/leads/desk/labels.server";
import { storedFieldLabels } from "~/features/leads/forms/registry";
import { looksPersonal } from "./guard.server";
import { GAVE_UP } from "./rollup.server";
import { AUTOMATED, DISCARDED, type DiscardReason } from "./discarded";
import { type Conversion, conversion } from "./conversion";
import { binValue, FORM_STEPS, rating, readHist, type Vital, VITALS } from "./wire";
import { dayIndexOf, zoneDays } from "~/shared/zoned-input";

/** What the insight screen shows for a period (decision record 031); read from the rollups only. */

const DAY = 86_400_000;

/** Field names in the words of the forms (the leads feature's registry). */
const fieldLabels = storedFieldLabels();

const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
/** The hour rollup's bucket of an instant ("2026-11-26T13"). */
const hourOf = (t: number) => new Date(t).toISOString().slice(0, 13);
const addDays = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY);

/**
 * The days of a period ending today, as the member's days in `zone` (their setting, else
 * their browser's; UTC when neither is known), and the period before it.
 *
 * Why the period is cut in two ways: the hour rollup (totals only, every UTC hour) and each
 * lead's time re-cut into any zone's days cheaply (at most 24 rows an hour's day read from
 * the rollup's primary key and the leads_touch index), so the totals and the per-day rows are
 * the member's own days. The top lists, forms, Web Vitals and what was not counted are kept
 * per UTC day only (per hour they would be 24 times the rows, and the raw events they would
 * be re-cut from are many and dropped after INSIGHT_RAW_DAYS), so they read the UTC days that
 * hold the period (`from`–`to`, one day more unless the zone is UTC), and the screen says so.
 */
export function periodOf(days: number, now = new Date(), zone = "UTC") {
  // The period and the one before it, as one run of days.
  const both = zoneDays(2 * days, now, zone);
  const list = both.days.slice(days);
  const starts = both.starts.slice(days);
  const start = starts[0] ?? 0;
  const end = starts[starts.length - 1] ?? 0;
  const prevStart = both.starts[0] ?? 0;
  return {
    zone,
    days: list,
    /** Where each day of `days` starts, and where the period ends (one more entry). */
    starts,
    /** The period as instants (ISO), and as hour buckets of the hour rollup. */
    at: { from: new Date(start).toISOString(), to: new Date(end).toISOString(), prevFrom: new Date(prevStart).toISOString() },
    hours: { from: hourOf(start), to: hourOf(end), prevFrom: hourOf(prevStart) },
    /** The UTC days that hold the period, for the rollups kept per UTC day (to is exclusive). */
    from: dayOf(start),
    to: addDays(dayOf(end - 1), 1),
  };
}

export interface Row {
  key: string;
  /** Page views (the pages list) or visits (the others); null: no visit of this key was counted in the period. */
  views: number | null;
  /** Visits: a visitor's first view of a day, landing on this page or coming from this source. */
  visitors: number | null;
  leads: number;
  /** Conversion (conversion.ts): leads per visit, 0 to 1, or why there is none. */
  rate: Conversion;
}

type Visits = { key: string; views: number; visitors: number };

function rollupOf(db: Db, dim: string, from: string, to: string) {
  return db.kysely
    .selectFrom("insight_rollup")
    .select(["key", (eb) => eb.fn.sum<string | number>("views").as("views"), (eb) => eb.fn.sum<string | number>("visitors").as("visitors")])
    .where("grain", "=", "day")
    .where("dim", "=", dim)
    .where("bucket", ">=", from)
    .where("bucket", "<", to);
}

const visitsOf = (rows: { key: string; views: string | number; visitors: string | number }[]): Visits[] =>
  rows.map((r) => ({ key: r.key, views: Number(r.views), visitors: Number(r.visitors) }));

async function byDim(db: Db, dim: string, from: string, to: string, limit: number) {
  const rows = await rollupOf(db, dim, from, to)
    .groupBy("key")
    .orderBy(sql`sum(visitors)`, "desc")
    .orderBy(sql`sum(views)`, "desc")
    .orderBy("key")
    .limit(limit)
    .execute();
  return visitsOf(rows);
}

/** The visits of the given keys (those with leads that the top list by visits left out), read by key from the rollup's primary key. */
async function visitsOfKeys(db: Db, dim: string, from: string, to: string, keys: string[]): Promise<Visits[]> {
  const out: Visits[] = [];
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await rollupOf(db, dim, from, to)
      .where("key", "in", keys.slice(i, i + 500))
      .groupBy("key")
      .execute();
    out.push(...visitsOf(rows));
  }
  return out;
}

/**
 * One top list: every key that brought leads or visits, ranked by leads, then visits. A
 * key whose leads came with no counted visit keeps its row, its visits null; the leads
 * whose first touch names no page, referrer or campaign ("" as key) come last. Keys from a
 * visitor's request that name a person never reach the screen, even stored before the
 * endpoint dropped them.
 */
async function ranked(db: Db, dim: string, from: string, to: string, top: Visits[], leads: Map<string, number>): Promise<Row[]> {
  const have = new Set(top.map((r) => r.key));
  const missing = [...leads.keys()].filter((k) => k && !have.has(k));
  const visits = [...top, ...(missing.length ? await visitsOfKeys(db, dim, from, to, missing) : [])];
  const byKey = new Map(visits.map((r) => [r.key, r]));
  const keys = new Set([...byKey.keys(), ...leads.keys()]);
  return [...keys]
    .filter((key) => !looksPersonal(key))
    .map((key): Row => {
      const v = byKey.get(key);
      const n = leads.get(key) ?? 0;
      return { key, views: v?.views ?? null, visitors: v?.visitors ?? null, leads: n, rate: conversion(n, v?.visitors ?? 0) };
    })
    .sort(
      (a, b) =>
        Number(a.key === "") - Number(b.key === "") ||
        b.leads - a.leads ||
        (b.visitors ?? 0) - (a.visitors ?? 0) ||
        (b.views ?? 0) - (a.views ?? 0) ||
        a.key.localeCompare(b.key),
    );
}

/** Lead keys as the rollup keeps them: sources and campaigns lower-cased (ingest.server.ts). */
const lowered = (m: Map<string, number>) => {
  const out = new Map<string, number>();
  for (const [k, n] of m) out.set(k.toLowerCase(), (out.get(k.toLowerCase()) ?? 0) + n);
  return out;
};

/** Views and visitors of the whole site per UTC hour (the hour rollup), from `from` to `to` (exclusive), both hour buckets. */
function hoursOf(db: Db, from: string, to: string) {
  return db.kysely
    .selectFrom("insight_rollup")
    .select(["bucket", "views", "visitors"])
    .where("grain", "=", "hour")
    .where("dim", "=", "all")
    .where("bucket", ">=", from)
    .where("bucket", "<", to)
    .execute();
}

/** The period before: its views and visitors from the hour rollup, its leads between the same instants. */
async function totals(db: Db, hours: { from: string; to: string }, at: { from: string; to: string }) {
  const [rows, leads] = await Promise.all([hoursOf(db, hours.from, hours.to), leadsBetween(db, at.from, at.to)]);
  return { views: rows.reduce((s, r) => s + Number(r.views), 0), visitors: rows.reduce((s, r) => s + Number(r.visitors), 0), leads };
}

/** The index of the day an hour bucket ("2026-11-26T13") falls in; -1 outside the period. */
const dayIndex = (starts: number[], hour: string) => dayIndexOf(starts, Date.parse(`${hour}:00:00Z`));

/**
 * The insight screen's figures for the `days` days ending today, in `zone` (decision record
 * 031; periodOf says which figures are the member's days and which UTC days).
 */
export async function loadInsight(db: Db, days: number, now = new Date(), zone = "UTC") {
  const p = periodOf(days, now, zone);
  const [hourRows, leadsPerHour, previous, pages, sources, referrers, campaigns, landing, bySource, byReferrer, byCampaign, forms, vitals, discarded] =
    await Promise.all([
      hoursOf(db, p.hours.from, p.hours.to),
      leadsByHour(db, p.at.from, p.at.to),
      totals(db, { from: p.hours.prevFrom, to: p.hours.from }, { from: p.at.prevFrom, to: p.at.from }),
      byDim(db, "page", p.from, p.to, 50),
      byDim(db, "source", p.from, p.to, 50),
      byDim(db, "referrer", p.from, p.to, 50),
      byDim(db, "campaign", p.from, p.to, 50),
      // The lists' leads are the period's own (the member's days), so they add up to its total.
      leadsByTouch(db, "landing", p.at.from, p.at.to),
      leadsByTouch(db, "source", p.at.from, p.at.to),
      leadsByTouch(db, "referrer", p.at.from, p.at.to),
      leadsByTouch(db, "campaign", p.at.from, p.at.to),
      formFunnels(db, p.from, p.to),
      vitalsAt75(db, p.from, p.to),
      byDim(db, "discarded", p.from, p.to, 50),
    ]);
  const perDay = p.days.map((day) => ({ day, views: 0, visitors: 0, leads: 0 }));
  for (const r of hourRows) {
    const d = perDay[dayIndex(p.starts, r.bucket)];
    if (!d) continue;
    d.views += Number(r.views);
    d.visitors += Number(r.visitors);
  }
  for (const [hour, n] of leadsPerHour) {
    const d = perDay[dayIndex(p.starts, hour)];
    if (d) d.leads += n;
  }
  const [rankedPages, rankedSources, rankedReferrers, rankedCampaigns] = await Promise.all([
    ranked(db, "page", p.from, p.to, pages, landing),
    ranked(db, "source", p.from, p.to, sources, lowered(bySource)),
    ranked(db, "referrer", p.from, p.to, referrers, byReferrer),
    ranked(db, "campaign", p.from, p.to, campaigns, lowered(byCampaign)),
  ]);
  const lists = { pages: rankedPages, sources: rankedSources, referrers: rankedReferrers, campaigns: rankedCampaigns };
  const sum = (k: "views" | "visitors" | "leads") => perDay.reduce((s, d) => s + d[k], 0);
  return {
    /** The zone whose days the period and the per-day rows are. */
    zone,
    from: p.days[0] ?? p.from,
    to: p.days[p.days.length - 1] ?? p.from,
    /** The UTC days the lists, forms, Web Vitals and discarded counts cover (both inclusive). */
    utcDays: { from: p.from, to: addDays(p.to, -1) },
    current: { views: sum("views"), visitors: sum("visitors"), leads: sum("leads") },
    previous,
    perDay,
    ...lists,
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

/**
 * Every form's steps over the period, its human name, the fields that failed most (the
 * checks in the browser, and the server's refusals), and where visitors gave up: of those
 * who focused a field and did not submit that day, how many left after each field last.
 */
async function formFunnels(db: Db, from: string, to: string) {
  const [rows, live] = await Promise.all([
    db.kysely
      .selectFrom("insight_form_rollup")
      .select(["form", "step", "field", (eb) => eb.fn.sum<string | number>("n").as("n")])
      .where("day", ">=", from)
      .where("day", "<", to)
      .groupBy(["form", "step", "field"])
      .execute(),
    // Today's visitors, still under way (rollup.server.ts counts the days before into the rollup as GAVE_UP).
    db.kysely
      .selectFrom("insight_form_exits")
      .select(["form", "field", (eb) => eb.fn.countAll<string | number>().as("n")])
      .where("done", "=", 0)
      .where("day", ">=", from)
      .where("day", "<", to)
      .where("field", "<>", "")
      .groupBy(["form", "field"])
      .execute(),
  ]);
  type Funnel = Record<(typeof FORM_STEPS)[number], number> & { form: string; failing: Map<string, number>; left: Map<string, number> };
  const out = new Map<string, Funnel>();
  const of = (form: string) => {
    let f = out.get(form);
    if (!f) {
      f = { form, seen: 0, started: 0, failed: 0, submitted: 0, refused: 0, stored: 0, failing: new Map(), left: new Map() };
      out.set(form, f);
    }
    return f;
  };
  const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
  for (const r of rows) {
    const f = of(r.form);
    const step = r.step as (typeof FORM_STEPS)[number];
    if (r.step === GAVE_UP) add(f.left, r.field, Number(r.n));
    else if (!r.field && FORM_STEPS.includes(step)) f[step] += Number(r.n);
    else if (r.field && (step === "failed" || step === "refused")) add(f.failing, r.field, Number(r.n));
  }
  for (const r of live) add(of(r.form).left, r.field, Number(r.n));
  const top = (m: Map<string, number>) =>
    [...m]
      .map(([field, n]) => ({ field, label: fieldLabels.get(field) ?? field, n }))
      .sort((a, b) => b.n - a.n || a.field.localeCompare(b.field))
      .slice(0, 5);
  return [...out.values()]
    .map((f) => ({
      ...f,
      label: kindLabel(f.form),
      failing: top(f.failing),
      gaveUp: [...f.left.values()].reduce((s, n) => s + n, 0),
      left: top(f.left),
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
