import type { Kysely, Migration } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 042: the replies read from the mailbox (features/conversations/reader.server.ts).
 *
 * `mailbox_state`: one row per mailbox and folder read (`mailbox`: "user@host/INBOX", no
 * password): the folder's UIDVALIDITY and the highest UID taken, moved in the same
 * transaction as the messages stored, so each message is taken once across restarts; the
 * lease that lets one instance read at a time (`lease_owner` until `lease_until`); and what
 * the desk's system page shows (last successful read, messages taken, last error).
 *
 * `unmatched_messages`: a message no lead could be found for, until an admin gives it to a
 * lead (it is then copied into lead_messages and `assigned_lead_id` set). Unique by
 * Message-ID like lead_messages.
 *
 * An address a delivery status notification says fails is marked in 041's
 * `mail_address_failures` (features/conversations/failures.server.ts), the same mark the
 * outbox sets when it gives up on an e-mail.
 */
export function mailboxMigration(dialect: Dialect): Migration {
  const id = dialect === "sqlite" ? "integer" : "bigserial";
  const ref = (dialect === "sqlite" ? "integer" : "bigint") as "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("mailbox_state")
        .ifNotExists()
        .addColumn("mailbox", "text", (c) => c.primaryKey())
        .addColumn("uid_validity", "text")
        .addColumn("last_uid", ref, (c) => c.notNull().defaultTo(0))
        .addColumn("lease_owner", "text")
        .addColumn("lease_until", "text")
        .addColumn("last_read_at", "text")
        .addColumn("last_error", "text")
        .addColumn("last_error_at", "text")
        .addColumn("taken_total", ref, (c) => c.notNull().defaultTo(0))
        .addColumn("taken_last", ref, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable("unmatched_messages")
        .ifNotExists()
        .addColumn("id", id as "integer", (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("message_id", "text", (c) => c.notNull().unique())
        .addColumn("in_reply_to", "text")
        .addColumn("refs", "text")
        .addColumn("from_address", "text")
        .addColumn("from_name", "text")
        .addColumn("to_address", "text")
        .addColumn("subject", "text")
        .addColumn("body_text", "text")
        .addColumn("body_html", "text")
        .addColumn("attachments", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("assigned_lead_id", ref)
        .addColumn("assigned_at", "text")
        .addColumn("assigned_by", ref)
        .execute();
      await db.schema.createIndex("unmatched_messages_open").ifNotExists().on("unmatched_messages").columns(["assigned_at", "id"]).execute();
      await db.schema.createIndex("unmatched_messages_from").ifNotExists().on("unmatched_messages").column("from_address").execute();
    },
  };
}
