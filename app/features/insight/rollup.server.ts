import { sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import type { Services } from "~/platform/services.server";
import { scrubPersonalValues } from "./privacy.server";
import { readHist, routeOf, type Vital, vitalBin, writeHist } from "./wire";

/**
 * The rollups (decision record 031): every raw event after the watermark is counted into
 * views and visitors per hour and per day and per dimension, form steps per day, and
 * Web Vitals histograms per day, and each visitor's last field focused per form today
 * (insight_form_exits, counted into the form rollup once the day is over); the watermark moves in the same transaction, and only if
 * no other instance moved it meanwhile. A visitor counts once a day: at its first view of
 * that day, which also says where the visit came from (source, referrer, campaign).
 */
const ROLLED = "rolled_id";
const BATCH = 50_000;

type Counts = Map<string, { views: number; visitors: number }>;

const bump = (m: Counts, key: string, views: number, visitors: number) => {
  const c = m.get(key);
  if (c) {
    c.views += views;
    c.visitors += visitors;
  } else m.set(key, { views, visitors });
};

async function watermark(db: Db): Promise<number> {
  const row = await db.kysely.selectFrom("insight_state").select("value").where("key", "=", ROLLED).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/** Rolls every event written so far into the rollups; returns how many events it counted. */
export async function rollUp(db: Db, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const from = await watermark(db);
    const events = await db.kysely
      .selectFrom("insight_events")
      .select([
        "id",
        "at",
        "day",
        "kind",
        "visitor",
        "path",
        "referrer_host",
        "utm_source",
        "utm_campaign",
        "device",
        "browser",
        "os",
        "form",
        "step",
        "fields",
        "metric",
        "value",
      ])
      .where("id", ">", from)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (!events.length) {
      await foldExits(db, now.toISOString().slice(0, 10));
      return total;
    }
    const to = Number(events[events.length - 1]?.id);
    // Visitors of these days already counted before this batch.
    const counted = new Set<string>();
    const views = events.filter((e) => e.kind === "view");
    const visitors = [...new Set(views.map((e) => e.visitor))];
    const days = [...new Set(views.map((e) => e.day))];
    for (let i = 0; i < visitors.length; i += 500) {
      const rows = await db.kysely
        .selectFrom("insight_events")
        .select(["visitor", "day"])
        .distinct()
        .where("kind", "=", "view")
        .where("id", "<=", from)
        .where("day", "in", days)
        .where("visitor", "in", visitors.slice(i, i + 500))
        .execute();
      for (const r of rows) counted.add(`${r.visitor} ${r.day}`);
    }
    const rollup: Counts = new Map();
    const forms = new Map<string, number>();
    const exits = new Map<string, { field: string; done: number }>();
    const vitals = new Map<string, Map<number, number>>();
    for (const e of events) {
      if (e.kind === "view") {
        const first = !counted.has(`${e.visitor} ${e.day}`);
        if (first) counted.add(`${e.visitor} ${e.day}`);
        const v = first ? 1 : 0;
        // By hour only the totals; by day every dimension.
        bump(rollup, `hour ${e.at.slice(0, 13)} all `, 1, v);
        for (const bucket of [`day ${e.day}`]) {
          bump(rollup, `${bucket} all `, 1, v);
          bump(rollup, `${bucket} page ${e.path}`, 1, v);
          for (const [dim, key] of [
            ["device", e.device],
            ["browser", e.browser],
            ["os", e.os],
          ])
            bump(rollup, `${bucket} ${dim} ${key}`, 1, v);
          if (first) {
            bump(rollup, `${bucket} source ${e.utm_source ?? e.referrer_host ?? "(direct)"}`, 1, 1);
            if (e.referrer_host) bump(rollup, `${bucket} referrer ${e.referrer_host}`, 1, 1);
            if (e.utm_campaign) bump(rollup, `${bucket} campaign ${e.utm_campaign}`, 1, 1);
          }
        }
      } else if (e.kind === "form" && e.form && e.step) {
        if (e.step === "focus" || e.step === "submitted" || e.step === "stored") {
          // Where a visitor gives up: the last field focused, until the form is submitted.
          const k = `${e.day}\u0000${e.form}\u0000${e.visitor}`;
          const x = exits.get(k) ?? { field: "", done: 0 };
          if (e.step === "focus") x.field = e.fields ?? x.field;
          else x.done = 1;
          exits.set(k, x);
        }
        if (e.step !== "focus") {
          const k = `${e.day}\u0000${e.form}\u0000${e.step}`;
          forms.set(`${k}\u0000`, (forms.get(`${k}\u0000`) ?? 0) + 1);
          if (e.fields) for (const f of e.fields.split(",")) forms.set(`${k}\u0000${f}`, (forms.get(`${k}\u0000${f}`) ?? 0) + 1);
        }
      } else if (e.kind === "vital" && e.metric && e.value !== null) {
        const k = `${e.day}\u0000${routeOf(e.path)}\u0000${e.device}\u0000${e.metric}`;
        let hist = vitals.get(k);
        if (!hist) {
          hist = new Map<number, number>();
          vitals.set(k, hist);
        }
        const bin = vitalBin(e.metric as Vital, Number(e.value));
        hist.set(bin, (hist.get(bin) ?? 0) + 1);
      }
    }
    const rollupRows = [...rollup].map(([k, c]) => {
      const [grain, bucket, dim, ...rest] = k.split(" ");
      return { grain: grain as "hour" | "day", bucket: bucket ?? "", dim: dim ?? "", key: rest.join(" "), views: c.views, visitors: c.visitors };
    });
    const formRows = [...forms].map(([k, n]) => {
      const [day, form, step, field] = k.split("\u0000");
      return { day: day ?? "", form: form ?? "", step: step ?? "", field: field ?? "", n };
    });
    const exitRows = [...exits].map(([k, x]) => {
      const [day, form, visitor] = k.split("\u0000");
      return { day: day ?? "", form: form ?? "", visitor: visitor ?? "", field: x.field, done: x.done };
    });
    const vitalRows = [...vitals].map(([k, hist]) => {
      const [day, path, device, metric] = k.split("\u0000");
      return { day: day ?? "", path: path ?? "", device: device ?? "", metric: metric ?? "", hist };
    });
    await writeQueueFor(db).run(async (trx) => {
      const moved = from
        ? await trx
            .updateTable("insight_state")
            .set({ value: String(to) })
            .where("key", "=", ROLLED)
            .where("value", "=", String(from))
            .executeTakeFirst()
        : await trx
            .insertInto("insight_state")
            .values({ key: ROLLED, value: String(to) })
            .onConflict((oc) => oc.column("key").doNothing())
            .executeTakeFirst();
      const n = "numUpdatedRows" in moved ? moved.numUpdatedRows : (moved.numInsertedOrUpdatedRows ?? 0n);
      if (Number(n) !== 1) throw new Error("insight rollup: another instance rolled these events");
      for (let i = 0; i < rollupRows.length; i += 300) {
        await trx
          .insertInto("insight_rollup")
          .values(rollupRows.slice(i, i + 300))
          .onConflict((oc) =>
            oc.columns(["grain", "dim", "bucket", "key"]).doUpdateSet((eb) => ({
              views: sql`insight_rollup.views + ${eb.ref("excluded.views")}`,
              visitors: sql`insight_rollup.visitors + ${eb.ref("excluded.visitors")}`,
            })),
          )
          .execute();
      }
      for (let i = 0; i < formRows.length; i += 300) {
        await trx
          .insertInto("insight_form_rollup")
          .values(formRows.slice(i, i + 300))
          .onConflict((oc) => oc.columns(["day", "form", "step", "field"]).doUpdateSet((eb) => ({ n: sql`insight_form_rollup.n + ${eb.ref("excluded.n")}` })))
          .execute();
      }
      for (let i = 0; i < exitRows.length; i += 300) {
        await trx
          .insertInto("insight_form_exits")
          .values(exitRows.slice(i, i + 300))
          .onConflict((oc) =>
            oc.columns(["day", "form", "visitor"]).doUpdateSet({
              field: sql`case when excluded.field <> '' then excluded.field else insight_form_exits.field end`,
              done: sql`case when excluded.done = 1 then 1 else insight_form_exits.done end`,
            }),
          )
          .execute();
      }
      // A histogram is merged with the stored one here: one row per day, route, device and metric.
      for (const days of [...new Set(vitalRows.map((r) => r.day))]) {
        const stored = await trx.selectFrom("insight_vitals_rollup").select(["path", "device", "metric", "hist"]).where("day", "=", days).execute();
        const have = new Map(stored.map((r) => [`${r.path}\u0000${r.device}\u0000${r.metric}`, r.hist]));
        const rows = vitalRows
          .filter((r) => r.day === days)
          .map((r) => {
            const hist = readHist(have.get(`${r.path}\u0000${r.device}\u0000${r.metric}`) ?? "", new Map(r.hist));
            let n = 0;
            for (const c of hist.values()) n += c;
            return { day: r.day, path: r.path, device: r.device, metric: r.metric, n, hist: writeHist(hist) };
          });
        for (let i = 0; i < rows.length; i += 300) {
          await trx
            .insertInto("insight_vitals_rollup")
            .values(rows.slice(i, i + 300))
            .onConflict((oc) =>
              oc.columns(["day", "path", "device", "metric"]).doUpdateSet((eb) => ({ n: eb.ref("excluded.n"), hist: eb.ref("excluded.hist") })),
            )
            .execute();
        }
      }
    });
    total += events.length;
  }
}

/** The step under which the forms left unsent of days past are counted by their last field, once their visitors are forgotten. */
export const GAVE_UP = "gave-up";

/**
 * The forms left unsent on the days before `before` (today: a visitor is one browser on one
 * day, so its day over, its last field is final), counted by their last field into the form
 * rollup (step GAVE_UP); their rows, which hold the visitor's hash, are deleted. The screen
 * reads today's rows, and the rollup for the days before.
 */
async function foldExits(db: Db, before: string) {
  const any = await db.kysely.selectFrom("insight_form_exits").select("day").where("day", "<", before).limit(1).executeTakeFirst();
  if (!any) return;
  await writeQueueFor(db).run(async (trx) => {
    const left = await trx
      .selectFrom("insight_form_exits")
      .select(["day", "form", "field", (eb) => eb.fn.countAll<string | number>().as("n")])
      .where("done", "=", 0)
      .where("day", "<", before)
      .where("field", "<>", "")
      .groupBy(["day", "form", "field"])
      .execute();
    const rows = left.map((r) => ({ day: r.day, form: r.form, step: GAVE_UP, field: r.field, n: Number(r.n) }));
    for (let i = 0; i < rows.length; i += 300) {
      await trx
        .insertInto("insight_form_rollup")
        .values(rows.slice(i, i + 300))
        .onConflict((oc) => oc.columns(["day", "form", "step", "field"]).doUpdateSet((eb) => ({ n: sql`insight_form_rollup.n + ${eb.ref("excluded.n")}` })))
        .execute();
    }
    await trx.deleteFrom("insight_form_exits").where("day", "<", before).execute();
  });
}

/** Deletes the raw events older than `days` days that have been rolled up; returns how many. */
export async function dropOldEvents(db: Db, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const rolled = await watermark(db);
  let deleted = 0;
  for (;;) {
    // In slices, so no one transaction holds the write lock for long.
    const ids = await db.kysely.selectFrom("insight_events").select("id").where("day", "<", before).where("id", "<=", rolled).limit(5000).execute();
    if (!ids.length) return deleted;
    const list = ids.map((r) => Number(r.id));
    await writeQueueFor(db).run((trx) => trx.deleteFrom("insight_events").where("id", "in", list).execute());
    deleted += list.length;
  }
}

const started = new WeakSet<Services>();
/** Rolls up every minute (and drops old raw events and scrubs what names a person every hour) while the process runs. */
export function startRollups(services: Services, everyMs = 60_000): void {
  if (started.has(services)) return;
  started.add(services);
  let ticks = 0;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    const hourly = ticks++ % 60 === 0;
    rollUp(services.db)
      .then(() => (hourly ? dropOldEvents(services.db, services.env.INSIGHT_RAW_DAYS) : 0))
      // Values naming a person stored before the endpoint dropped them: once per database.
      .then(() => (hourly ? scrubPersonalValues(services.db) : 0))
      .catch((err) => services.log.warn({ err }, "insight rollup failed"))
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref?.();
}
