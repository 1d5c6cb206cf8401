import type { Kysely, Migration } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 011: newsletter double opt-in. A sign-up is stored `pending` and counts only
 * once the address has confirmed (status `subscribed`); `confirmed_at` and
 * `unsubscribed_at` say when. Rows signed up before this migration keep their status:
 * the form then told the visitor "You're subscribed", and dropping them would lose a
 * promise we made (decision record 008). The desk's attribution filter on utm_medium gets
 * the index the other attribution columns got in 007.
 */
export function newsletterMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ["confirmed_at", "unsubscribed_at"]) {
        await db.schema.alterTable("leads").addColumn(column, "text").execute();
      }
      await db.schema.createIndex("leads_utm_medium_created").ifNotExists().on("leads").columns(["utm_medium", "created_at", "id"]).execute();
    },
  };
}
