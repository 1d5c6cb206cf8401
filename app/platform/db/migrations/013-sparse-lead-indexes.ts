import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 013: the attribution columns' indexes (007, and utm_medium's in 011) cover
 * only the leads that have a value. Most leads arrive without a referrer or utm_*
 * parameters, and each of the five full indexes still took an entry for every one of
 * them, on every insert of the lead endpoint. The desk filters these columns by equality
 * only, which implies IS NOT NULL, so SQLite and PostgreSQL use the partial index for
 * the same queries (query.server.test.ts checks the plans), as they do for 004's.
 */
export const SPARSE_LEAD_COLUMNS = ["landing_page", "referrer_host", "utm_source", "utm_medium", "utm_campaign"] as const;

export function sparseLeadIndexesMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of SPARSE_LEAD_COLUMNS) {
        const name = `leads_${column}_created`;
        await db.schema.dropIndex(name).ifExists().execute();
        await db.schema.createIndex(name).on("leads").columns([column, "created_at", "id"]).where(sql.ref(column), "is not", null).execute();
      }
    },
  };
}
