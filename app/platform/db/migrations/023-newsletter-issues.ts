import type { Kysely, Migration } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 023: newsletter issues written in the desk, and one row per (issue, subscriber)
 * they go to. An issue is a draft, scheduled, sending or sent; its body is kept as written
 * (Markdown) and as the sanitised HTML rendered when it was saved, so sending it renders
 * nothing per subscriber. A delivery row is made for every confirmed address when the issue
 * starts (the unique pair makes a fill that is run again, after a restart, add nothing),
 * then released into the outbox at the capped rate, each in the transaction that writes
 * its outbox message: a crash between the two leaves neither, so every subscriber gets the
 * issue once. `outbox_key` is that message's idempotency key, by which the issue page reads
 * how it went. No address is copied here: a delivery names the sign-up (`lead_id`).
 */
export function newsletterIssuesMigration(dialect: Dialect): Migration {
  const id = dialect === "sqlite" ? "integer" : "bigserial";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("newsletter_issues")
        .ifNotExists()
        .addColumn("id", id as "integer", (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body_markdown", "text", (c) => c.notNull())
        .addColumn("body_html", "text", (c) => c.notNull())
        .addColumn("post_id", "text")
        .addColumn("state", "text", (c) => c.notNull().defaultTo("draft"))
        .addColumn("send_at", "text")
        .addColumn("started_at", "text")
        .addColumn("filled_at", "text")
        .addColumn("finished_at", "text")
        .addColumn("recipients", "integer")
        .addColumn("staff_id", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("newsletter_issues_state").ifNotExists().on("newsletter_issues").columns(["state", "send_at"]).execute();
      await db.schema
        .createTable("newsletter_deliveries")
        .ifNotExists()
        .addColumn("id", id as "integer", (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("issue_id", "integer", (c) => c.notNull())
        .addColumn("lead_id", "integer", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull().defaultTo("queued"))
        .addColumn("outbox_key", "text")
        .addColumn("released_at", "text")
        .addUniqueConstraint("newsletter_deliveries_issue_lead", ["issue_id", "lead_id"])
        .execute();
      await db.schema.createIndex("newsletter_deliveries_queue").ifNotExists().on("newsletter_deliveries").columns(["issue_id", "state", "id"]).execute();
      await db.schema.createIndex("newsletter_deliveries_released").ifNotExists().on("newsletter_deliveries").column("released_at").execute();
    },
  };
}
