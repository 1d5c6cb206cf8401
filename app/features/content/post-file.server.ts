import matter from "gray-matter";
import * as yaml from "js-yaml";
import { z } from "zod";
import { POST_KINDS, POST_LIMITS, type PostKind } from "~/features/content/post-desk";
import { htmlToText, renderMarkdown } from "./markdown.server";
import { MarkdownRefused, renderMarkdownGuarded } from "./markdown-pool.server";

/**
 * One post as marketing writes it: a Markdown file whose front matter is YAML `key: value`
 * lines between two `---` lines (quote a value that holds ": " or " #"). Only the keys
 * below are accepted, so a typo is reported instead of silently dropped.
 *
 *     ---
 *     id: night-fueling-for-delivery-vans
 *     # blog | article | event
 *     kind: blog
 *     title: Why we fuel delivery vans at 2 a.m.
 *     subTitle: One sentence that sells the post (the list shows its first 121 characters).
 *     date: 2026-03-12
 *     publishedBy: 2026-03-14
 *     image: /media/blog/night-fueling.svg
 *     articleUrl: https://…
 *     video: https://www.youtube-nocookie.com/embed/…
 *     ---
 *
 * date is createdOn; publishedBy (optional) is shown and sorted on when present;
 * articleUrl is required for kind: article; video (optional) is shown instead of the image.
 */

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/, "must be a date like 2026-03-12")
  .transform((s, ctx) => {
    const d = new Date(s.length === 10 ? `${s}T12:00:00Z` : s);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: "custom", message: "is not a real date" });
      return z.NEVER;
    }
    return d.toISOString();
  });

/** Only players our CSP allows to be framed (frame-src in security-headers.server.ts). */
export const VIDEO_URL = /^https:\/\/(www\.youtube-nocookie\.com\/embed\/[\w-]{6,20}|player\.vimeo\.com\/video\/\d{4,12})(\?[\w=&.-]*)?$/;
const videoUrl = z.string().regex(VIDEO_URL, "must be a https://www.youtube-nocookie.com/embed/… or https://player.vimeo.com/video/… URL");

/** A file under public/media/blog/, or an image uploaded in the desk (/media/uploads/, served from MEDIA_DIR). */
export const UPLOAD_PATH = /^\/media\/uploads\/[a-f0-9]{16,64}-\d{1,5}x\d{1,5}\.webp$/;
const mediaPath = z
  .string()
  .refine(
    (p) => /^\/media\/blog\/[\w./-]+\.(svg|png|jpe?g|webp|avif)$/.test(p) || UPLOAD_PATH.test(p),
    "must be a file under /media/blog/ or an uploaded image",
  )
  .refine((p) => !p.includes(".."), "must not leave /media/blog/");

export { POST_KINDS, POST_LIMITS, type PostKind };

export const frontMatterSchema = z
  .object({
    id: z
      .string()
      .max(POST_LIMITS.id)
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens"),
    kind: z.enum(POST_KINDS),
    title: z.string().min(1).max(POST_LIMITS.title),
    subTitle: z.string().min(1).max(POST_LIMITS.subTitle),
    date,
    publishedBy: date.optional(),
    image: mediaPath,
    thumbnail: mediaPath.optional(),
    articleUrl: z.url({ protocol: /^https$/ }).optional(),
    video: videoUrl.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind === "article" && !v.articleUrl) ctx.addIssue({ code: "custom", path: ["articleUrl"], message: "is required for kind: article" });
  });

/** The row a post file becomes (without the bookkeeping columns). */
export interface ParsedPost {
  id: string;
  kind: PostKind;
  /** The Markdown body as written. */
  body: string;
  title: string;
  subTitle: string;
  descriptionHtml: string;
  bodyText: string;
  imageThumbnail: string;
  imageOriginal: string;
  articleUrl: string | null;
  videoUrl: string | null;
  createdOn: string;
  publishedBy: string | null;
  isPublished: boolean;
  isArticle: boolean;
}

export class PostFileError extends Error {}

const refuse = () => {
  throw new PostFileError("front matter must be YAML");
};

/**
 * Splits `---` front matter from the body (gray-matter) and reads it as YAML (js-yaml's
 * failsafe schema, so every value stays the string it was written as: a date is not
 * turned into a Date, `no` not into false). gray-matter would run `---js` front matter
 * as code: only YAML is accepted.
 */
export function readFrontMatter(source: string): { fields: Record<string, unknown>; body: string } {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (!/^---[ \t]*\n/.test(text)) throw new PostFileError("the file must start with front matter between two --- lines");
  let file: matter.GrayMatterFile<string>;
  try {
    file = matter(text, {
      language: "yaml",
      engines: {
        yaml: (s: string) => (s.trim() === "" ? {} : (yaml.load(s, { schema: yaml.FAILSAFE_SCHEMA }) ?? {})) as object,
        js: refuse,
        javascript: refuse,
        json: refuse,
      },
    });
  } catch (e) {
    if (e instanceof PostFileError) throw e;
    const reason = e instanceof yaml.YAMLException ? `${e.reason}${e.mark ? ` (line ${e.mark.line + 1} of the file)` : ""}` : String(e);
    throw new PostFileError(`front matter: ${reason}`);
  }
  if (file.language !== "yaml") refuse();
  const fields = file.data;
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) throw new PostFileError("front matter must be key: value lines");
  return { fields, body: file.content.replace(/^\n/, "") };
}

/** A post file's fields, its body not yet rendered; throws PostFileError naming what is wrong. */
function readPostFields(source: string): Omit<ParsedPost, "descriptionHtml" | "bodyText"> {
  const { fields, body } = readFrontMatter(source);
  const parsed = frontMatterSchema.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")} ${i.message}` : i.message));
    throw new PostFileError(issues.join("; "));
  }
  const fm = parsed.data;
  if (body.trim() === "") throw new PostFileError("the post has no body");
  if (body.length > POST_LIMITS.body) throw new PostFileError(`the body is longer than ${POST_LIMITS.body.toLocaleString("en-US")} characters`);
  return {
    id: fm.id,
    kind: fm.kind,
    body,
    title: fm.title,
    subTitle: fm.subTitle,
    imageOriginal: fm.image,
    imageThumbnail: fm.thumbnail ?? fm.image,
    articleUrl: fm.articleUrl ?? null,
    videoUrl: fm.video ?? null,
    createdOn: fm.date,
    publishedBy: fm.publishedBy ?? null,
    isPublished: fm.kind !== "event",
    isArticle: fm.kind === "article",
  };
}

const withHtml = (fields: Omit<ParsedPost, "descriptionHtml" | "bodyText">, descriptionHtml: string): ParsedPost => ({
  ...fields,
  descriptionHtml,
  bodyText: htmlToText(descriptionHtml),
});

/**
 * A post file to the row it stands for, rendered here on the calling thread; throws
 * PostFileError naming what is wrong. For tools and tests: the server loads files with
 * `loadPostFile`.
 */
export function parsePostFile(source: string): ParsedPost {
  const fields = readPostFields(source);
  return withHtml(fields, renderMarkdown(fields.body));
}

/**
 * A post file to the row it stands for, its body rendered off the event loop under the
 * time limit (markdown-pool.server.ts); throws PostFileError naming what is wrong,
 * including a body that cannot be rendered in time or nests too deeply.
 */
export async function loadPostFile(source: string): Promise<ParsedPost> {
  const fields = readPostFields(source);
  try {
    return withHtml(fields, await renderMarkdownGuarded(fields.body));
  } catch (error) {
    if (error instanceof MarkdownRefused) throw new PostFileError(error.message);
    throw error;
  }
}

/** Only the fields a file states (no rendering): what the desk compares with the stored row. */
export function postFileFields(source: string): Omit<ParsedPost, "descriptionHtml" | "bodyText"> {
  return readPostFields(source);
}

/** The kind a row's flags stand for (spec 4): not published = event; published article = related article. */
export function kindOf(flags: { is_published: number; is_article: number }): PostKind {
  if (Number(flags.is_published) !== 1) return "event";
  return Number(flags.is_article) === 1 ? "article" : "blog";
}

/** A front-matter value: plain when YAML reads it back as the same text, else double-quoted (JSON escapes are YAML's). */
function yamlValue(v: string): string {
  const plain = v === v.trim() && v !== "" && !/: |\s#|^[-?:,[\]{}#&*!|>'"%@`]|:$|\p{Cc}/u.test(v) && !/^(~|null|true|false|yes|no|on|off|y|n)$/i.test(v);
  if (!plain) return JSON.stringify(v);
  try {
    const back = yaml.load(`k: ${v}`, { schema: yaml.FAILSAFE_SCHEMA }) as { k?: unknown };
    return back?.k === v ? v : JSON.stringify(v);
  } catch {
    return JSON.stringify(v);
  }
}

/** A stored date as the file writes it: the day alone when it is the noon a day is read as. */
const fileDate = (iso: string) => (iso.endsWith("T12:00:00.000Z") ? iso.slice(0, 10) : iso);

export interface PostFileFields {
  id: string;
  kind: PostKind;
  title: string;
  subTitle: string;
  body: string;
  createdOn: string;
  publishedBy: string | null;
  imageOriginal: string;
  imageThumbnail: string;
  articleUrl: string | null;
  videoUrl: string | null;
}

/** A post as a file in the format above; parsePostFile reads it back to the same fields. */
export function postToFile(p: PostFileFields): string {
  const lines = [
    "---",
    `id: ${p.id}`,
    `kind: ${p.kind}`,
    `title: ${yamlValue(p.title)}`,
    `subTitle: ${yamlValue(p.subTitle)}`,
    `date: ${fileDate(p.createdOn)}`,
    p.publishedBy ? `publishedBy: ${fileDate(p.publishedBy)}` : null,
    `image: ${p.imageOriginal}`,
    p.imageThumbnail !== p.imageOriginal ? `thumbnail: ${p.imageThumbnail}` : null,
    p.articleUrl ? `articleUrl: ${yamlValue(p.articleUrl)}` : null,
    p.videoUrl ? `video: ${yamlValue(p.videoUrl)}` : null,
    "---",
  ];
  const body = p.body.replace(/\r\n?/g, "\n").replace(/\n*$/, "\n");
  return `${lines.filter((l) => l !== null).join("\n")}\n${body}`;
}

/** The fields a file and a row must agree on for the desk to call them the same. */
export function sameContent(a: PostFileFields, b: PostFileFields): boolean {
  const body = (p: PostFileFields) => p.body.replace(/\r\n?/g, "\n").trim();
  const keys = ["id", "kind", "title", "subTitle", "createdOn", "publishedBy", "imageOriginal", "imageThumbnail", "articleUrl", "videoUrl"] as const;
  return body(a) === body(b) && keys.every((k) => a[k] === b[k]);
}
