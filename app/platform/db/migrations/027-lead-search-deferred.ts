import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 027 (SQLite): a new lead is no longer put into the search index by a trigger
 * in its own insert, which cost every stored lead about a third of a millisecond; the
 * leads after `leads_search_state.upto` are indexed in batches instead, by the lead
 * schedule every second and by any search before it reads (features/leads/desk/search.server.ts),
 * so a search still finds a lead stored a moment ago. Changes and deletions of indexed
 * leads keep their triggers. PostgreSQL's generated column is left as it is.
 */
export function leadSearchDeferredMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "sqlite") return;
      await sql`CREATE TABLE IF NOT EXISTS leads_search_state (id INTEGER PRIMARY KEY CHECK (id = 1), upto INTEGER NOT NULL)`.execute(db);
      // Every lead so far was indexed by the trigger.
      await sql`INSERT OR IGNORE INTO leads_search_state (id, upto) SELECT 1, coalesce(max(id), 0) FROM leads`.execute(db);
      await sql`DROP TRIGGER IF EXISTS leads_search_insert`.execute(db);
      // A lead not indexed yet is left to the batch (indexing it here too would index it twice).
      await sql`DROP TRIGGER IF EXISTS leads_search_update`.execute(db);
      await sql
        .raw(`CREATE TRIGGER IF NOT EXISTS leads_search_update
          AFTER UPDATE OF kind, name_norm, business_norm, city, email_norm, phone_norm, zip ON leads
          WHEN old.id <= (SELECT upto FROM leads_search_state WHERE id = 1) BEGIN
          DELETE FROM leads_search WHERE rowid = old.id;
          INSERT INTO leads_search(rowid, doc) SELECT new.id, ${SQLITE_DOCUMENT("new")} WHERE new.kind <> 'newsletter';
        END`)
        .execute(db);
    },
  };
}

/** The lead's search text on SQLite, from the row `r`: the same as migration 018's. */
export const SQLITE_DOCUMENT = (r: string) =>
  `coalesce(${r}.name_norm, '') || ' ' || coalesce(${r}.business_norm, '') || ' ' || coalesce(${r}.city, '') || ' ' || ` +
  `coalesce(${r}.email_norm, '') || ' ' || coalesce(${r}.phone_norm, '') || ' ' || substr(coalesce(${r}.phone_norm, ''), -7) || ' ' || coalesce(${r}.zip, '')`;
