import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { z } from "zod";
import type { Db } from "~/platform/db/db.server";
import type { Logger } from "~/platform/logger.server";
import { DEFAULT_MEDIA_DIR } from "./media.server";
import { loadPostFile, type ParsedPost, UPLOAD_PATH } from "./post-file.server";

/**
 * Loads content/posts/*.md into the posts table at start. Each row remembers the hash of
 * the file it came from; a file is applied only when it is new or changed, so a row edited
 * in place later (by a back office) keeps its edits until marketing edits the file itself.
 * Rows whose file was removed are left alone: deleting content is a deliberate act. A row
 * saved in the desk (edited_at) is never overwritten by its file; a post deleted in the
 * desk stays deleted until its file changes.
 * Several instances starting at once are safe: every write is an upsert by id.
 */

export const DEFAULT_POSTS_DIR = "content/posts";
/** Demo comments, keyed by post; applied once, when their post is first inserted. */
export const SEED_COMMENTS_FILE = "comments.json";

export interface SyncReport {
  inserted: string[];
  updated: string[];
  unchanged: number;
  /** Files that changed while their post was edited in the desk: the desk's version is kept. */
  kept: string[];
  /** Files that could not be loaded, with the reason; the rest still load. */
  errors: { file: string; message: string }[];
}

export interface SyncOptions {
  dir?: string;
  /** Where /media/… paths resolve, to catch a post naming an image that does not exist. */
  publicDir?: string;
  /** Where images uploaded in the desk live (/media/uploads/…; MEDIA_DIR). */
  mediaDir?: string;
  log?: Pick<Logger, "info" | "warn" | "error">;
  now?: () => Date;
}

const reply = z.strictObject({
  id: z.string().min(1).max(100),
  by: z.string().min(1).max(60),
  company: z.string().min(1).max(100),
  email: z.email(),
  text: z.string().min(1).max(2000),
  date: z.iso.datetime(),
});
const seedComments = z.record(z.string(), z.array(reply.extend({ replies: z.array(reply).default([]) })));
type SeedComments = z.infer<typeof seedComments>;

export async function syncPosts(db: Db, opts: SyncOptions = {}): Promise<SyncReport> {
  const dir = resolve(opts.dir ?? DEFAULT_POSTS_DIR);
  const publicDir = resolve(opts.publicDir ?? "public");
  const now = (opts.now ?? (() => new Date()))().toISOString();
  const mediaDir = resolve(opts.mediaDir ?? DEFAULT_MEDIA_DIR);
  const report: SyncReport = { inserted: [], updated: [], unchanged: 0, kept: [], errors: [] };
  if (!existsSync(dir)) {
    opts.log?.warn({ dir }, "no posts directory: the news and blog pages stay empty");
    return report;
  }

  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".md") && !f.startsWith("_") && f.toLowerCase() !== "readme.md")
    .sort();
  const parsed: { file: string; hash: string; post: ParsedPost }[] = [];
  for (const name of files) {
    const file = relative(process.cwd(), join(dir, name)).split("\\").join("/");
    try {
      const source = readFileSync(join(dir, name), "utf8");
      const post = await loadPostFile(source);
      for (const img of new Set([post.imageOriginal, post.imageThumbnail])) {
        const upload = UPLOAD_PATH.test(img);
        const root = upload ? mediaDir : publicDir;
        const file = upload ? join(mediaDir, basename(img)) : join(publicDir, img);
        if (!existsSync(file)) throw new Error(`image ${img} does not exist under ${relative(process.cwd(), root) || "."}`);
      }
      parsed.push({ file, hash: createHash("sha256").update(source).digest("hex"), post });
    } catch (error) {
      report.errors.push({ file, message: error instanceof Error ? error.message : String(error) });
    }
  }
  // Two files with one id: the file named after the id wins (a copy was made to start a new post).
  const owner = new Map<string, (typeof parsed)[number]>();
  for (const p of parsed) {
    const current = owner.get(p.post.id);
    const named = (x: typeof p) => basename(x.file) === `${x.post.id}.md`;
    if (!current || (!named(current) && named(p))) owner.set(p.post.id, p);
  }
  const posts = parsed.filter((p) => owner.get(p.post.id) === p);
  for (const p of parsed) {
    if (owner.get(p.post.id) !== p) report.errors.push({ file: p.file, message: `id "${p.post.id}" is already used by ${owner.get(p.post.id)?.file}` });
  }
  report.errors.sort((a, b) => a.file.localeCompare(b.file));
  for (const e of report.errors) opts.log?.error(e, "post file skipped");

  const comments = readSeedComments(join(dir, SEED_COMMENTS_FILE), report);
  if (posts.length === 0) return report;

  const ids = posts.map((p) => p.post.id);
  const known = new Map(
    (await db.kysely.selectFrom("posts").select(["id", "source_hash", "edited_at", "body_markdown"]).where("id", "in", ids).execute()).map((r) => [r.id, r]),
  );
  const buried = new Map(
    (await db.kysely.selectFrom("post_tombstones").select(["id", "source_hash"]).where("id", "in", ids).execute()).map((r) => [r.id, r.source_hash]),
  );

  for (const { file, hash, post } of posts) {
    const row = known.get(post.id);
    if (!row && buried.has(post.id)) {
      // Deleted in the desk: the same file does not bring it back; an edited file does.
      if (buried.get(post.id) === hash) {
        report.unchanged++;
        continue;
      }
      await db.kysely.deleteFrom("post_tombstones").where("id", "=", post.id).execute();
    }
    if (!row) {
      const res = await db.kysely
        .insertInto("posts")
        .values({ ...columns(post), source_file: file, source_hash: hash, updated_at: now, publish_at: now })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      // Another instance may have inserted it a moment ago: only the winner seeds comments.
      if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) {
        report.inserted.push(post.id);
        await insertSeedComments(db, post.id, comments[post.id] ?? []);
      }
    } else if (row.edited_at) {
      // Edited in the desk: the file never overwrites it (the desk shows that they differ).
      if (row.source_hash !== hash) report.kept.push(post.id);
      else report.unchanged++;
    } else if (row.source_hash !== hash || row.body_markdown === null) {
      // Changed, or loaded before the Markdown was kept. The publish time stays as it is.
      await db.kysely
        .updateTable("posts")
        .set({ ...columns(post), source_file: file, source_hash: hash, updated_at: now })
        .where("id", "=", post.id)
        .where("edited_at", "is", null)
        .execute();
      report.updated.push(post.id);
    } else {
      report.unchanged++;
    }
  }
  opts.log?.info(
    { inserted: report.inserted.length, updated: report.updated.length, unchanged: report.unchanged, skipped: report.errors.length },
    "posts loaded",
  );
  if (report.kept.length) opts.log?.warn({ posts: report.kept }, "post files changed, but their posts were edited in the desk: the desk's versions are kept");
  return report;
}

function columns(p: ParsedPost) {
  return {
    id: p.id,
    body_markdown: p.body,
    title: p.title,
    sub_title: p.subTitle,
    description_html: p.descriptionHtml,
    body_text: p.bodyText,
    image_thumbnail: p.imageThumbnail,
    image_original: p.imageOriginal,
    article_url: p.articleUrl,
    video_url: p.videoUrl,
    created_on: p.createdOn,
    published_by: p.publishedBy,
    is_published: p.isPublished ? 1 : 0,
    is_article: p.isArticle ? 1 : 0,
  };
}

function readSeedComments(path: string, report: SyncReport): SeedComments {
  if (!existsSync(path)) return {};
  try {
    return seedComments.parse(JSON.parse(readFileSync(path, "utf8")));
  } catch (error) {
    const message = error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error);
    report.errors.push({ file: relative(process.cwd(), path), message });
    return {};
  }
}

async function insertSeedComments(db: Db, postId: string, list: SeedComments[string]) {
  for (const c of list) {
    const rows = [{ ...c, parent_id: null as string | null }, ...c.replies.map((r) => ({ ...r, parent_id: c.id as string | null, replies: [] }))];
    for (const r of rows) {
      await db.kysely
        .insertInto("comments")
        .values({
          id: r.id,
          submission_id: null,
          post_id: postId,
          parent_id: r.parent_id,
          comment_by: r.by,
          email: r.email,
          company_name: r.company,
          text: r.text,
          created_on: new Date(r.date).toISOString(),
          ip_hash: null,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
  }
}
