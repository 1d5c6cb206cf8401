import { type Kysely, sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import { INSIGHT_TOUCH_AT } from "~/platform/db/migrations/035-insight-touch-at";
import type { Database } from "~/platform/db/schema";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { containing, spellings } from "~/shared/address-text";
import { looksPersonal } from "./guard.server";

/**
 * Insight and a person (decision record 038). The endpoint stores no address and no user
 * agent (a visitor is a hash under a salt of the day; of the browser only its family), and
 * drops campaign values that look like an e-mail address or phone number. What came in
 * before that, or slipped through, is found here by the desk's privacy request: raw events
 * whose source, medium, campaign or referrer names the address, rollup rows keyed by it,
 * and the events that name one of the person's leads by its submission id.
 */

type Executor = Kysely<Database>;

/** The columns of a raw event a campaign link or a referrer fills. */
const TOUCH = ["utm_source", "utm_medium", "utm_campaign", "referrer_host"] as const;
/** The rollup dimensions whose keys come from a visitor's request. */
const KEYED = ["page", "source", "referrer", "campaign"];

/** The column contains a spelling of the address; the raw events' values are stored lower-case, so they are compared as they are (half the cost of a scan). */
const naming = (e: string, column: string, stored: "lower-case" | "any case" = "any case") =>
  sql<boolean>`(${sql.join(
    spellings(e).map((s) => sql`${stored === "any case" ? sql`lower(${sql.ref(column)})` : sql.ref(column)} like ${containing(s)} escape '\\'`),
    sql` or `,
  )})`;

async function count(query: Promise<{ n: string | number | bigint }>) {
  return Number((await query).n);
}

/**
 * The raw events whose source, medium, campaign or referrer names the address: every
 * spelling of an address holds "@" or "%40", so the read is of migration 035's partial
 * index of such events, not of the table.
 */
const eventsNaming = (k: Executor, email: string) =>
  k
    .selectFrom("insight_events")
    .select(["id", ...TOUCH])
    .where(sql<boolean>`(${sql.raw(INSIGHT_TOUCH_AT)})`)
    .where((eb) => eb.or(TOUCH.map((column) => naming(email, column, "lower-case"))))
    .execute();

const named = (value: string | null, email: string) => value !== null && spellings(email).some((s) => value.toLowerCase().includes(s));

async function linkedAndKeyed(k: Executor, email: string, ids: string[]) {
  let n = 0;
  for (let i = 0; i < ids.length; i += 500)
    n += await count(
      k
        .selectFrom("insight_events")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("submission_id", "in", ids.slice(i, i + 500))
        .executeTakeFirstOrThrow(),
    );
  n += await count(
    k
      .selectFrom("insight_rollup")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("dim", "in", KEYED)
      .where(naming(email, "key"))
      .executeTakeFirstOrThrow(),
  );
  return n;
}

const submissions = (ids: (string | null)[]) => ids.filter((s): s is string => !!s);

/**
 * How many insight rows name the address (`email` lower-case) or one of its leads, for the
 * privacy screen's list: each value naming it in a raw event, each event naming one of its
 * leads, each rollup row keyed by it.
 */
export async function insightNaming(k: Executor, email: string, submissionIds: (string | null)[]): Promise<number> {
  const rows = await eventsNaming(k, email);
  const values = rows.reduce((n, r) => n + TOUCH.filter((c) => named(r[c], email)).length, 0);
  return values + (await linkedAndKeyed(k, email, submissions(submissionIds)));
}

/**
 * Forgets the address in insight, inside the privacy deletion's transaction: the value
 * naming it is emptied in the raw events (the view stays counted, without it), the rollup
 * rows keyed by it are deleted, and the events naming its leads lose the submission id,
 * so no page seen can be joined to the person again. Returns what insightNaming counts.
 */
export async function forgetInInsight(k: Executor, email: string, submissionIds: (string | null)[]): Promise<number> {
  const ids = submissions(submissionIds);
  const rows = await eventsNaming(k, email);
  let n = await linkedAndKeyed(k, email, ids);
  for (const column of TOUCH) {
    const hit = rows.filter((r) => named(r[column], email)).map((r) => Number(r.id));
    n += hit.length;
    for (let i = 0; i < hit.length; i += 500)
      await k
        .updateTable("insight_events")
        .set({ [column]: null })
        .where("id", "in", hit.slice(i, i + 500))
        .execute();
  }
  for (let i = 0; i < ids.length; i += 500)
    await k
      .updateTable("insight_events")
      .set({ submission_id: null })
      .where("submission_id", "in", ids.slice(i, i + 500))
      .execute();
  await k.deleteFrom("insight_rollup").where("dim", "in", KEYED).where(naming(email, "key")).execute();
  return n;
}

const SCRUBBED = "personal_scrubbed";
/** Raw events updated in one write: each slice holds the write lock only briefly. */
const SLICE = 50_000;

/**
 * Once per database: empties the campaign, source, medium and referrer values that look
 * like an e-mail address or phone number, stored before the endpoint dropped them, in the
 * raw events (in slices of ids) and in the rollups (those rows are deleted). Returns how
 * many raw values and rollup rows went.
 */
export async function scrubPersonalValues(db: Db): Promise<number> {
  const done = await db.kysely.selectFrom("insight_state").select("value").where("key", "=", SCRUBBED).executeTakeFirst();
  if (done) return 0;
  let n = 0;
  const keys = await db.kysely.selectFrom("insight_rollup").select(["dim", "key"]).where("dim", "in", KEYED).execute();
  const badKeys = keys.filter((r) => looksPersonal(r.key));
  const top = await db.kysely
    .selectFrom("insight_events")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  const last = Number(top?.id ?? 0);
  const bad = new Map<(typeof TOUCH)[number], string[]>();
  for (const column of TOUCH) {
    const values = await db.kysely
      .selectFrom("insight_events")
      .select(sql.ref<string | null>(column).as("v"))
      .distinct()
      .where(column, "is not", null)
      .execute();
    const personal = values.map((r) => r.v).filter((v): v is string => v !== null && looksPersonal(v));
    if (personal.length) bad.set(column, personal);
  }
  const q = writeQueueFor(db);
  for (let i = 0; i < badKeys.length; i += 200) {
    const slice = badKeys.slice(i, i + 200);
    await q.run(async (trx) => {
      for (const r of slice) await trx.deleteFrom("insight_rollup").where("dim", "=", r.dim).where("key", "=", r.key).execute();
    });
    n += slice.length;
  }
  for (let from = 0; bad.size && from < last; from += SLICE) {
    n += await q.run(async (trx) => {
      let changed = 0;
      for (const [column, values] of bad)
        for (let i = 0; i < values.length; i += 500) {
          const r = await trx
            .updateTable("insight_events")
            .set({ [column]: null })
            .where("id", ">", from)
            .where("id", "<=", from + SLICE)
            .where(column, "in", values.slice(i, i + 500))
            .executeTakeFirst();
          changed += Number(r.numUpdatedRows);
        }
      return changed;
    });
  }
  await q.run((trx) =>
    trx
      .insertInto("insight_state")
      .values({ key: SCRUBBED, value: new Date().toISOString() })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute(),
  );
  return n;
}
