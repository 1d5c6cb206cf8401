import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { type Db, openDb } from "../../app/platform/db/db.server";

/**
 * A database for one test file: PostgreSQL when DATABASE_URL names one (the CI leg),
 * otherwise a fresh SQLite file. Tables start empty (on PostgreSQL, the files that ran
 * before in the same database leave rows behind, so every table but settings is emptied).
 */
export async function openTestDb(): Promise<Db> {
  const url = process.env.DATABASE_URL?.startsWith("postgres")
    ? process.env.DATABASE_URL
    : `file:${join(mkdtempSync(join(tmpdir(), "fillway-test-")), "test.db")}`;
  const db = await openDb(url);
  if (db.dialect === "postgres") {
    await sql`TRUNCATE leads, lead_events, desk_visits, comments, comment_blocks, posts, staff, staff_sessions, staff_tokens, staff_recovery_codes, audit_log, sign_in_throttle, media, post_tombstones, outbox RESTART IDENTITY CASCADE`.execute(
      db.kysely,
    );
  }
  return db;
}
