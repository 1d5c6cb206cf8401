import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database, Db } from "~/platform/db/db.server";
import { ATTRIBUTION_FILTER_KEYS } from "~/platform/db/migrations/018-lead-search";

/** The attribution filters' URL names and their columns. */
const FILTERS = {
  landing: "landing_page",
  referrer: "referrer_host",
  utm_source: "utm_source",
  utm_medium: "utm_medium",
  utm_campaign: "utm_campaign",
} as const;

export type AttributionValues = Record<keyof typeof FILTERS, string[]>;

/** At most this many values offered per filter, the first in alphabetical order. */
export const VALUES_PER_FILTER = 50;

/**
 * The values each attribution filter can take (lower case, hosts without "www."), for
 * the inbox's suggestions. Each list is a walk over the filter's index, one seek per
 * distinct value (the first key after the previous one), never a scan of the leads; the
 * inbox reads them once per request.
 */
export async function attributionValues(db: Db, limit = VALUES_PER_FILTER): Promise<AttributionValues> {
  // PostgreSQL prices the recursive step as a scan (a range with an unknown bound) and
  // would JIT-compile the query, which costs seconds; the index seeks it runs cost microseconds.
  const lists =
    db.dialect === "postgres"
      ? await db.kysely.transaction().execute(async (trx) => {
          await sql`SET LOCAL jit = off`.execute(trx);
          return Promise.all(Object.values(FILTERS).map((column) => valuesOf(trx, column, limit)));
        })
      : await Promise.all(Object.values(FILTERS).map((column) => valuesOf(db.kysely, column, limit)));
  const names = Object.keys(FILTERS) as (keyof typeof FILTERS)[];
  return Object.fromEntries(names.map((name, i) => [name, lists[i] ?? []])) as AttributionValues;
}

async function valuesOf(kysely: Kysely<Database>, column: (typeof FILTERS)[keyof typeof FILTERS], limit: number): Promise<string[]> {
  const key = sql.raw(ATTRIBUTION_FILTER_KEYS[column]);
  const present = sql.raw(`${column} IS NOT NULL`);
  // Each step the first key after the last one, read in order from the filter's index.
  const first = (after: RawBuilder<unknown> | null) =>
    sql`(SELECT ${key} FROM leads WHERE ${present}${after ? sql` AND ${key} > ${after}` : sql``} ORDER BY ${key} LIMIT 1)`;
  const { rows } = await sql<{ k: string }>`
    WITH RECURSIVE v(k, n) AS (
      SELECT ${first(null)}, 1
      UNION ALL
      SELECT ${first(sql`v.k`)}, v.n + 1 FROM v WHERE v.k IS NOT NULL AND v.n < ${limit}
    )
    SELECT k FROM v WHERE k IS NOT NULL AND k <> ''`.execute(kysely);
  return rows.map((r) => r.k);
}
