import type { Kysely, Migration } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 007: attribution columns on leads, and the outbox. Every message a lead causes (the e-mail to sales, the
 * visitor's receipt, the CRM webhook) is a row written in the lead's own transaction, so
 * a lead is never stored without its messages nor a message sent for a lead that was not
 * stored. A worker in the server process delivers the rows (outbox/worker.server.ts).
 * `idempotency_key` (and the Message-ID made from it) is fixed when the row is written:
 * every retry, after a restart too, carries the same one.
 */
export function outboxMigration(dialect: Dialect): Migration {
  const id = dialect === "sqlite" ? "integer" : "bigserial";
  return {
    async up(db: Kysely<unknown>) {
      // Where each lead's visitor came from (first touch in the tab), for the desk's filters.
      for (const column of ["landing_page", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"]) {
        await db.schema.alterTable("leads").addColumn(column, "text").execute();
      }
      for (const column of ["landing_page", "referrer_host", "utm_source", "utm_campaign"]) {
        await db.schema.createIndex(`leads_${column}_created`).ifNotExists().on("leads").columns([column, "created_at", "id"]).execute();
      }
      await db.schema
        .createTable("outbox")
        .ifNotExists()
        .addColumn("id", id as "integer", (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("template", "text", (c) => c.notNull())
        .addColumn("lead_id", "integer")
        .addColumn("staff_id", "integer")
        .addColumn("recipient", "text")
        .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
        .addColumn("message_id", "text")
        .addColumn("state", "text", (c) => c.notNull().defaultTo("pending"))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("give_up_at", "text", (c) => c.notNull())
        .addColumn("lease_until", "text")
        .addColumn("last_error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("sent_at", "text")
        .execute();
      // The worker's claim: due rows in order. The desk: failed and pending rows, a lead's rows.
      await db.schema.createIndex("outbox_due").ifNotExists().on("outbox").columns(["state", "next_attempt_at"]).execute();
      await db.schema.createIndex("outbox_state_id").ifNotExists().on("outbox").columns(["state", "id"]).execute();
      await db.schema.createIndex("outbox_lead").ifNotExists().on("outbox").columns(["lead_id", "id"]).execute();
    },
  };
}
