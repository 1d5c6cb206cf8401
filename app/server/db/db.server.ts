import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { type Dialect, migrations } from "./migrations/index";
import type { Database } from "./schema";

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
export async function openDb(url: string | undefined): Promise<Db> {
  const db = url?.startsWith("postgres") ? openPostgres(url) : openSqlite(url ? url.slice("file:".length) : DEFAULT_SQLITE_PATH);
  await migrate(db);
  return db;
}

function openSqlite(file: string): Db {
  const path = resolve(file);
  mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  // WAL with FULL sync: an acknowledged write survives a crash or power loss.
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = FULL");
  database.pragma("busy_timeout = 5000");
  database.pragma("foreign_keys = ON");
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
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
