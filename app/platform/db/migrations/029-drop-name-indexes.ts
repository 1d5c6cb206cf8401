import type { Kysely, Migration } from "kysely";

/**
 * Migration 029: the indexes 004 made for searching leads by the start of a name, a last
 * name, a business or a ZIP code. Searches have since gone through the search index (018
 * and 027 on SQLite, the trigram index on the search document on PostgreSQL), which reads
 * none of them; each still took an entry on every insert of the lead endpoint, in a random
 * place of a large tree. The columns stay: the search document is made of them.
 */
export const DROPPED_LEAD_INDEXES = ["leads_name_norm", "leads_last_norm", "leads_business_norm", "leads_zip"] as const;

export const dropNameIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const name of DROPPED_LEAD_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  },
};
