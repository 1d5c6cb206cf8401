import type { Kysely, Migration } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 015: the last TOTP time-step (Unix time / 30 s) accepted for each account, so
 * a code that signed in once is refused if it is sent again within its window (RFC 6238,
 * section 5.2). Null until a code is accepted.
 */
export function totpLastStepMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("staff").addColumn("totp_last_step", "integer").execute();
    },
  };
}
