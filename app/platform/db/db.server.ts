import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { type CompiledQuery, Kysely, type KyselyPlugin, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { preparedName } from "./compiled.server";
import { migrationsBeside, recordMigrationKinds } from "./migration-compat.server";
import { CONTRACT_MIGRATIONS, type Dialect, migrations } from "./migrations/index";
import type { Database } from "./schema";
import { withMigrationLock } from "./server-lock.server";
import { DEFAULT_BUSY_DEADLINE_MS, readArrays, SplitSqliteDialect } from "./sqlite-driver.server";
import { FALLBACK_PAGES, startCheckpointer } from "./checkpointer.server";

export type { Database } from "./schema";

/** What every server connection is called in pg_stat_activity: `npm run restore` refuses while one is open. */
export const PG_APPLICATION_NAME = "fillway";

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, for logs (no password). */
  describe: string;
  /**
   * Changes whenever the stored content may have changed (cached pages are rendered once
   * per value). SQLite: the read connection's data_version, which moves with every commit
   * by any connection or process. PostgreSQL: the row-change counters of posts and
   * comments, read at most once a second, so every instance sees a change within seconds.
   * The content feature adds the latest scheduled publish time that has passed
   * (features/content/publish-clock.server.ts), so a post scheduled for later appears
   * right after its time without any write.
   */
  contentVersion(): Promise<string>;
  /**
   * Says, after a committed change to posts made in the desk, that every instance should
   * render afresh. PostgreSQL: a sequence that the version also reads, so other instances
   * see the change within a quarter of a second whatever PostgreSQL's statistics do. SQLite: nothing to
   * do (data_version is exact).
   */
  contentChanged(): Promise<void>;
  /**
   * A SELECT's rows as arrays of its columns' values, in the order it selects them: for
   * reading very many rows (the CSV export), which as arrays cost the driver and the
   * garbage collector much less than as objects. Outside any transaction.
   */
  readArrays(query: CompiledQuery): Promise<unknown[][]>;
  /**
   * After a deletion that must leave no trace in the database's files (a privacy
   * deletion), once it has committed. SQLite overwrites deleted rows with zeros as it
   * deletes them (`secure_delete`); this rewrites the full-text indexes among `tables`,
   * which keep a deleted row's words until merged, then copies the write-ahead log into
   * the file and truncates it, so no earlier version of a page is left in the log, and
   * resolves when that is done: `logEmptied` true, or false when other connections kept it
   * from finishing within the busy deadline (the log is then emptied by the next
   * checkpoint that finds no reader, and overwritten as it fills again). PostgreSQL: a
   * `VACUUM` of `tables` starts outside any transaction and this resolves at once, with
   * `vacuumed` following when it is done (what it does and does not wipe:
   * docs/operations.md, "Privacy deletions").
   */
  purgeDeleted(tables: readonly string[]): Promise<{ logEmptied: boolean; vacuumed?: Promise<void> }>;
  /** PostgreSQL: the connection pool's use now (for the metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** `readArrays` done the plain way: rows read as objects through Kysely, then made arrays. */
export const arraysThroughKysely =
  (kysely: Kysely<Database>) =>
  async (query: CompiledQuery): Promise<unknown[][]> =>
    (await kysely.executeQuery<Record<string, unknown>>(query)).rows.map((row) => Object.values(row));

/**
 * How often, at most, an instance on PostgreSQL reads the content's version (one small
 * query while pages are asked for): a post published through another instance shows on
 * this one within this time plus a render.
 */
const VERSION_READ_MS = 250;

export const DEFAULT_SQLITE_PATH = "data/fillway.db";

/** Each SQLite connection's page cache, in KiB (filled only as pages are read). */
const CACHE_KB = 64 * 1024;

/**
 * Opens the database named by DATABASE_URL (unset: the SQLite file under data/) and runs
 * the migrations, which are idempotent.
 */
export async function openDb(url: string | undefined, opts: { busyDeadlineMs?: number } = {}): Promise<Db> {
  if (url && !url.startsWith("postgres") && !url.startsWith("file:")) {
    throw new Error(`DATABASE_URL must start with "file:" (a SQLite file) or "postgres" (a PostgreSQL server); got "${url.split(":")[0]}…"`);
  }
  const sqliteFile = url?.startsWith("postgres") ? null : url ? url.slice("file:".length) : DEFAULT_SQLITE_PATH;
  const db = sqliteFile === null ? openPostgres(url ?? "") : openSqlite(sqliteFile, opts.busyDeadlineMs ?? DEFAULT_BUSY_DEADLINE_MS);
  // PostgreSQL: the migrator holds an advisory lock. SQLite: a lock file beside the database.
  await (sqliteFile === null || sqliteFile === ":memory:" ? migrate(db) : withMigrationLock(sqliteFile, () => migrate(db)));
  return db;
}

function openSqlite(file: string, busyDeadlineMs: number): Db {
  const memory = file === ":memory:";
  const path = memory ? file : resolve(file);
  if (!memory) mkdirSync(dirname(path), { recursive: true });
  const writer = new SQLite(path);
  // WAL with FULL sync: an acknowledged write survives a crash or power loss.
  writer.pragma("journal_mode = WAL");
  writer.pragma("synchronous = FULL");
  // No busy timeout: a lock held by another process is waited for asynchronously
  // (sqlite-driver.server.ts), never by sleeping on the event loop.
  writer.pragma("busy_timeout = 0");
  writer.pragma("foreign_keys = ON");
  // A deleted row is overwritten with zeros, in its page and in the pages freed with it,
  // so what a privacy deletion removes is not left in the file's free space (nor in a
  // backup, which copies every page).
  writer.pragma("secure_delete = ON");
  // A page cache that holds the upper levels of every index of a large leads table (the
  // default, 2 MB, is a few hundred pages: at a million leads each insert and each desk
  // page read most of its pages again through the operating system).
  writer.pragma(`cache_size = -${CACHE_KB}`);
  // Reads get their own connection: under WAL they never wait for a writer.
  const reader = memory ? undefined : new SQLite(path);
  reader?.pragma("busy_timeout = 0");
  reader?.pragma("query_only = ON");
  reader?.pragma(`cache_size = -${CACHE_KB}`);
  // The log is copied back into the file on a thread of its own (checkpointer.server.ts).
  const checkpointer = memory ? undefined : startCheckpointer(path);
  if (checkpointer) writer.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  const kysely = new Kysely<Database>({ dialect: new SplitSqliteDialect({ writer, reader, busyDeadlineMs }) });
  // An in-memory database has one connection, which data_version does not watch.
  let memoryVersion = 0;
  const contentVersion = reader ? async () => String(reader.pragma("data_version", { simple: true })) : async () => String(++memoryVersion);
  const contentChanged = async () => {
    if (!reader) memoryVersion++;
  };
  return {
    kysely,
    dialect: "sqlite",
    describe: `sqlite:${path}`,
    contentVersion,
    contentChanged,
    purgeDeleted: async (tables) => {
      await mergeFullText(kysely, tables);
      return { logEmptied: memory || (await truncateLog(kysely, busyDeadlineMs)) };
    },
    // An in-memory database's one connection may be inside a batch's transaction: its rows
    // are read through Kysely, in turn with the writes, and then made arrays.
    readArrays: reader ? (query) => readArrays(reader, query, busyDeadlineMs) : arraysThroughKysely(kysely),
    close: async () => {
      await checkpointer?.stop();
      await kysely.destroy();
    },
  };
}

/**
 * A pg client that runs the hot path's statements (compiled.server.ts) as named prepared
 * statements; Kysely passes every statement as a text and its parameters.
 */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this passes them all through.
  query(config: any, values?: any, callback?: any): any {
    const name = typeof config === "string" ? preparedName(config) : undefined;
    if (name) return super.query({ name, text: config, values }, callback);
    return super.query(config, values, callback);
  }
}

function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10, Client: PreparingClient, application_name: PG_APPLICATION_NAME });
  // Writes made through this instance move its content version at once (and again a
  // moment later, for a page rendered between a write and its transaction's commit);
  // other instances' writes show in the table statistics, read at most once a second.
  let localWrites = 0;
  const written = new WeakSet<object>();
  const noteWrites: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (node.kind === "InsertQueryNode" || node.kind === "UpdateQueryNode" || node.kind === "DeleteQueryNode") written.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (written.has(queryId)) {
        localWrites++;
        setTimeout(() => localWrites++, 250).unref();
      }
      return result;
    },
  };
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [noteWrites] });
  const safe = new URL(url);
  safe.password = "";
  let stats = "";
  let readAt = 0;
  let reading: Promise<string> | null = null;
  const readStats = () => {
    if (Date.now() - readAt < VERSION_READ_MS) return Promise.resolve(stats);
    // The statistics move with every write, but a backend may hold them back for up to
    // 10 s when idle; the desk's writes also bump content_changes (migration 009), read
    // here at once. (Its first nextval leaves last_value as it was and sets is_called, so
    // both are read.)
    reading ??= sql<{ n: string | null; c: string | null }>`SELECT
        (SELECT sum(n_tup_ins + n_tup_upd + n_tup_del) FROM pg_stat_user_tables WHERE relname IN ('posts', 'comments'))::text AS n,
        (SELECT last_value::text || CASE WHEN is_called THEN '' ELSE '-' END FROM content_changes) AS c`
      .execute(kysely)
      .then((r) => {
        stats = `${r.rows[0]?.n ?? "0"}.${r.rows[0]?.c ?? "0"}`;
        readAt = Date.now();
        return stats;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const contentVersion = async () => `${await readStats()}:${localWrites}`;
  const contentChanged = async () => {
    await sql`SELECT nextval('content_changes')`.execute(kysely);
    localWrites++;
  };
  const readArrays = async ({ sql: text, parameters }: CompiledQuery) =>
    (await pool.query<unknown[]>({ text, values: parameters as unknown[], rowMode: "array" })).rows;
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  // VACUUM cannot run inside a transaction block: one statement of its own on a pooled
  // connection, in autocommit, for those of the tables this database has (the caller's
  // names, from its code, never from a request).
  const purgeDeleted = async (tables: readonly string[]) => {
    const vacuumed = (async () => {
      const { rows } = await pool.query<{ t: string }>(
        "SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() AND tablename = ANY($1::text[])",
        [[...tables]],
      );
      if (rows.length) await pool.query(`VACUUM ${rows.map((r) => `"${r.t.replace(/"/g, '""')}"`).join(", ")}`);
    })();
    return { logEmptied: true, vacuumed };
  };
  return {
    kysely,
    dialect: "postgres",
    describe: safe.toString(),
    contentVersion,
    contentChanged,
    readArrays,
    purgeDeleted,
    poolStats,
    close: () => kysely.destroy(),
  };
}

/**
 * Rewrites the segments of each FTS5 table among `tables` that still hold deleted rows'
 * words. A contentless FTS5 index (the leads' search words) only marks a deleted row in
 * its segments; the words stay in the pages until a merge rewrites them. Merging every
 * segment into one drops them; it runs as many short 'merge' statements (FTS5's own
 * incremental merge: done when a statement changes fewer than two rows), so writes go on
 * between them. Pages it frees are overwritten (secure_delete).
 */
async function mergeFullText(kysely: Kysely<Database>, tables: readonly string[]): Promise<void> {
  if (!tables.length) return;
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master
    WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%' AND name IN (${sql.join(tables)})`.execute(kysely);
  for (const { name } of rows) {
    const merge = sql`INSERT INTO ${sql.table(name)} (${sql.ref(name)}, rank) VALUES ('merge', ${-MERGE_PAGES})`;
    for (;;) {
      const changed = await kysely.transaction().execute(async (trx) => {
        const before = await sql<{ n: number }>`SELECT total_changes() AS n`.execute(trx);
        await merge.execute(trx);
        const after = await sql<{ n: number }>`SELECT total_changes() AS n`.execute(trx);
        return Number(after.rows[0]?.n) - Number(before.rows[0]?.n);
      });
      if (changed < 2) break;
    }
  }
}

/** Pages of an FTS5 index each merge statement writes, at most (4 KiB each). */
const MERGE_PAGES = 64;

/**
 * PRAGMA wal_checkpoint(TRUNCATE), tried until no other connection keeps it from
 * finishing (a reader of an older snapshot, another checkpoint) or the deadline passes.
 * Each try is one statement on the write connection, so writes go on between tries.
 */
async function truncateLog(kysely: Kysely<Database>, deadlineMs: number): Promise<boolean> {
  const deadline = Date.now() + deadlineMs;
  let delay = 1;
  for (;;) {
    const { rows } = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(kysely);
    if (rows[0]?.busy === 0) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 50);
  }
}

async function migrate(db: Db): Promise<void> {
  const known = migrations(db.dialect);
  const kysely = db.kysely as unknown as Kysely<unknown>;
  const list = await migrationsBeside(kysely, known);
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => list },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(failed ? `Database migration ${failed.migrationName} failed: ${String(error)}` : `Database migrations could not run: ${String(error)}`);
  }
  await recordMigrationKinds(kysely, known, CONTRACT_MIGRATIONS);
}
