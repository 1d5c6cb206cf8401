import type { Db } from "~/platform/db/db.server";
import type { BulkAction, CommentFilter } from "~/features/content/comment-moderation";
import { OFFER_MAX } from "./comment-trash.server";
import { decideOne } from "./desk-comments.server";

/**
 * One decision over many comments: the ones ticked on the page, or every comment of a
 * filter ("all N matching"). The comments of a filter are read in batches by id (keyset,
 * so a comment the decision moves out of the filter does not shift the next batch), each
 * decided in its own short transaction; the page cache moves on once at the end.
 */

export const BULK_BATCH = 200;

export type Target = { ids: string[] } | { filter: CommentFilter };

export interface BulkOutcome {
  /** Comments the decision applied to. */
  changed: number;
  /** Their ids. */
  changedIds: string[];
  /** Comments it did not fit (already in that state, a staff reply marked as spam…). */
  skipped: number;
  /** Replies taken along. */
  also: number;
  /** Marked as spam: the senders' other waiting comments, not chosen and not changed, to offer. */
  offer: string[];
}

async function batchOf(db: Db, filter: CommentFilter, after: string): Promise<string[]> {
  let q = db.kysely.selectFrom("comments").select("id").where("id", ">", after);
  q = filter === "all" ? q.where("state", "<>", "trash") : q.where("state", "=", filter);
  const rows = await q.orderBy("id").limit(BULK_BATCH).execute();
  return rows.map((r) => r.id);
}

export async function moderateMany(db: Db, target: Target, action: BulkAction, staffId: number): Promise<BulkOutcome> {
  const out: BulkOutcome = { changed: 0, changedIds: [], skipped: 0, also: 0, offer: [] };
  const decided = new Set<string>();
  const offered = new Set<string>();
  const apply = async (ids: string[]) => {
    for (const id of ids) {
      decided.add(id);
      const r = await decideOne(db, id, action, staffId);
      if (r.ok) {
        out.changed++;
        out.changedIds.push(id);
        out.also += r.also;
        for (const o of r.offer) offered.add(o);
      } else out.skipped++;
    }
  };
  if ("ids" in target) await apply([...new Set(target.ids)]);
  else {
    let after = "";
    for (;;) {
      const ids = await batchOf(db, target.filter, after);
      if (ids.length === 0) break;
      await apply(ids);
      after = ids[ids.length - 1] ?? after;
    }
  }
  out.offer = [...offered].filter((id) => !decided.has(id)).slice(0, OFFER_MAX);
  if (out.changed) await db.contentChanged();
  return out;
}

/** How many comments a filter matches, for the confirmation that names them. */
export async function countMatching(db: Db, filter: CommentFilter): Promise<number> {
  let q = db.kysely.selectFrom("comments").select((eb) => eb.fn.countAll<string | number>().as("n"));
  q = filter === "all" ? q.where("state", "<>", "trash") : q.where("state", "=", filter);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
