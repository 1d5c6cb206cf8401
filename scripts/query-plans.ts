/**
 * The database plans of the blog's and the comment desk's queries: each page's loader runs
 * against a connection that records every query it makes, then each recorded query is
 * explained (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN). Used by the query-plan
 * test (SQLite) and by bench-scale (both databases, at 10,000 posts).
 */
import SQLite from "better-sqlite3";
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { arraysThroughKysely, type Db } from "../app/platform/db/db.server";
import type { Database } from "../app/platform/db/schema";

export interface RecordingDb {
  db: Db;
  /** Queries made since the last take(), and forgets them. */
  take(): CompiledQuery[];
  close(): Promise<void>;
}

/** A second connection to the same database (a SQLite file or a postgres:// URL) that records its queries. */
export function recordingDb(url: string): RecordingDb {
  let queries: CompiledQuery[] = [];
  const log = (e: { query: CompiledQuery }) => {
    queries.push(e.query);
  };
  const postgres = url.startsWith("postgres");
  const dialect = postgres
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) })
    : new SqliteDialect({ database: new SQLite(url.replace(/^file:/, ""), { readonly: false }) });
  const kysely = new Kysely<Database>({ dialect, log: (e) => log(e) });
  const db: Db = {
    kysely,
    dialect: postgres ? "postgres" : "sqlite",
    describe: "query recorder",
    contentVersion: async () => "0",
    contentChanged: async () => {},
    readArrays: arraysThroughKysely(kysely),
    purgeDeleted: async () => ({ logEmptied: true }),
    close: () => kysely.destroy(),
  };
  return {
    db,
    take() {
      const out = queries;
      queries = [];
      return out;
    },
    close: () => kysely.destroy(),
  };
}

export interface Plan {
  sql: string;
  plan: string[];
  /** Steps that read a whole table of posts or comments (no index). */
  fullScans: string[];
  /** Steps that sort rows outside an index. */
  sorts: string[];
}

/** The plan of one recorded query, with its full scans and sorts picked out. */
export async function explain(db: Db, q: CompiledQuery): Promise<Plan> {
  const text = q.sql;
  let plan: string[];
  if (db.dialect === "postgres") {
    const r = await db.kysely.executeQuery<{ "QUERY PLAN": string }>({ ...q, sql: `EXPLAIN ${text}` });
    plan = r.rows.map((row) => row["QUERY PLAN"]);
  } else {
    const r = await db.kysely.executeQuery<{ detail: string }>({ ...q, sql: `EXPLAIN QUERY PLAN ${text}` });
    plan = r.rows.map((row) => row.detail);
  }
  const fullScans = plan.filter((line) => (db.dialect === "postgres" ? /Seq Scan on (posts|comments)\b/.test(line) : /^SCAN \w+$/.test(line.trim())));
  const sorts = plan.filter((line) => (db.dialect === "postgres" ? /^\s*(->\s*)?Sort\s+\(/.test(line) : /TEMP B-TREE/.test(line)));
  return { sql: text, plan, fullScans, sorts };
}

/** Runs `load` and explains every SELECT it made. */
export async function plansOf(rec: RecordingDb, load: (db: Db) => Promise<unknown>): Promise<Plan[]> {
  rec.take();
  await load(rec.db);
  const selects = rec.take().filter((q) => /^\s*select\b/i.test(q.sql));
  const out: Plan[] = [];
  for (const q of selects) out.push(await explain(rec.db, q));
  return out;
}

/**
 * Refreshes the planner's statistics, as a live database has them. On PostgreSQL also a
 * VACUUM, as autovacuum would do after a bulk load: until then the full-text index's new
 * entries sit in its pending list, which makes every search look dearer than a table scan.
 */
export async function analyse(db: Db): Promise<void> {
  await (db.dialect === "postgres" ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(db.kysely);
}
