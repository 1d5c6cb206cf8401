/**
 * What the content desk's pages and the server agree on: kinds, states, limits and image
 * sizes. No server code here, so the desk's pages may import it.
 */

/** Limits shared by post files and the desk's editor. */
export const POST_LIMITS = { id: 100, title: 200, subTitle: 400, body: 100_000 } as const;

export type PostKind = "blog" | "article" | "event";
export const POST_KINDS: readonly PostKind[] = ["blog", "article", "event"];
export const kindLabels: Record<PostKind, string> = { blog: "Blog post", article: "Related article", event: "Upcoming event" };

export type PostStatus = "draft" | "scheduled" | "published";
export const POST_STATUSES: readonly PostStatus[] = ["draft", "scheduled", "published"];
export const statusLabels: Record<PostStatus, string> = { draft: "Draft", scheduled: "Scheduled", published: "Published" };

/** The desk's post list shows at most this many (most recently changed first). */
export const LIST_LIMIT = 500;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The post banner (PostMedia: 16:9 at 1200×675) and the list card (half of it). */
export const IMAGE_SIZES = {
  banner: { width: 1200, height: 675 },
  card: { width: 600, height: 338 },
  /** A picture in a post's body keeps its shape: it fits in this box and is never enlarged. */
  inline: { width: 1200, height: 1600 },
} as const;

/** The byline of a post saved by a member of staff without a name. */
export const TEAM_BYLINE = "Fillway Team";

/** The editor's fields an autosave keeps (never intent or confirmations). */
export const AUTOSAVE_FIELDS = [
  "kind",
  "id",
  "title",
  "subTitle",
  "body",
  "date",
  "publishedBy",
  "image",
  "imageAlt",
  "articleUrl",
  "video",
  "publishAt",
] as const;
