import { type Kysely, type Migration, sql } from "kysely";

/**
 * Migration 037: "New since your last visit" no longer starts again at every load of At a
 * glance. `desk_visits.seen_at` becomes the person's mark, moved only by "Mark all seen" or
 * by the first visit of a new day; `visit_at` is the time of their latest visit, which that
 * first visit takes as the new mark (features/leads/desk/last-visit.server.ts). Until now
 * `seen_at` was the latest visit: it is both, to begin with.
 */
export const deskVisitMarkMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("desk_visits").addColumn("visit_at", "text").execute();
    await sql`UPDATE desk_visits SET visit_at = seen_at`.execute(db);
  },
};
