import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 041: sales writes to a lead from the desk, and the answers come back
 * (features/conversations).
 *
 * - `lead_messages`: every e-mail of a lead's conversation, sent from the desk
 *   (`direction` 'out', written with its outbox row; `staff_id` its author, `outbox_id` its
 *   delivery) or received for it ('in'). `message_id` is the RFC 5322 Message-ID with its
 *   angle brackets, unique, so a message received twice is stored once; `in_reply_to` and
 *   `refs` are the thread it answers. `body_html` is sanitised HTML (null for a plain
 *   message); `attachments` a JSON list, null when none. Read per lead in id order.
 * - `mail_templates`: the e-mails sales starts from (`name` unique), with `{field}` markers.
 * - `mail_address_failures`: an address mail to which bounced or was refused, by its
 *   lower-cased address, with the last reason and when.
 */
export function conversationsMigration(dialect: Dialect): Migration {
  const id = (dialect === "sqlite" ? "integer" : "bigserial") as "integer";
  const ref = (dialect === "sqlite" ? "integer" : "bigint") as "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("lead_messages")
        .ifNotExists()
        .addColumn("id", id, (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("lead_id", ref, (c) => c.notNull().references("leads.id"))
        .addColumn("direction", "text", (c) => c.notNull().check(sql`direction IN ('out', 'in')`))
        .addColumn("message_id", "text", (c) => c.notNull().unique())
        .addColumn("in_reply_to", "text")
        .addColumn("refs", "text")
        .addColumn("from_address", "text", (c) => c.notNull())
        .addColumn("from_name", "text")
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body_text", "text", (c) => c.notNull())
        .addColumn("body_html", "text")
        .addColumn("staff_id", ref)
        .addColumn("outbox_id", ref)
        .addColumn("attachments", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("lead_messages_lead").ifNotExists().on("lead_messages").columns(["lead_id", "id"]).execute();
      // The delivery a sent message waits on, found when the outbox gives it up.
      await sql`CREATE INDEX IF NOT EXISTS lead_messages_outbox ON lead_messages (outbox_id) WHERE outbox_id IS NOT NULL`.execute(db);

      await db.schema
        .createTable("mail_templates")
        .ifNotExists()
        .addColumn("id", id, (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("name", "text", (c) => c.notNull().unique())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("updated_by", ref)
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("mail_address_failures")
        .ifNotExists()
        .addColumn("address", "text", (c) => c.primaryKey())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("failed_at", "text", (c) => c.notNull())
        .execute();
    },
  };
}
