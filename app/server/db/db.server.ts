import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect } from "kysely";
import pg from "pg";
import { type Dialect, migrations } from "./migrations/index";
import type { Database } from "./schema";
import { DEFAULT_BUSY_DEADLINE_MS, SplitSqliteDialect } from "./sqlite-driver.server";

export type { Database } from "./schema";

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, for logs (no password). */
  describe: string;
  close(): Promise<void>;
}

export const DEFAULT_SQLITE_PATH = "data/fillway.db";

/**
 * Opens the database named by DATABASE_URL (unset: the SQLite file under data/) and runs
 * the migrations, which are idempotent.
 */
export async function openDb(url: string | undefined, opts: { busyDeadlineMs?: number } = {}): Promise<Db> {
  const db = url?.startsWith("postgres")
    ? openPostgres(url)
    : openSqlite(url ? url.slice("file:".length) : DEFAULT_SQLITE_PATH, opts.busyDeadlineMs ?? DEFAULT_BUSY_DEADLINE_MS);
  await migrate(db);
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
  // Reads get their own connection: under WAL they never wait for a writer.
  const reader = memory ? undefined : new SQLite(path);
  reader?.pragma("busy_timeout = 0");
  reader?.pragma("query_only = ON");
  const kysely = new Kysely<Database>({ dialect: new SplitSqliteDialect({ writer, reader, busyDeadlineMs }) });
  return { kysely, dialect: "sqlite", describe: `sqlite:${path}`, close: () => kysely.destroy() };
}

function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(url);
  safe.password = "";
  return { kysely, dialect: "postgres", describe: safe.toString(), close: () => kysely.destroy() };
}

async function migrate(db: Db): Promise<void> {
  const list = migrations(db.dialect);
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => list },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
