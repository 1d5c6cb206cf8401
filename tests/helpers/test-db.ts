import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { type Db, openDb } from "../../app/platform/db/db.server";

/**
 * A database for one test file: PostgreSQL when DATABASE_URL names one (the CI leg),
 * otherwise a fresh SQLite file. Tables start empty (on PostgreSQL, the files that ran
 * before in the same database leave rows behind, so every table but settings is emptied,
 * whichever tables later migrations add).
 */
export async function openTestDb(): Promise<Db> {
  const url = process.env.DATABASE_URL?.startsWith("postgres")
    ? process.env.DATABASE_URL
    : `file:${join(mkdtempSync(join(tmpdir(), "fillway-test-")), "test.db")}`;
  const db = await openDb(url);
  if (db.dialect === "postgres") {
    // Every table the migrations made, but the settings (the salts) and the migrator's own.
    const { rows } = await sql<{ t: string }>`SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema()
      AND tablename NOT IN ('settings', 'kysely_migration', 'kysely_migration_lock')`.execute(db.kysely);
    await sql.raw(`TRUNCATE ${rows.map((r) => `"${r.t}"`).join(", ")} RESTART IDENTITY CASCADE`).execute(db.kysely);
  }
  return db;
}
