import { type Kysely, type Migration, sql } from "kysely";

/**
 * Migration 028: the insight screen counts a period's leads by day, landing page, source,
 * referrer and campaign (features/leads/attribution-counts.server.ts). Each count read
 * every lead of the period from the table; with these columns in one index, by creation
 * time, each is read from the index alone.
 */
export const leadTouchIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX IF NOT EXISTS leads_touch ON leads (created_at, kind, landing_page, utm_source, referrer_host, utm_campaign)`.execute(db);
  },
};
