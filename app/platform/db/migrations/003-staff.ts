import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import type { Dialect } from "./index";

/**
 * Staff accounts of the desk, their sessions and one-time tokens, the audit log and the
 * counters that slow down and then refuse repeated failed sign-ins. Times are ISO 8601
 * text in UTC, like the leads' created_at, so they compare as text on both databases.
 */
export function staffMigration(dialect: Dialect): Migration {
  const id = (dialect === "sqlite" ? "integer" : "bigserial") as "integer";
  return {
    async up(db: Kysely<unknown>) {
      const ref = (dialect === "sqlite" ? "integer" : "bigint") as "integer";
      const pk = (c: ColumnDefinitionBuilder) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey());
      await db.schema
        .createTable("staff")
        .ifNotExists()
        .addColumn("id", id, pk)
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("name", "text")
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("password_hash", "text")
        .addColumn("password_changed_at", "text")
        .addColumn("totp_secret", "text")
        .addColumn("totp_enabled_at", "text")
        .addColumn("disabled_at", "text")
        .addColumn("last_sign_in_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("staff_recovery_codes")
        .ifNotExists()
        .addColumn("id", id, pk)
        .addColumn("staff_id", ref, (c) => c.notNull().references("staff.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema.createIndex("staff_recovery_codes_staff").ifNotExists().on("staff_recovery_codes").column("staff_id").execute();
      await db.schema
        .createTable("staff_sessions")
        .ifNotExists()
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("staff_id", ref, (c) => c.notNull().references("staff.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_seen_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("user_agent", "text")
        .addColumn("ip_hash", "text")
        .execute();
      await db.schema.createIndex("staff_sessions_staff").ifNotExists().on("staff_sessions").column("staff_id").execute();
      await db.schema
        .createTable("staff_tokens")
        .ifNotExists()
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("staff_id", ref, (c) => c.notNull().references("staff.id").onDelete("cascade"))
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema.createIndex("staff_tokens_staff").ifNotExists().on("staff_tokens").columns(["staff_id", "purpose"]).execute();
      await db.schema
        .createTable("audit_log")
        .ifNotExists()
        .addColumn("id", id, pk)
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("staff_id", ref, (c) => c.references("staff.id").onDelete("set null"))
        .addColumn("actor", "text")
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("subject", "text")
        .addColumn("detail", "text")
        .addColumn("ip_hash", "text")
        .execute();
      await db.schema.createIndex("audit_log_at").ifNotExists().on("audit_log").columns(["at", "id"]).execute();
      await db.schema.createIndex("audit_log_staff_at").ifNotExists().on("audit_log").columns(["staff_id", "at", "id"]).execute();
      await db.schema
        .createTable("sign_in_throttle")
        .ifNotExists()
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("failures", "integer", (c) => c.notNull())
        .addColumn("window_started_at", "text", (c) => c.notNull())
        .addColumn("blocked_until", "text")
        .execute();
    },
  };
}
