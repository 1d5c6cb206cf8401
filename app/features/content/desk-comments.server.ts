import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { brand } from "~/copy/brand";
import {
  COMMENTS_PAGE_SIZE,
  type CommentFilter,
  type CommentState,
  commentStates,
  type ModerationAction,
  pastTense,
  stateLabels,
  TEAM_NAME,
} from "~/features/content/comment-moderation";
import { normaliseEmail } from "./moderation.server";
import { trashComment, untrashComment, waitingFromSender } from "./comment-trash.server";
import type { Db } from "~/platform/db/db.server";
import { formatInZone } from "~/shared/zoned-time";

/**
 * The desk's comments screen: every comment with its post, held ones first; approve, hide,
 * restore, delete, mark as spam (which blocks the sender), and replies as the company.
 */

export interface DeskComment {
  id: string;
  postId: string;
  postTitle: string;
  /** The commenter replied to, for a reply. */
  replyTo: string | null;
  by: string;
  email: string;
  company: string;
  text: string;
  when: string;
  state: CommentState;
  stateLabel: string;
  team: boolean;
  /** In the trash because the comment it replies to was deleted (it comes back with it). */
  trashedWithParent: boolean;
  /** When it went to the trash, as the desk writes dates. */
  trashedWhen: string | null;
}

type Row = {
  id: string;
  post_id: string;
  parent_id: string | null;
  comment_by: string;
  email: string;
  company_name: string;
  text: string;
  created_on: string;
  state: string;
  from_team: number | string;
  trashed_at: string | null;
  trashed_with: string | null;
};

type Named = Row & { post_title: string | null; reply_to: string | null };

const asState = (s: string): CommentState => ((commentStates as readonly string[]).includes(s) ? (s as CommentState) : "hidden");

/** One comment as the desk lists it; its times in `zone`, the member's. */
function view(r: Named, zone: string): DeskComment {
  const state = asState(r.state);
  return {
    id: r.id,
    postId: r.post_id,
    postTitle: r.post_title ?? r.post_id,
    replyTo: r.reply_to,
    by: r.comment_by,
    email: r.email,
    company: r.company_name,
    text: r.text,
    when: formatInZone(r.created_on, zone),
    state,
    stateLabel: stateLabels[state],
    team: Number(r.from_team) === 1,
    trashedWithParent: r.trashed_with !== null,
    trashedWhen: r.trashed_at ? formatInZone(r.trashed_at, zone) : null,
  };
}

/** A page's comments alone: joined to posts and parents before the LIMIT, a deep page read whole tables on PostgreSQL. */
function select(db: Db) {
  return db.kysely
    .selectFrom("comments as c")
    .select([
      "c.id",
      "c.post_id",
      "c.parent_id",
      "c.comment_by",
      "c.email",
      "c.company_name",
      "c.text",
      "c.created_on",
      "c.state",
      "c.from_team",
      "c.trashed_at",
      "c.trashed_with",
    ]);
}

/** The post titles and replied-to names of one page of comments, each read by its key. */
async function named(db: Db, rows: Row[]): Promise<Named[]> {
  const postIds = [...new Set(rows.map((r) => r.post_id))];
  const parentIds = [...new Set(rows.flatMap((r) => (r.parent_id ? [r.parent_id] : [])))];
  const [posts, parents] = await Promise.all([
    postIds.length ? db.kysely.selectFrom("posts").select(["id", "title"]).where("id", "in", postIds).execute() : [],
    parentIds.length ? db.kysely.selectFrom("comments").select(["id", "comment_by"]).where("id", "in", parentIds).execute() : [],
  ]);
  const titles = new Map(posts.map((p) => [p.id, p.title]));
  const names = new Map(parents.map((p) => [p.id, p.comment_by]));
  return rows.map((r) => ({ ...r, post_title: titles.get(r.post_id) ?? null, reply_to: r.parent_id ? (names.get(r.parent_id) ?? null) : null }));
}

export async function commentCounts(db: Db): Promise<Record<CommentState, number>> {
  const rows = await db.kysely
    .selectFrom("comments")
    .select(["state", (eb) => eb.fn.countAll<string | number>().as("n")])
    .groupBy("state")
    .execute();
  const out: Record<CommentState, number> = { held: 0, visible: 0, hidden: 0, spam: 0, trash: 0 };
  for (const r of rows) out[asState(r.state)] += Number(r.n);
  return out;
}

/**
 * One page of comments, newest first; with `all`, every held comment comes before the
 * rest. Each part is read in index order (comments_state_created, and the partial index
 * comments_settled_created of migration 014), and the page's post titles and replied-to
 * names by key afterwards, so a page never joins whole tables.
 */
export async function listComments(
  db: Db,
  filter: CommentFilter,
  page: number,
  counts: Record<CommentState, number>,
  zone = "UTC",
): Promise<{ rows: DeskComment[]; total: number }> {
  const offset = (page - 1) * COMMENTS_PAGE_SIZE;
  const newest = <Q extends ReturnType<typeof select>>(q: Q) => q.orderBy("c.created_on", "desc").orderBy("c.id", "desc");
  if (filter !== "all") {
    const rows = await newest(select(db).where("c.state", "=", filter))
      .limit(COMMENTS_PAGE_SIZE)
      .offset(offset)
      .execute();
    return { rows: (await named(db, rows)).map((r) => view(r, zone)), total: counts[filter] };
  }
  const held = counts.held;
  // "All" leaves the trash out: it has its own filter.
  const total = Object.values(counts).reduce((a, b) => a + b, 0) - counts.trash;
  const rows: Row[] = [];
  if (offset < held) {
    rows.push(
      ...(await newest(select(db).where("c.state", "=", "held"))
        .limit(COMMENTS_PAGE_SIZE)
        .offset(offset)
        .execute()),
    );
  }
  if (rows.length < COMMENTS_PAGE_SIZE) {
    // Written out (not a parameter) so both databases read the partial index of migration 014.
    const rest = await newest(select(db).where(sql<boolean>`c.state <> 'held'`).where("c.state", "<>", "trash"))
      .limit(COMMENTS_PAGE_SIZE - rows.length)
      .offset(Math.max(0, offset - held))
      .execute();
    rows.push(...rest);
  }
  return { rows: (await named(db, rows)).map((r) => view(r, zone)), total };
}

/** From which states each action may be taken, and the state it leads to. */
const transitions: Record<Exclude<ModerationAction, "delete" | "untrash">, { from: CommentState[]; to: CommentState }> = {
  approve: { from: ["held"], to: "visible" },
  hide: { from: ["visible", "held"], to: "hidden" },
  restore: { from: ["hidden", "spam"], to: "visible" },
  spam: { from: ["held", "visible", "hidden"], to: "spam" },
};

export type ModerationResult =
  | {
      ok: true;
      comment: { id: string; postId: string; by: string };
      /** Replies taken along (delete, untrash). */
      also: number;
      /** Marked as spam: the sender's other waiting comments, offered, not changed. */
      offer: string[];
    }
  | { ok: false; status: 404 | 409; message: string };

/**
 * Applies one decision. Marking as spam blocks the sender's e-mail address and address
 * hash, so their later comments are held; restoring a spam comment lifts that block.
 * Marking as spam changes that comment only, and names the sender's other waiting comments
 * (same e-mail address or address hash) for the desk to offer. Deleting moves the comment and its replies to
 * the trash (comment-trash.server.ts), from which `untrash` brings them back.
 */
export async function moderate(db: Db, id: string, action: ModerationAction, staffId: number): Promise<ModerationResult> {
  const result = await decideOne(db, id, action, staffId);
  // Every instance's page cache moves on at once (PostgreSQL: see db.contentChanged).
  if (result.ok) await db.contentChanged();
  return result;
}

/** One decision on one comment, in its own transaction, without telling the page cache (moderate and moderateMany do). */
export function decideOne(db: Db, id: string, action: ModerationAction, staffId: number): Promise<ModerationResult> {
  return db.kysely.transaction().execute(async (trx): Promise<ModerationResult> => {
    const c = await trx
      .selectFrom("comments")
      .select(["id", "post_id", "parent_id", "comment_by", "email", "ip_hash", "state", "from_team", "trashed_with"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!c) return { ok: false, status: 404, message: "This comment no longer exists (it may have been deleted meanwhile)." };
    const comment = { id: c.id, postId: c.post_id, by: c.comment_by };
    const state = asState(c.state);
    if (action === "delete" || action === "untrash") {
      const moved = action === "delete" ? await trashComment(trx, c, new Date()) : await untrashComment(trx, c);
      return moved.ok ? { ok: true, comment, also: moved.replies, offer: [] } : { ok: false, status: 409, message: moved.message };
    }
    if (state === "trash") return { ok: false, status: 409, message: "This comment is in the trash: restore it first (the list may be out of date)." };
    const t = transitions[action];
    if (!t.from.includes(state) || (action === "spam" && Number(c.from_team) === 1)) {
      return {
        ok: false,
        status: 409,
        message: `This comment is ${stateLabels[state].toLowerCase()}: it cannot be ${pastTense[action]} (the list may be out of date).`,
      };
    }
    const now = new Date().toISOString();
    await trx.updateTable("comments").set({ state: t.to, moderated_at: now }).where("id", "=", id).execute();
    const blocks = [{ kind: "email", value: normaliseEmail(c.email) }, ...(c.ip_hash ? [{ kind: "ip", value: c.ip_hash }] : [])].filter((b) => b.value !== "");
    if (action === "spam" && blocks.length) {
      await trx
        .insertInto("comment_blocks")
        .values(blocks.map((b) => ({ ...b, comment_id: id, staff_id: staffId, created_at: now })))
        .onConflict((oc) => oc.columns(["kind", "value"]).doNothing())
        .execute();
    }
    const offer = action === "spam" ? await waitingFromSender(trx, c) : [];
    if (state === "spam" && t.to === "visible") {
      for (const b of blocks) await trx.deleteFrom("comment_blocks").where("kind", "=", b.kind).where("value", "=", b.value).execute();
    }
    return { ok: true, comment, also: 0, offer };
  });
}

/**
 * A reply as the company, shown at once as "Fillway Team" with its mark. A reply to a
 * reply joins the same thread (replies are one level deep). Only a visible comment can be
 * answered: a reply under a held or hidden one would not show.
 */
export async function teamReply(
  db: Db,
  commentId: string,
  text: string,
  staff: { id: number; email: string },
): Promise<{ ok: true; id: string; postId: string } | { ok: false; status: 404 | 409; message: string }> {
  const parent = await db.kysely.selectFrom("comments").select(["id", "post_id", "parent_id", "state"]).where("id", "=", commentId).executeTakeFirst();
  if (!parent) return { ok: false, status: 404, message: "This comment no longer exists (it may have been deleted meanwhile)." };
  if (parent.state !== "visible") {
    return { ok: false, status: 409, message: "Only a visible comment can be answered: approve or restore it first." };
  }
  const id = randomUUID();
  await db.kysely
    .insertInto("comments")
    .values({
      id,
      submission_id: null,
      post_id: parent.post_id,
      parent_id: parent.parent_id ?? parent.id,
      comment_by: TEAM_NAME,
      email: staff.email,
      company_name: brand.name,
      text,
      created_on: new Date().toISOString(),
      ip_hash: null,
      state: "visible",
      from_team: 1,
      staff_id: staff.id,
    })
    .execute();
  await db.contentChanged();
  return { ok: true, id, postId: parent.post_id };
}

/** Comment ids are UUIDs, or the ids of seeded comments in content/posts/comments.json. */
export const COMMENT_ID = /^[A-Za-z0-9][\w-]{0,99}$/;
