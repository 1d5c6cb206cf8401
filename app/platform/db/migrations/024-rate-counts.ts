import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 024: the public forms' rate limit counted for the whole cluster. On
 * PostgreSQL, where several instances may serve the site, each client's posts are counted
 * per fixed window in this table (platform/rate-limit.server.ts). It is UNLOGGED there: a
 * count is worth no disk sync, and after a crash the windows simply start again. SQLite
 * has one process and counts in memory; the table is made there too, and stays empty.
 */
export function rateCountsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const unlogged = dialect === "postgres" ? sql`UNLOGGED` : sql``;
      const whole = dialect === "postgres" ? sql`bigint` : sql`integer`;
      await sql`CREATE ${unlogged} TABLE IF NOT EXISTS rate_counts (
        key text NOT NULL,
        window_start ${whole} NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (key, window_start)
      )`.execute(db);
    },
  };
}
