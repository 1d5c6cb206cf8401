import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 020: who gets a new lead, how fast it is answered, and what is due next.
 *
 * - `routing_rules`: the desk's routing rules (features/leads/routing.server.ts), first
 *   match by `position`; a rule with neither market nor form is the default. `next_index`
 *   is the round-robin's place, moved in the transaction that stores each lead it routes,
 *   so the order carries on across restarts and instances.
 * - `leads.first_touch_at`: the first status change, note, call or follow-up by staff;
 *   `leads.overdue_told_at`: when the owner and admins were told it was not answered in
 *   time (set by the claim that writes those e-mails, so they are written once).
 * - `lead_followups`: a dated follow-up of a lead for one member of staff, done or not.
 *
 * Leads stored before this migration are not reported late: nobody could have answered
 * them under a rule that did not exist. Their first touch is read from their timeline.
 */
export function leadRoutingMigration(dialect: Dialect): Migration {
  const id = dialect === "sqlite" ? "integer" : "bigserial";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("routing_rules")
        .ifNotExists()
        .addColumn("id", id as "integer", (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("market", "text")
        .addColumn("kind", "text")
        .addColumn("staff_ids", "text", (c) => c.notNull())
        .addColumn("next_index", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema.alterTable("leads").addColumn("first_touch_at", "text").execute();
      await db.schema.alterTable("leads").addColumn("overdue_told_at", "text").execute();
      await sql`UPDATE leads SET first_touch_at = (
          SELECT min(e.created_at) FROM lead_events e WHERE e.lead_id = leads.id AND e.action IN ('status', 'note')
        ) WHERE kind <> 'newsletter'`.execute(db);
      await sql`UPDATE leads SET overdue_told_at = created_at WHERE kind <> 'newsletter' AND first_touch_at IS NULL`.execute(db);
      // The leads not yet answered nor reported: the overdue check and the inbox's overdue
      // view read these few rows only (any lead answered or reported leaves the index).
      await sql`CREATE INDEX IF NOT EXISTS leads_untouched ON leads (created_at, id)
        WHERE first_touch_at IS NULL AND overdue_told_at IS NULL AND kind <> 'newsletter'`.execute(db);
      await sql`CREATE INDEX IF NOT EXISTS leads_unanswered ON leads (created_at, id)
        WHERE first_touch_at IS NULL AND kind <> 'newsletter'`.execute(db);

      await db.schema
        .createTable("lead_followups")
        .ifNotExists()
        .addColumn("id", id as "integer", (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("lead_id", "integer", (c) => c.notNull())
        .addColumn("staff_id", "integer", (c) => c.notNull())
        .addColumn("due_at", "text", (c) => c.notNull())
        .addColumn("note", "text")
        .addColumn("done_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await sql`CREATE INDEX IF NOT EXISTS lead_followups_open ON lead_followups (staff_id, due_at, id) WHERE done_at IS NULL`.execute(db);
      await db.schema.createIndex("lead_followups_lead").ifNotExists().on("lead_followups").columns(["lead_id", "id"]).execute();
    },
  };
}
