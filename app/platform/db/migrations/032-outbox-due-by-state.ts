import { type Kysely, type Migration, sql } from "kysely";

/**
 * Migration 032: the outbox's claim reads two small partial indexes, one of the waiting
 * messages and one of those being sent, each (channel, next_attempt_at, id), in place of
 * 031's (channel, state, next_attempt_at) over every message.
 *
 * The claim takes a channel's oldest due messages in (next_attempt_at, id) order. 031's
 * index lacked the id, so the order was not the index's: PostgreSQL, planning with
 * statistics taken while almost nothing waited (the usual moment), expected one row and
 * sorted every waiting message for each claim, 27 ms at 21,000 waiting, the more the
 * longer the queue. These indexes hold the claim's order whatever the statistics say, so
 * a claim reads its limit and stops; and they hold only the few messages not yet sent
 * rather than every message ever written. The desk's lists by state keep 007's (state, id).
 */
export const outboxDueByStateMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX IF NOT EXISTS outbox_waiting_due ON outbox (channel, next_attempt_at, id) WHERE state = 'pending'`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS outbox_sending_due ON outbox (channel, next_attempt_at, id) WHERE state = 'sending'`.execute(db);
    await db.schema.dropIndex("outbox_channel_due").ifExists().execute();
  },
};
