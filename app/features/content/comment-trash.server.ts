import { type Kysely, sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import { TRASH_DAYS } from "~/features/content/comment-moderation";
import { normaliseEmail } from "./moderation.server";

/**
 * The comments' trash (migration 026). Deleting a comment moves it, and its replies, to
 * the state "trash" for TRASH_DAYS days; restoring it puts each back in the state it had.
 * A reply taken along with its parent is marked `trashed_with` the parent: it comes back
 * with the parent and cannot be restored on its own while the parent stays in the trash.
 */

type Trx = Kysely<Database>;
type Found = { id: string; parent_id: string | null; state: string; trashed_with: string | null };

export type Moved = { ok: true; replies: number } | { ok: false; message: string };

export async function trashComment(trx: Trx, c: Found, now: Date): Promise<Moved> {
  if (c.state === "trash") return { ok: false, message: "This comment is in the trash already (the list may be out of date)." };
  const at = now.toISOString();
  await trx.updateTable("comments").set({ trashed_from: c.state, trashed_at: at, trashed_with: null, state: "trash" }).where("id", "=", c.id).execute();
  const replies = await trx
    .updateTable("comments")
    .set({ trashed_from: sql<string>`state`, trashed_at: at, trashed_with: c.id, state: "trash" })
    .where("parent_id", "=", c.id)
    .where("state", "<>", "trash")
    .executeTakeFirst();
  return { ok: true, replies: Number(replies.numUpdatedRows) };
}

export async function untrashComment(trx: Trx, c: Found): Promise<Moved> {
  if (c.state !== "trash") return { ok: false, message: "This comment is not in the trash (the list may be out of date)." };
  if (c.trashed_with) {
    return { ok: false, message: "This reply went to the trash with the comment it answers: restore that comment and its replies come back with it." };
  }
  const back = { state: sql<string>`coalesce(trashed_from, 'hidden')`, trashed_from: null, trashed_at: null, trashed_with: null };
  await trx.updateTable("comments").set(back).where("id", "=", c.id).execute();
  const replies = await trx.updateTable("comments").set(back).where("trashed_with", "=", c.id).where("state", "=", "trash").executeTakeFirst();
  return { ok: true, replies: Number(replies.numUpdatedRows) };
}

/** At most this many of a sender's other waiting comments are offered at once. */
export const OFFER_MAX = 200;

/**
 * A comment marked as spam: the same sender's other comments waiting for review (the same
 * e-mail address, or the same address hash), which the desk offers to mark as spam too.
 * Nothing is changed here: a shared address hash (an office, a phone network) would take an
 * innocent comment along.
 */
export async function waitingFromSender(trx: Trx, c: { id: string; email: string; ip_hash: string | null }): Promise<string[]> {
  const email = normaliseEmail(c.email);
  const rows = await trx
    .selectFrom("comments")
    .select("id")
    .where("state", "=", "held")
    .where("id", "<>", c.id)
    .where("from_team", "=", 0)
    .where((eb) => eb.or([...(email ? [eb(sql<string>`lower(trim(email))`, "=", email)] : []), ...(c.ip_hash ? [eb("ip_hash", "=", c.ip_hash)] : [])]))
    .orderBy("id")
    .limit(OFFER_MAX)
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes for good the comments in the trash for more than TRASH_DAYS days (their replies with them). Returns how many. */
export async function purgeTrash(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TRASH_DAYS * 86_400_000).toISOString();
  let purged = 0;
  for (;;) {
    const batch = await db.kysely.selectFrom("comments").select("id").where("trashed_at", "is not", null).where("trashed_at", "<", before).limit(500).execute();
    if (batch.length === 0) break;
    const ids = batch.map((r) => r.id);
    await db.kysely.transaction().execute(async (trx) => {
      // Replies first: a reply may still point at a purged parent.
      const replies = await trx.deleteFrom("comments").where("parent_id", "in", ids).executeTakeFirst();
      const gone = await trx.deleteFrom("comments").where("id", "in", ids).executeTakeFirst();
      purged += Number(replies.numDeletedRows) + Number(gone.numDeletedRows);
    });
  }
  return purged;
}
