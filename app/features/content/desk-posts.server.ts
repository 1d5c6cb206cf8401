import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Selectable } from "kysely";
import { z } from "zod";
import { AUTOSAVE_FIELDS, LIST_LIMIT, type PostStatus } from "~/features/content/post-desk";
import { isTimeZone } from "~/shared/zoned-time";
import type { Db } from "~/platform/db/db.server";
import type { PostsTable } from "~/platform/db/schema";
import { imageByBanner } from "./media.server";
import { htmlToText } from "./markdown.server";
import { MarkdownRefused, renderMarkdownGuarded } from "./markdown-pool.server";
import { localInputToUtc } from "~/shared/zoned-input";
import {
  kindOf,
  POST_KINDS,
  POST_LIMITS,
  type PostFileFields,
  type PostKind,
  postFileFields,
  postToFile,
  sameContent,
  UPLOAD_PATH,
  VIDEO_URL,
} from "./post-file.server";

/**
 * The desk's side of posts: every row whatever its state, the editor's form, publishing
 * and scheduling, deleting, and how a row compares with the file it came from.
 */

export function statusOf(publishAt: string | null, now = new Date()): PostStatus {
  if (!publishAt) return "draft";
  return publishAt > now.toISOString() ? "scheduled" : "published";
}

const flags = (kind: PostKind) => ({ is_published: kind === "event" ? 0 : 1, is_article: kind === "article" ? 1 : 0 });

/** "On file" states: no file, the same, different, or the file is gone. */
export type FileState = "none" | "same" | "differs" | "missing";

export interface DeskPostRow {
  id: string;
  title: string;
  kind: PostKind;
  status: PostStatus;
  publishAt: string | null;
  shownDate: string;
  updatedAt: string;
  sourceFile: string | null;
  fileState: FileState;
}

export function fieldsOf(r: Selectable<PostsTable>): PostFileFields {
  const image = r.image_original ?? r.image_thumbnail ?? "";
  return {
    id: r.id,
    kind: kindOf(r),
    title: r.title,
    subTitle: r.sub_title,
    body: r.body_markdown ?? "",
    createdOn: r.created_on,
    publishedBy: r.published_by,
    imageOriginal: image,
    imageThumbnail: r.image_thumbnail ?? image,
    articleUrl: r.article_url,
    videoUrl: r.video_url,
  };
}

/** Compares a row with its file (read now): the desk shows where they differ. */
export function fileState(r: Pick<Selectable<PostsTable>, "source_file"> & Selectable<PostsTable>): FileState {
  if (!r.source_file) return "none";
  const path = resolve(r.source_file);
  if (!existsSync(path)) return "missing";
  try {
    return sameContent(postFileFields(readFileSync(path, "utf8")), fieldsOf(r)) ? "same" : "differs";
  } catch {
    return "differs";
  }
}

export interface PostListQuery {
  kind?: PostKind;
  status?: PostStatus;
  q?: string;
}

/** Every post, newest change first, filtered by kind, state and words of the title. */
export async function listDeskPosts(db: Db, q: PostListQuery): Promise<DeskPostRow[]> {
  const now = new Date().toISOString();
  let query = db.kysely.selectFrom("posts").selectAll();
  if (q.kind) {
    const f = flags(q.kind);
    query = q.kind === "event" ? query.where("is_published", "=", 0) : query.where("is_published", "=", 1).where("is_article", "=", f.is_article);
  }
  if (q.status === "draft") query = query.where("publish_at", "is", null);
  if (q.status === "scheduled") query = query.where("publish_at", ">", now);
  if (q.status === "published") query = query.where("publish_at", "<=", now);
  for (const word of (q.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb(eb.fn("lower", ["title"]), "like", like));
  }
  const rows = await query.orderBy("updated_at", "desc").orderBy("id").limit(LIST_LIMIT).execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    kind: kindOf(r),
    status: statusOf(r.publish_at),
    publishAt: r.publish_at,
    shownDate: r.published_by ?? r.created_on,
    updatedAt: r.updated_at,
    sourceFile: r.source_file,
    fileState: fileState(r),
  }));
}

export async function getDeskPost(db: Db, id: string) {
  return (await db.kysely.selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

// --- The editor's form --------------------------------------------------------------

const n = (limit: number) => limit.toLocaleString("en-US");
const trimmed = (name: string, max: number) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, `${name} is required`)
        .max(max, `${name} must be at most ${n(max)} characters`),
    );
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v), schema.optional());
const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-03-12`)
    .refine((s) => !Number.isNaN(new Date(`${s}T12:00:00Z`).getTime()) && new Date(`${s}T12:00:00Z`).toISOString().startsWith(s), `${name} is not a real date`)
    .transform((s) => `${s}T12:00:00.000Z`);

/** Desk paths under /desk/posts/ that are not posts. */
const RESERVED_IDS = ["new", "preview", "image"];

export const INTENTS = ["save", "draft", "publish", "schedule"] as const;

export const postFormSchema = z
  .object({
    id: optional(
      z
        .string()
        .max(POST_LIMITS.id, `The address must be at most ${POST_LIMITS.id} characters`)
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "The address must be lower-case words joined by hyphens, like night-fueling-for-vans")
        .refine((id) => !RESERVED_IDS.includes(id), "That address is reserved for the desk: choose another"),
    ),
    kind: z.enum(POST_KINDS, "Choose a kind: blog post, related article or upcoming event"),
    title: trimmed("Title", POST_LIMITS.title),
    // A draft needs only its title: the subtitle, body and image are asked for to publish or schedule.
    subTitle: z
      .string()
      .transform((s) => s.trim())
      .pipe(z.string().max(POST_LIMITS.subTitle, `Subtitle must be at most ${n(POST_LIMITS.subTitle)} characters`)),
    body: z.string().max(POST_LIMITS.body, `The body must be at most ${n(POST_LIMITS.body)} characters`),
    date: day("The date"),
    publishedBy: optional(day("The shown date")),
    image: z
      .string()
      .refine((p) => p === "" || UPLOAD_PATH.test(p) || /^\/media\/blog\/[\w.-]+\.(svg|png|jpe?g|webp|avif)$/.test(p), "Choose an image from the list"),
    imageAlt: z
      .string()
      .default("")
      .transform((s) => s.trim())
      .pipe(z.string().max(POST_LIMITS.title, `The image's alt text must be at most ${n(POST_LIMITS.title)} characters`)),
    articleUrl: optional(
      z.url({ protocol: /^https$/, error: "The article URL must be an https:// address" }).max(2000, "The article URL must be at most 2,000 characters"),
    ),
    video: optional(
      z
        .string()
        .regex(
          VIDEO_URL,
          "The video must be a https://www.youtube-nocookie.com/embed/… or https://player.vimeo.com/video/… address (other players are not allowed)",
        ),
    ),
    intent: z.enum(INTENTS, "Choose what to do: save, publish or schedule"),
    publishAt: optional(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "The publish time must be a date and time")),
    timeZone: z
      .string()
      .default("")
      .refine((z) => z === "" || isTimeZone(z), "The time zone is not known"),
    /** "yes" once the editor answered "Publish now?" for a publish time that has passed. */
    confirmPast: z.string().default(""),
  })
  .superRefine((v, ctx) => {
    if (v.image && !v.imageAlt) ctx.addIssue({ code: "custom", path: ["imageAlt"], message: "Describe the image (its alt text) for people who cannot see it" });
    for (const src of imagesWithoutAlt(v.body)) {
      ctx.addIssue({
        code: "custom",
        path: ["body"],
        message: `The image ${src} in the body needs alt text: write it between the brackets, ![like this](${src})`,
      });
    }
    if (v.kind === "article" && !v.articleUrl) ctx.addIssue({ code: "custom", path: ["articleUrl"], message: "A related article needs the article URL" });
    if (v.intent === "schedule" && !v.publishAt) ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Choose the publish time to schedule" });
  });

export type PostForm = z.infer<typeof postFormSchema>;

/** The editor's fields: those an autosave keeps, and what a save alone says (its intent, the zone, a confirmation). */
const FORM_KEYS = [...AUTOSAVE_FIELDS, "intent", "timeZone", "confirmPast"] as const;

/** Images in a Markdown body with empty alt text (`![](/media/…)`), by address. */
export function imagesWithoutAlt(body: string): string[] {
  return [...body.matchAll(/!\[\s*\]\(\s*<?([^)\s>]*)/g)].map((m) => m[1] || "(no address)");
}

/**
 * What publishing or scheduling needs besides the title; a draft may leave these out. A
 * banner is not needed: without one the post and the lists show Fillway's own picture
 * (POST_FALLBACK_IMAGE).
 */
export function missingToPublish(form: Pick<PostForm, "subTitle" | "body" | "image">): string[] {
  const missing: string[] = [];
  if (!form.subTitle) missing.push("Subtitle is required to publish");
  if (!form.body.trim()) missing.push("The body is required to publish");
  return missing;
}

/** The form's text fields (anything else in the form is ignored). */
export function formValues(form: FormData): Record<string, string> {
  return Object.fromEntries(FORM_KEYS.map((k) => [k, typeof form.get(k) === "string" ? String(form.get(k)) : ""]));
}

/** A publish time typed in `zone` (UTC when none), "2026-11-23T18:00" or with seconds, to ISO. */
export function utcTime(local: string, zone = "UTC"): string | null {
  return localInputToUtc(local, zone || "UTC");
}

/** Images under public/media/blog/ that a post may use, besides the uploads. */
export function shippedImages(publicDir = resolve("public")): string[] {
  const dir = join(publicDir, "media", "blog");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^[\w.-]+\.(svg|png|jpe?g|webp|avif)$/.test(f))
    .sort()
    .map((f) => `/media/blog/${f}`);
}

export type SaveResult =
  | { ok: true; id: string; status: PostStatus; created: boolean }
  | { ok: false; status: 404 | 409 | 422 | 429; errors: string[]; pastTime?: string };

function slug(title: string): string {
  const s = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return s && !RESERVED_IDS.includes(s) ? s : `${s || "post"}-post`.replace(/^post-post$/, "post");
}

/**
 * Creates (id null) or saves a post, with its publish state from the intent, in one
 * statement: nothing is half saved. The address of a saved post never changes.
 */
export async function savePost(
  db: Db,
  existingId: string | null,
  form: PostForm,
  opts: { now?: Date; publicDir?: string; author?: string; owner?: string } = {},
): Promise<SaveResult> {
  const now = opts.now ?? new Date();
  const nowIso = now.toISOString();
  const current = existingId ? await getDeskPost(db, existingId) : null;
  if (existingId && !current) return { ok: false, status: 404, errors: ["There is no such post (it may have been deleted)."] };

  // A draft saves with its title alone; what goes (or stays) on the site needs the rest.
  const goesLive = form.intent === "publish" || form.intent === "schedule" || (form.intent === "save" && current?.publish_at != null);
  if (goesLive) {
    const missing = missingToPublish(form);
    if (missing.length > 0) return { ok: false, status: 422, errors: missing };
  }

  // The image: an upload (its card size for lists), a shipped file, or none (a draft).
  let thumbnail: string | null = form.image || null;
  if (!form.image) {
    thumbnail = null;
  } else if (UPLOAD_PATH.test(form.image)) {
    const item = await imageByBanner(db, form.image);
    if (!item) return { ok: false, status: 422, errors: ["Choose an image from the list"] };
    thumbnail = item.card.path;
  } else if (!shippedImages(opts.publicDir).includes(form.image)) {
    return { ok: false, status: 422, errors: ["Choose an image from the list"] };
  } else if (current && current.image_original === form.image && current.image_thumbnail) {
    thumbnail = current.image_thumbnail;
  }

  let publishAt: string | null = current ? current.publish_at : null;
  if (form.intent === "draft") publishAt = null;
  if (form.intent === "publish") publishAt = nowIso;
  if (form.intent === "schedule") {
    const at = form.publishAt ? utcTime(form.publishAt, form.timeZone) : null;
    if (!at) return { ok: false, status: 422, errors: ["The publish time must be a date and time"] };
    // A time already past would publish at once: asked first, never done silently.
    if (at <= nowIso && form.confirmPast !== "yes") {
      return { ok: false, status: 422, errors: ["That publish time has already passed. Publish now?"], pastTime: at };
    }
    publishAt = at;
  }

  // Off the event loop and under the time limit, in the member's share of the threads; a body that cannot be rendered is not saved.
  let html: string;
  try {
    html = await renderMarkdownGuarded(form.body, { owner: opts.owner });
  } catch (error) {
    if (error instanceof MarkdownRefused) return { ok: false, status: error.status, errors: [error.message] };
    throw error;
  }
  const columns = {
    title: form.title,
    sub_title: form.subTitle,
    body_markdown: form.body.replace(/\r\n?/g, "\n"),
    description_html: html,
    body_text: htmlToText(html),
    image_original: form.image || null,
    image_thumbnail: thumbnail,
    image_alt: form.image ? form.imageAlt : null,
    // The byline: whoever saves a post first in the desk; posts from files keep the site's own.
    author_name: current ? (current.author_name ?? (current.source_file ? null : (opts.author ?? null))) : (opts.author ?? null),
    article_url: form.articleUrl ?? null,
    video_url: form.video ?? null,
    created_on: form.date,
    published_by: form.publishedBy ?? null,
    ...flags(form.kind),
    publish_at: publishAt,
    updated_at: nowIso,
    edited_at: nowIso,
  };

  if (current) {
    await db.kysely.updateTable("posts").set(columns).where("id", "=", current.id).execute();
    await db.contentChanged();
    return { ok: true, id: current.id, status: statusOf(publishAt, now), created: false };
  }

  const wanted = form.id ?? slug(form.title);
  if (form.id && (await getDeskPost(db, wanted))) return { ok: false, status: 409, errors: [`The address ${wanted} is already used by another post`] };
  // A title's address that is taken gets -2, -3… (a post's address never changes once saved).
  for (let i = 1; i < 50; i++) {
    const id = i === 1 ? wanted : `${wanted.slice(0, POST_LIMITS.id - 4)}-${i}`;
    const res = await db.kysely
      .insertInto("posts")
      .values({ id, ...columns, source_file: null, source_hash: null })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) {
      await db.contentChanged();
      return { ok: true, id, status: statusOf(publishAt, now), created: true };
    }
    if (form.id) break;
  }
  return { ok: false, status: 409, errors: [`The address ${wanted} is already used by another post`] };
}

/** Publish now, or take a post off the site (a draft again). */
export async function setPublished(db: Db, id: string, publish: boolean, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const res = await db.kysely
    .updateTable("posts")
    .set({ publish_at: publish ? at : null, updated_at: at, edited_at: at })
    .where("id", "=", id)
    .executeTakeFirst();
  await db.contentChanged();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Deletes a post and its comments. A post that came from a file leaves a tombstone, so
 * the same file does not bring it back at the next start. One transaction.
 */
export async function deletePost(db: Db, id: string): Promise<{ title: string; sourceFile: string | null } | null> {
  const gone = await db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("posts").select(["id", "title", "source_file", "source_hash"]).where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    await trx.deleteFrom("comments").where("post_id", "=", id).where("parent_id", "is not", null).execute();
    await trx.deleteFrom("comments").where("post_id", "=", id).execute();
    await trx.deleteFrom("posts").where("id", "=", id).execute();
    if (row.source_file) {
      // The file as it is now is the one that must not bring the post back.
      const path = resolve(row.source_file);
      const hash = existsSync(path) ? contentHash(readFileSync(path, "utf8")) : row.source_hash;
      await trx
        .insertInto("post_tombstones")
        .values({ id, source_hash: hash, deleted_at: new Date().toISOString() })
        .onConflict((oc) => oc.column("id").doUpdateSet({ source_hash: hash, deleted_at: new Date().toISOString() }))
        .execute();
    }
    return { title: row.title, sourceFile: row.source_file };
  });
  // After the commit: another instance that renders now sees the post gone.
  if (gone) await db.contentChanged();
  return gone;
}

/** The post as a Markdown file in content/posts/ format; a draft's name starts with _ (not loaded). */
export function postDownload(r: Selectable<PostsTable>): { name: string; text: string } {
  const text = postToFile(fieldsOf(r));
  return { name: `${r.publish_at ? "" : "_"}${r.id}.md`, text };
}

export const contentHash = (text: string) => createHash("sha256").update(text).digest("hex");
