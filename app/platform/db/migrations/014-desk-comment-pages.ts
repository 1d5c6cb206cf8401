import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 014: the comment desk's list past its held comments. "All" lists held comments
 * first, then every other comment newest first; that second part (state <> 'held') could
 * only filter the time index, which PostgreSQL's planner gave up on for deep pages. A
 * partial index holds exactly those comments in time order, on SQLite and PostgreSQL.
 */
export function deskCommentPagesMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`CREATE INDEX IF NOT EXISTS comments_settled_created ON comments (created_on, id) WHERE state <> 'held'`.execute(db);
    },
  };
}
