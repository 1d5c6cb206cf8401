import { sql } from "kysely";
import type { Db } from "~/platform/db/db.server";

/**
 * "New since your last visit" on At a glance, per member of staff (docs/desk.md).
 *
 * `desk_visits.seen_at` is the person's mark: the leads that arrived after it are new to
 * them. Loading the page never moves it, so a reload or a second tab shows the same count.
 * It moves in two ways only: "Mark all seen" sets it to now, and the first visit of a new
 * day (in the person's time zone, UTC when they chose none) sets it to their last visit
 * before that day (`visit_at`, migration 037): the morning's count is what came in since
 * they last looked.
 *
 * The count is the person's own: the new leads assigned to them, and apart from them the
 * new leads assigned to no one, which any salesperson may pick up. Spam is not counted,
 * as no list shows it unless asked.
 */
export interface NewSince {
  /** The mark; null on a first visit. */
  since: string | null;
  /** New leads assigned to this person. */
  mine: number;
  /** New leads assigned to no one. */
  unassigned: number;
}

/** YYYY-MM-DD of a time in a zone (UTC without one). */
function dayOf(iso: string, zone: string | null): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone ?? "UTC", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
}

/** Reads the count since the person's mark and records this visit (moving the mark on a new day's first visit). */
export async function newSinceLastVisit(db: Db, staffId: number, zone: string | null = null, now = new Date()): Promise<NewSince> {
  const at = now.toISOString();
  const row = await db.kysely.selectFrom("desk_visits").select(["seen_at", "visit_at"]).where("staff_id", "=", staffId).executeTakeFirst();
  if (!row) {
    await db.kysely
      .insertInto("desk_visits")
      .values({ staff_id: staffId, seen_at: at, visit_at: at })
      .onConflict((oc) => oc.column("staff_id").doNothing())
      .execute();
    return { since: null, mine: 0, unassigned: 0 };
  }
  const last = row.visit_at ?? row.seen_at;
  const since = dayOf(last, zone) < dayOf(at, zone) && last > row.seen_at ? last : row.seen_at;
  await db.kysely.updateTable("desk_visits").set({ seen_at: since, visit_at: at }).where("staff_id", "=", staffId).execute();
  return { since, ...(await countSince(db, staffId, since)) };
}

/** "Mark all seen": the person's mark moves to now. */
export async function markAllSeen(db: Db, staffId: number, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.kysely
    .insertInto("desk_visits")
    .values({ staff_id: staffId, seen_at: at, visit_at: at })
    .onConflict((oc) => oc.column("staff_id").doUpdateSet({ seen_at: at, visit_at: at }))
    .execute();
}

async function countSince(db: Db, staffId: number, since: string): Promise<{ mine: number; unassigned: number }> {
  const row = await db.kysely
    .selectFrom("leads")
    .select([
      sql<number | string>`coalesce(sum(CASE WHEN assignee_id = ${staffId} THEN 1 ELSE 0 END), 0)`.as("mine"),
      sql<number | string>`coalesce(sum(CASE WHEN assignee_id IS NULL THEN 1 ELSE 0 END), 0)`.as("unassigned"),
    ])
    .where("created_at", ">", since)
    .where("kind", "<>", "newsletter")
    // As the inbox counts them: spam is in no list that does not ask for it.
    .where("status", "<>", "spam")
    .executeTakeFirstOrThrow();
  return { mine: Number(row.mine), unassigned: Number(row.unassigned) };
}
