import type { Kysely, Migration } from "kysely";

/**
 * Migration 031: the outbox's claim index leads with the channel, (channel, state,
 * next_attempt_at) in place of 007's (state, next_attempt_at).
 *
 * Each channel (e-mail, webhook) has its own worker loop that claims only its own
 * messages, and every stored lead wakes both. Without the channel in the index, the
 * webhook loop's claim read every waiting e-mail to learn that none of them was a
 * webhook: tens of thousands of rows a claim while a burst of leads waits for its
 * e-mails (PostgreSQL, seeing few webhook rows, read the whole table). With it, a claim
 * reads only its channel's due rows, in order, and stops at its limit.
 */
export const outboxDueByChannelMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex("outbox_channel_due").ifNotExists().on("outbox").columns(["channel", "state", "next_attempt_at"]).execute();
    await db.schema.dropIndex("outbox_due").ifExists().execute();
  },
};
