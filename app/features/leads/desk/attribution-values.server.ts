import { sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
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
 * distinct value (`min(key) WHERE key > previous`), never a scan of the leads; the
 * inbox reads them once per request.
 */
export async function attributionValues(db: Db, limit = VALUES_PER_FILTER): Promise<AttributionValues> {
  const lists = await Promise.all(
    Object.values(FILTERS).map(async (column) => {
      const key = sql.raw(ATTRIBUTION_FILTER_KEYS[column]);
      const present = sql.raw(`${column} IS NOT NULL`);
      const { rows } = await sql<{ k: string }>`
        WITH RECURSIVE v(k, n) AS (
          SELECT (SELECT min(${key}) FROM leads WHERE ${present}), 1
          UNION ALL
          SELECT (SELECT min(${key}) FROM leads WHERE ${present} AND ${key} > v.k), v.n + 1 FROM v WHERE v.k IS NOT NULL AND v.n < ${limit}
        )
        SELECT k FROM v WHERE k IS NOT NULL AND k <> ''`.execute(db.kysely);
      return rows.map((r) => r.k);
    }),
  );
  const names = Object.keys(FILTERS) as (keyof typeof FILTERS)[];
  return Object.fromEntries(names.map((name, i) => [name, lists[i] ?? []])) as AttributionValues;
}
