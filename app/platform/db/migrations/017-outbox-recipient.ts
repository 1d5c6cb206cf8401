import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 017: the outbox's messages by recipient. Receipts and newsletter confirmations
 * now carry the visitor's lower-cased address in `recipient`, and a new one is written only
 * while that address has had fewer than VISITOR_MAIL_PER_DAY of them within a day; the
 * count (and a privacy deletion's search) reads this index. Partial: the sales
 * notification and the webhook, most of the rows, have no recipient and take no entry.
 */
export function outboxRecipientMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("outbox_recipient_created")
        .ifNotExists()
        .on("outbox")
        .columns(["recipient", "created_at"])
        .where(sql.ref("recipient"), "is not", null)
        .execute();
    },
  };
}
