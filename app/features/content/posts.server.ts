import { randomUUID } from "node:crypto";
import { type Expression, type ExpressionBuilder, type Insertable, type Selectable, type SqlBool, sql } from "kysely";
import { type BlogComment, type BlogItem, type BlogReply, COMMENT_PAGE_SIZE, type CommentPage, POST_FALLBACK_IMAGE } from "~/features/content/types";
import type { KindFilter } from "~/copy/news";
import type { Db } from "~/platform/db/db.server";
import type { CommentsTable, Database, PostsTable } from "~/platform/db/schema";
import { sanitizeDescription } from "./markdown.server";
import { type CommentModeration, initialState } from "./moderation.server";

/** The reading and writing of posts and comments, shared by the API and the page loaders. */

export interface ListQuery extends KindFilter {
  search?: string;
  blogId?: string;
  limit: number;
  offset: number;
  /**
   * Cards only (lists, feeds): no comments are read and descriptions are left empty, so a
   * page of a list never reads or sanitises more than it shows.
   */
  cards?: boolean;
  /**
   * `false`: the list's total is not counted (a sidebar of the few newest posts needs none,
   * and counting reads every matching row); `count` is then the number of items read.
   */
  total?: false;
}

export interface ListResult {
  items: BlogItem[];
  count: number;
}

/** The words of a search: letters and digits of any alphabet; everything else separates them. */
export function searchWords(search: string): string[] {
  return Array.from(new Set(search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])).slice(0, MAX_SEARCH_WORDS);
}
const MAX_SEARCH_WORDS = 12;

/**
 * Full-text search (migration 005-post-search): every word must occur, in any order, in the
 * title, subtitle or body, after English stemming ("fueling" finds "fuel"). The last word
 * is also matched as the start of a word, since the list searches while the visitor types:
 * "fue" finds "fuel", "nigh" finds "night". The words are bound as parameters: on SQLite
 * each is a quoted FTS5 string (so no word is read as an operator), joined by AND, and the
 * last one `("word" OR "word"*)`; on PostgreSQL the others go through plainto_tsquery and the last
 * through to_tsquery as `word:*` (a word is letters and digits only, so it holds no
 * operator), which stems it before matching it as a prefix.
 */
function fullText(db: Db, words: string[]) {
  if (db.dialect === "postgres") {
    const last = words[words.length - 1] ?? "";
    const query = sql`(plainto_tsquery('english', ${words.slice(0, -1).join(" ")}) && to_tsquery('english', ${`${last}:*`}))`;
    return {
      matches: sql<boolean>`posts.search_vector @@ ${query}`,
      // Best first: ts_rank over the weighted vector (title A, subtitle B, body D).
      rank: sql`ts_rank(posts.search_vector, ${query}) desc`,
    };
  }
  const match = words.map((w, i) => (i === words.length - 1 ? `("${w}" OR "${w}"*)` : `"${w}"`)).join(" AND ");
  return {
    matches: sql<boolean>`posts.rowid in (select rowid from posts_fts where posts_fts match ${match})`,
    // bm25 is lower for better matches; a title hit counts ten times a body hit.
    rank: sql`(select bm25(posts_fts, 10.0, 4.0, 1.0) from posts_fts where posts_fts match ${match} and posts_fts.rowid = posts.rowid) asc`,
  };
}

/**
 * Public: a post is shown once its publish time has passed (migration 009). A draft
 * (no time) or a post scheduled for later is in no list, search, feed or page.
 */
export const isPublic = (eb: ExpressionBuilder<Database, "posts">, now = new Date()) => eb("posts.publish_at", "<=", now.toISOString());

function where(db: Db, q: Omit<ListQuery, "limit" | "offset">) {
  const words = q.search === undefined ? [] : searchWords(q.search);
  const search = q.search?.trim() ? fullText(db, words) : undefined;
  const now = new Date();
  const filter = (eb: ExpressionBuilder<Database, "posts">) => {
    const parts: Expression<SqlBool>[] = [isPublic(eb, now)];
    // A search shows published items only, whatever the category (spec 7: isPublished=true with search).
    if (search) parts.push(eb("is_published", "=", 1));
    if (q.isPublished !== undefined) parts.push(eb("is_published", "=", q.isPublished ? 1 : 0));
    if (q.isArticle !== undefined) parts.push(eb("is_article", "=", q.isArticle ? 1 : 0));
    if (q.blogId !== undefined) parts.push(eb("id", "=", q.blogId));
    // A search of nothing but punctuation matches nothing.
    if (search) parts.push(words.length ? search.matches : sql<boolean>`1 = 0`);
    return eb.and(parts);
  };
  return { filter, rank: words.length ? search?.rank : undefined };
}

/** Newest first (a search: best match first): the shown date (publishedBy over createdOn), ties by id for stable pages. */
export async function listPosts(db: Db, q: ListQuery): Promise<ListResult> {
  const { filter, rank } = where(db, q);
  let list = db.kysely.selectFrom("posts").selectAll().where(filter);
  // Search results: the best matches first, then newest first.
  if (rank) list = list.orderBy(rank);
  const [rows, total] = await Promise.all([
    list.orderBy(sql`coalesce(published_by, created_on)`, "desc").orderBy("id").limit(q.limit).offset(q.offset).execute(),
    q.total === false
      ? undefined
      : db.kysely
          .selectFrom("posts")
          .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
          .where(filter)
          .executeTakeFirst(),
  ]);
  const count = q.total === false ? rows.length : Number(total?.n ?? 0);
  if (q.cards) return { items: rows.map((r) => toItem(r, [], false)), count };
  const comments = await commentsFor(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toItem(r, comments.get(r.id) ?? [])), count };
}

/** One post as the API sends it; `comments: false` leaves its comments out (the page reads one page of them, see `commentPage`). */
/** A post as its page shows it: the API's fields, the byline (null: the site's own) and the banner's alt text. */
export type PagePost = BlogItem & { author: string | null; imageAlt: string };

export async function getPost(db: Db, id: string, opts: { comments?: false } = {}): Promise<PagePost | null> {
  const row = await db.kysely
    .selectFrom("posts")
    .selectAll()
    .where("id", "=", id)
    .where((eb) => isPublic(eb))
    .executeTakeFirst();
  if (!row) return null;
  const extras = { author: row.author_name ?? null, imageAlt: row.image_alt ?? "" };
  if (opts.comments === false) return { ...toItem(row, []), ...extras };
  const comments = await commentsFor(db, [id]);
  return { ...toItem(row, comments.get(id) ?? []), ...extras };
}

const visibleComments = (db: Db, postId: string) => db.kysely.selectFrom("comments").where("post_id", "=", postId).where("state", "=", "visible");

/**
 * One page of a post's visible comments. Page 1 holds the newest threads, so a new
 * comment shows on the post's own URL; page 2 the threads before them, and so on. Each
 * page reads its threads from the index (post, state, time) and their replies by parent,
 * never the post's other comments. Null for a page past the last one.
 */
export async function commentPage(db: Db, postId: string, page: number): Promise<CommentPage | null> {
  const [counts, threads] = await Promise.all([
    visibleComments(db, postId)
      .select((eb) => [eb.fn.countAll<number | string | bigint>().as("total"), eb.fn.count<number | string | bigint>("parent_id").as("replies")])
      .executeTakeFirst(),
    visibleComments(db, postId)
      .select(["id", "comment_by", "text", "created_on", "from_team"])
      .where("parent_id", "is", null)
      .orderBy("created_on", "desc")
      .orderBy("id", "desc")
      .limit(COMMENT_PAGE_SIZE)
      .offset((page - 1) * COMMENT_PAGE_SIZE)
      .execute(),
  ]);
  const total = Number(counts?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil((total - Number(counts?.replies ?? 0)) / COMMENT_PAGE_SIZE));
  if (page > pageCount) return null;
  const items: BlogComment[] = threads.reverse().map((r) => ({ ...shown(r), childComments: [] }));
  if (items.length) {
    const byId = new Map(items.map((c) => [c._id, c]));
    const replies = await db.kysely
      .selectFrom("comments")
      .select(["id", "parent_id", "comment_by", "text", "created_on", "from_team"])
      .where(
        "parent_id",
        "in",
        items.map((c) => c._id),
      )
      .where("state", "=", "visible")
      .execute();
    // Oldest first, ties by id (the order commentsFor reads from the index).
    replies.sort((a, b) => (a.created_on === b.created_on ? (a.id < b.id ? -1 : 1) : a.created_on < b.created_on ? -1 : 1));
    for (const r of replies) if (r.parent_id) byId.get(r.parent_id)?.childComments.push(shown(r));
  }
  return { items, page, pageCount, total };
}

/** The page of a post's comments that shows a thread (for the answer to a reply sent without JavaScript). */
export async function threadPage(db: Db, postId: string, threadId: string): Promise<number> {
  const thread = await visibleComments(db, postId).select(["created_on", "id"]).where("id", "=", threadId).executeTakeFirst();
  if (!thread) return 1;
  const newer = await visibleComments(db, postId)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("parent_id", "is", null)
    .where((eb) => eb.or([eb("created_on", ">", thread.created_on), eb.and([eb("created_on", "=", thread.created_on), eb("id", ">", thread.id)])]))
    .executeTakeFirst();
  return Math.floor(Number(newer?.n ?? 0) / COMMENT_PAGE_SIZE) + 1;
}

export async function postCount(db: Db): Promise<number> {
  const r = await db.kysely
    .selectFrom("posts")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function postExists(db: Db, id: string): Promise<boolean> {
  return !!(await db.kysely
    .selectFrom("posts")
    .select("id")
    .where("id", "=", id)
    .where((eb) => isPublic(eb))
    .executeTakeFirst());
}

/** Ids and dates of posts, newest first (all, or one slice), for the sitemap. */
export async function postIndex(
  db: Db,
  slice?: { limit: number; offset: number },
): Promise<{ id: string; date: string; updatedAt: string; publishAt: string | null }[]> {
  let q = db.kysely
    .selectFrom("posts")
    .select(["id", "created_on", "published_by", "updated_at", "publish_at"])
    .where((eb) => isPublic(eb))
    .orderBy(sql`coalesce(published_by, created_on)`, "desc")
    .orderBy("id");
  if (slice) q = q.limit(slice.limit).offset(slice.offset);
  const rows = await q.execute();
  return rows.map((r) => ({ id: r.id, date: r.published_by ?? r.created_on, updatedAt: r.updated_at, publishAt: r.publish_at }));
}

/** When each of these posts went public (publish_at), for the feed's dates. */
export async function publishTimes(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.kysely.selectFrom("posts").select(["id", "publish_at"]).where("id", "in", ids).execute();
  return new Map(rows.flatMap((r) => (r.publish_at ? [[r.id, r.publish_at] as const] : [])));
}

async function commentsFor(db: Db, postIds: string[]): Promise<Map<string, BlogComment[]>> {
  const out = new Map<string, BlogComment[]>();
  if (postIds.length === 0) return out;
  const rows = await db.kysely
    .selectFrom("comments")
    .select(["id", "post_id", "parent_id", "comment_by", "text", "created_on", "from_team"])
    .where("post_id", "in", postIds)
    // Held, hidden and spam comments never reach a page or an API answer.
    .where("state", "=", "visible")
    .orderBy("created_on")
    .orderBy("id")
    .execute();
  const top = new Map<string, BlogComment>();
  for (const r of rows) {
    if (r.parent_id) continue;
    const c: BlogComment = { ...shown(r), childComments: [] };
    top.set(r.id, c);
    out.set(r.post_id, [...(out.get(r.post_id) ?? []), c]);
  }
  for (const r of rows) {
    if (!r.parent_id) continue;
    top.get(r.parent_id)?.childComments.push(shown(r));
  }
  return out;
}

/** A comment as the site shows it; a reply written in the desk carries `team: true`. */
function shown(r: { id: string; comment_by: string; text: string; created_on: string; from_team: number | string }): BlogReply {
  return { _id: r.id, commentBy: r.comment_by, text: r.text, createdOn: r.created_on, ...(Number(r.from_team) === 1 ? { team: true as const } : {}) };
}

function toItem(r: Selectable<PostsTable>, comments: BlogComment[], withDescription = true): BlogItem {
  return {
    _id: r.id,
    title: r.title,
    subTitle: r.sub_title,
    // Sanitised on the way out as well: a back office may write this column directly.
    description: withDescription ? sanitizeDescription(r.description_html) : "",
    imageUrl:
      r.image_original || r.image_thumbnail
        ? { thumbnail: r.image_thumbnail ?? r.image_original, original: r.image_original ?? r.image_thumbnail }
        : { ...POST_FALLBACK_IMAGE },
    articleUrl: r.article_url,
    videoUrl: r.video_url,
    createdOn: r.created_on,
    publishedBy: r.published_by,
    isPublished: Number(r.is_published) === 1,
    isArticle: Number(r.is_article) === 1,
    comments,
  };
}

export interface NewComment {
  /** The browser's id for this submission: a replay returns the stored comment. */
  submissionId?: string;
  blogId: string;
  /** The comment replied to; a reply to a reply joins the same thread. */
  commentId?: string;
  commentBy: string;
  email: string;
  companyName: string;
  text: string;
  ipHash: string | null;
}

/** `held`: stored, but waiting for review in the desk before anyone else sees it. */
export type StoredComment = BlogComment & { parentId: string | null; held: boolean };

export type AddCommentResult = { ok: true; replay: boolean; comment: StoredComment } | { ok: false; notFound: "blogId" | "commentId" };

async function bySubmission(db: Db, submissionId: string): Promise<StoredComment | null> {
  const r = await db.kysely
    .selectFrom("comments")
    .select(["id", "parent_id", "comment_by", "text", "created_on", "state"])
    .where("submission_id", "=", submissionId)
    .executeTakeFirst();
  return r
    ? { _id: r.id, commentBy: r.comment_by, text: r.text, createdOn: r.created_on, childComments: [], parentId: r.parent_id, held: r.state !== "visible" }
    : null;
}

/**
 * Stores a visitor's comment or reply. It shows at once, or waits for review when
 * `moderation` says so or its sender was marked as spam (moderation.server.ts).
 */
export async function addComment(db: Db, c: NewComment, moderation: CommentModeration): Promise<AddCommentResult> {
  if (c.submissionId) {
    const earlier = await bySubmission(db, c.submissionId);
    if (earlier) return { ok: true, replay: true, comment: earlier };
  }
  if (!(await postExists(db, c.blogId))) return { ok: false, notFound: "blogId" };
  let parentId: string | null = null;
  if (c.commentId !== undefined) {
    const parent = await db.kysely
      .selectFrom("comments")
      .select(["id", "parent_id"])
      .where("id", "=", c.commentId)
      .where("post_id", "=", c.blogId)
      // Only a comment visitors can see can be replied to.
      .where("state", "=", "visible")
      .executeTakeFirst();
    if (!parent) return { ok: false, notFound: "commentId" };
    // Replies are one level deep (spec 3: childComments), so a reply to a reply joins its thread.
    parentId = parent.parent_id ?? parent.id;
  }
  const state = await initialState(db, moderation, c);
  const row: Insertable<CommentsTable> = {
    id: randomUUID(),
    submission_id: c.submissionId ?? null,
    post_id: c.blogId,
    parent_id: parentId,
    comment_by: c.commentBy,
    email: c.email,
    company_name: c.companyName,
    text: c.text,
    created_on: new Date().toISOString(),
    ip_hash: c.ipHash,
    state,
  };
  const res = await db.kysely
    .insertInto("comments")
    .values(row)
    .onConflict((oc) => oc.column("submission_id").doNothing())
    .executeTakeFirst();
  if (c.submissionId && Number(res.numInsertedOrUpdatedRows ?? 0) === 0) {
    // The same submission arrived twice at once: the other request stored it.
    const earlier = await bySubmission(db, c.submissionId);
    if (earlier) return { ok: true, replay: true, comment: earlier };
  }
  // A comment others can see moves every instance's page cache on at once.
  if (state === "visible") await db.contentChanged();
  return {
    ok: true,
    replay: false,
    comment: { _id: row.id, commentBy: row.comment_by, text: row.text, createdOn: row.created_on, childComments: [], parentId, held: state === "held" },
  };
}
