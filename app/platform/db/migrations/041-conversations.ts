import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 041: a lead's conversation by e-mail (features/conversations). One row per
 * message sent to the person from the desk ("out") or received from them ("in"), found
 * again by its RFC 5322 Message-ID (with its angle brackets), unique: a message met twice
 * is stored once. A lead deleted (retention, a privacy request) takes its messages with it. `body_html` is sanitised before it is stored; `attachments` is JSON (name,
 * type and size of each). Times as in lead_events (ISO 8601, UTC).
 */
export function conversationsMigration(dialect: Dialect): Migration {
  const id = dialect === "sqlite" ? "integer" : "bigserial";
  const ref = (dialect === "sqlite" ? "integer" : "bigint") as "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("lead_messages")
        .ifNotExists()
        .addColumn("id", id as "integer", (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("lead_id", ref, (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("direction", "text", (c) => c.notNull().check(sql`direction IN ('out', 'in')`))
        .addColumn("message_id", "text", (c) => c.notNull().unique())
        .addColumn("in_reply_to", "text")
        .addColumn("refs", "text")
        .addColumn("from_address", "text")
        .addColumn("from_name", "text")
        .addColumn("to_address", "text")
        .addColumn("subject", "text")
        .addColumn("body_text", "text")
        .addColumn("body_html", "text")
        .addColumn("staff_id", ref)
        .addColumn("outbox_id", ref)
        .addColumn("attachments", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("lead_messages_lead").ifNotExists().on("lead_messages").columns(["lead_id", "id"]).execute();
    },
  };
}
