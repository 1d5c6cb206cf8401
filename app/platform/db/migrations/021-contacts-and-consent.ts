import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 021: contacts and consent.
 *
 * `contact_id` is the id of the first lead of the same person, the earliest lead (not a
 * newsletter sign-up) with the same normalised e-mail address or phone number; null on a
 * person's first lead, whose contact is the lead itself. It is set when a lead is stored
 * (two index lookups, leads/store.server.ts) and backfilled here for older rows. Indexed
 * where set, so a contact's leads are one range read.
 *
 * `consent_version` and `consent_shown_at`: the contact consent line the visitor was shown
 * under the form (its version) and when; null for a lead sent without it (the API).
 */
export function contactsAndConsentMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, type] of [
        ["contact_id", "integer"],
        ["consent_version", "text"],
        ["consent_shown_at", "text"],
      ] as const) {
        await db.schema.alterTable("leads").addColumn(name, type).execute();
      }
      // The earliest directly matching lead, then its own contact: SQLite updates in id order,
      // so one pass reaches the first lead; PostgreSQL reads a snapshot, so a few passes do.
      await sql`UPDATE leads SET contact_id = (
          SELECT min(o.id) FROM leads o
          WHERE o.kind <> 'newsletter' AND o.id < leads.id
            AND (o.email_norm = leads.email_norm OR o.phone_norm = leads.phone_norm))
        WHERE kind <> 'newsletter'`.execute(db);
      for (let pass = 0; pass < (dialect === "sqlite" ? 1 : 4); pass++) {
        await sql`UPDATE leads SET contact_id = (SELECT r.contact_id FROM leads r WHERE r.id = leads.contact_id)
          WHERE contact_id IS NOT NULL AND EXISTS (SELECT 1 FROM leads r WHERE r.id = leads.contact_id AND r.contact_id IS NOT NULL)`.execute(db);
      }
      await db.schema
        .createIndex("leads_contact_created")
        .on("leads")
        .columns(["contact_id", "created_at", "id"])
        .where(sql.ref("contact_id"), "is not", null)
        .execute();
    },
  };
}
