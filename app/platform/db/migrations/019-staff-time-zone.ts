import type { Kysely, Migration } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 019: each member of staff's time zone (an IANA name such as "America/Chicago"),
 * in which the desk shows every time. Null: the browser's own zone.
 */
export function staffTimeZoneMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("staff").addColumn("time_zone", "text").execute();
    },
  };
}
