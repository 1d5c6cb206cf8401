/**
 * `npm run bench:insight`: the insight screen at scale. Seeds --events raw insight events
 * (default 10,000,000) over a simulated month, directly in bulk, with one lead for every
 * 500 events (a few from a source no visit came from), and the fields visitors move into; rolls them up as the server would (rollup.server.ts, timed); then measures
 * p50/p95 of every desk view the insight screen and its CSV read (7, 30 and 90 days, the
 * lead's visit) against the target p95 <= 200 ms, and states the database's size and how long
 * a privacy request's read of insight takes (the partial index of migration 035; no target: decision record 038).
 * SQLite by default (a file under the temp folder, or --db-file); PostgreSQL when
 * DATABASE_URL names one. Writes bench/insight-<database>.json. Exits 1 when a target is missed.
 *
 * Options: --events N, --runs N (20 per figure), --db-file PATH.
 */
import { statSync } from "node:fs";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { visitOfLead } from "../app/features/insight/desk.server";
import { insightNaming } from "../app/features/insight/privacy.server";
import { loadInsight } from "../app/features/insight/queries.server";
import { rollUp } from "../app/features/insight/rollup.server";
import { FORM_STEPS, VITALS } from "../app/features/insight/wire";
import { openDb } from "../app/platform/db/db.server";
import { benchArgs, machine, round, tempDbFile, writeOut } from "./bench-lib";

const args = benchArgs({ events: { type: "string", default: "10000000" }, runs: { type: "string", default: "20" }, "db-file": { type: "string" } });
const EVENTS = Number(args.events);
const RUNS = Number(args.runs);
const TARGET_P95_MS = 200;
const DAYS = 30;
const pgUrl = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : undefined;
const file = args["db-file"] ?? tempDbFile("insight");
const db = await openDb(pgUrl ?? `file:${file}`);

// A deterministic pseudo-random stream, so two runs seed the same month.
let state = 42;
const rnd = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() ** 2 * list.length)] as T;
const PAGES = [
  "/",
  "/getafleet",
  "/faq",
  "/gasoline",
  "/diesel-on-demand",
  "/news",
  "/blog",
  "/careers",
  "/investors",
  "/saas/home",
  ...Array.from({ length: 200 }, (_, i) => `/blogdetail/${i + 1}`),
];
const REFERRERS = [
  null,
  null,
  null,
  "www.google.com",
  "www.bing.com",
  "www.linkedin.com",
  "t.co",
  "news.example.com",
  ...Array.from({ length: 40 }, (_, i) => `site${i}.example.org`),
];
const CAMPAIGNS = [null, null, null, null, ...Array.from({ length: 30 }, (_, i) => `campaign-${i}`)];
const SOURCES = ["newsletter", "linkedin", "google", "partner"];
const FORMS = ["quote-short", "quote-business", "lead-business", "lead-personal", "newsletter", "fleet"];
const FIELDS = ["firstName", "email", "phoneNumber", "zipCode", "message"];
const DEVICES = ["mobile", "desktop", "desktop", "tablet"];
const BROWSERS = ["Chrome", "Safari", "Edge", "Firefox"];
const OSES = ["Windows", "iOS", "Android", "macOS"];

const now = Date.now();
const start = now - DAYS * 86_400_000;
const COLUMNS = [
  "at",
  "day",
  "kind",
  "visitor",
  "view_id",
  "path",
  "referrer_host",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "device",
  "browser",
  "os",
  "form",
  "step",
  "fields",
  "submission_id",
  "metric",
  "value",
] as const;

/** One visit: a few page views, maybe a form, the first page's vitals. */
function* visits(): Generator<unknown[]> {
  let made = 0;
  let v = 0;
  let stored = 0;
  while (made < EVENTS) {
    const at0 = start + (Math.floor(((made / EVENTS) * DAYS + rnd() / 10) * 86_400_000) % (DAYS * 86_400_000));
    const visitor = `v${(v++).toString(36).padStart(15, "0")}`;
    const ref = pick(REFERRERS);
    const campaign = pick(CAMPAIGNS);
    const source = campaign ? pick(SOURCES) : null;
    const device = pick(DEVICES);
    const browser = pick(BROWSERS);
    const os = pick(OSES);
    const views = 1 + Math.floor(rnd() * 6);
    for (let i = 0; i < views && made < EVENTS; i++) {
      const at = new Date(at0 + i * 40_000).toISOString();
      const path = i === 0 ? pick(PAGES) : pick(PAGES);
      const base = [
        at,
        at.slice(0, 10),
        "view",
        visitor,
        `${visitor}-${i}`,
        path,
        i ? null : ref,
        i ? null : source,
        i ? null : campaign ? "email" : null,
        i ? null : campaign,
        device,
        browser,
        os,
      ];
      yield [...base, null, null, null, null, null, null];
      made++;
      if (i === 0) {
        for (const metric of VITALS) {
          if (made >= EVENTS || rnd() < 0.5) continue;
          const value = metric === "CLS" ? Math.round(rnd() ** 3 * 4000) / 10_000 : Math.round(rnd() ** 2 * (metric === "INP" ? 600 : 5000));
          yield [...base.slice(0, 2), "vital", ...base.slice(3), null, null, null, null, metric, value];
          made++;
        }
      }
      if (rnd() < 0.15) {
        const form = pick(FORMS);
        const steps = FORM_STEPS.filter((s, k) => k === 0 || rnd() < 0.6 || s === "seen");
        for (const step of steps) {
          if (made >= EVENTS) break;
          const submission = step === "stored" && stored < EVENTS / 500 ? `bench-insight-${stored++}` : null;
          yield [...base.slice(0, 2), "form", ...base.slice(3), form, step, step === "failed" ? "email,zip" : null, submission, null, null];
          made++;
          // The fields moved into after starting: where those who leave gave up.
          if (step === "started")
            for (let f = 0; f < 1 + Math.floor(rnd() * 3) && made < EVENTS; f++) {
              yield [...base.slice(0, 2), "form", ...base.slice(3), form, "focus", pick(FIELDS), null, null, null];
              made++;
            }
        }
      }
    }
  }
}

async function seed() {
  const t0 = performance.now();
  let n = 0;
  if (!pgUrl) {
    const raw = new SQLite(file);
    raw.pragma("journal_mode = WAL");
    raw.pragma("synchronous = OFF");
    const insert = raw.prepare(`INSERT INTO insight_events (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`);
    let batch: unknown[][] = [];
    const flush = raw.transaction((rows: unknown[][]) => {
      for (const r of rows) insert.run(r);
    });
    for (const row of visits()) {
      batch.push(row);
      if (batch.length === 50_000) {
        flush(batch);
        n += batch.length;
        batch = [];
        if (n % 1_000_000 === 0) console.log(`  ${n.toLocaleString("en")} events`);
      }
    }
    flush(batch);
    n += batch.length;
    raw.close();
  } else {
    let batch: Record<string, unknown>[] = [];
    const write = async () => {
      await db.kysely
        .insertInto("insight_events")
        .values(batch as never)
        .execute();
      n += batch.length;
      batch = [];
    };
    for (const row of visits()) {
      batch.push(Object.fromEntries(COLUMNS.map((c, i) => [c, row[i]])));
      if (batch.length === 2000) await write();
    }
    if (batch.length) await write();
  }
  // The leads these visits brought, with their first touch.
  const leads = Math.ceil(EVENTS / 500);
  for (let i = 0; i < leads; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, leads - i) }, (_, k) => {
      const campaign = pick(CAMPAIGNS);
      return {
        submission_id: `bench-insight-${i + k}`,
        kind: "quote-short",
        type: 19,
        email: `lead${i + k}@example.com`,
        payload: "{}",
        created_at: new Date(start + rnd() * DAYS * 86_400_000).toISOString(),
        landing_page: pick(PAGES),
        referrer_host: pick(REFERRERS),
        // Some leads come from a source no counted visit did (a browser blocking the insight script).
        utm_source: campaign ? pick(SOURCES) : rnd() < 0.05 ? "facebook" : null,
        utm_campaign: campaign,
      };
    });
    await db.kysely.insertInto("leads").values(rows).execute();
  }
  return { events: n, leads, seconds: (performance.now() - t0) / 1000 };
}

async function time(label: string, fn: () => Promise<unknown>) {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const p = (q: number) => round(ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? 0, 1);
  const row = { label, p50: p(0.5), p95: p(0.95), ok: p(0.95) <= TARGET_P95_MS };
  console.log(`  ${label.padEnd(40)} p50 ${String(row.p50).padStart(7)} ms   p95 ${String(row.p95).padStart(7)} ms ${row.ok ? "" : "  MISSED"}`);
  return row;
}

const existing = Number(
  (
    await db.kysely
      .selectFrom("insight_events")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow()
  ).n,
);
console.log(`insight bench: ${pgUrl ? "PostgreSQL" : `SQLite ${file}`}, ${EVENTS.toLocaleString("en")} events over ${DAYS} days`);
const seeded = existing >= EVENTS ? { events: existing, leads: 0, seconds: 0 } : await seed();
console.log(`  seeded ${seeded.events.toLocaleString("en")} events and ${seeded.leads.toLocaleString("en")} leads in ${round(seeded.seconds, 1)} s`);
const r0 = performance.now();
const rolled = await rollUp(db);
const rollSeconds = (performance.now() - r0) / 1000;
console.log(
  `  rolled up ${rolled.toLocaleString("en")} events in ${round(rollSeconds, 1)} s (${Math.round(rolled / Math.max(rollSeconds, 0.001)).toLocaleString("en")} events/s)`,
);
if (pgUrl) await sql`ANALYZE`.execute(db.kysely);
else await sql`ANALYZE`.execute(db.kysely);

const someLead = await db.kysely.selectFrom("insight_events").select("submission_id").where("submission_id", "is not", null).executeTakeFirst();
const figures = [];
for (const days of [7, 30, 90]) {
  figures.push(
    await time(`insight screen, ${days} days (rollup check + reads)`, async () => {
      await rollUp(db);
      return loadInsight(db, days);
    }),
  );
}
const lead = await db.kysely
  .selectFrom("leads")
  .select("id")
  .where("submission_id", "=", someLead?.submission_id ?? "")
  .executeTakeFirst();
figures.push(await time("a lead's visit", () => visitOfLead(db, Number(lead?.id ?? 1))));
// A privacy request's read of insight for an address: measured, not held to the screen's target.
const p0 = performance.now();
await insightNaming(db.kysely, "someone@example.net", [someLead?.submission_id ?? null]);
const privacyScanMs = round(performance.now() - p0, 0);
console.log(`  a privacy request's read of insight: ${privacyScanMs} ms`);
const size = pgUrl
  ? Number((await sql<{ n: string }>`SELECT pg_database_size(current_database()) AS n`.execute(db.kysely)).rows[0]?.n ?? 0)
  : statSync(file).size + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0);
const rollupRows = Number(
  (
    await db.kysely
      .selectFrom("insight_rollup")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow()
  ).n,
);
console.log(`  database ${round(size / 1024 / 1024, 0)} MB; ${rollupRows.toLocaleString("en")} rollup rows`);
const out = {
  database: pgUrl ? "postgres" : "sqlite",
  machine: machine(),
  events: seeded.events,
  seedSeconds: round(seeded.seconds, 1),
  rollSeconds: round(rollSeconds, 1),
  sizeMb: round(size / 1024 / 1024, 0),
  rollupRows,
  figures,
  privacyScanMs,
  at: new Date().toISOString(),
};
writeOut(`bench/insight-${out.database}.json`, `${JSON.stringify(out, null, 2)}\n`);
await db.close();
process.exit(figures.every((f) => f.ok) ? 0 : 1);
