import { z } from "zod";
import { htmlToText, markdownToHtml, sanitizeDescription } from "./markdown.server";

/**
 * One post as marketing writes it: a Markdown file whose front matter is a flat list of
 * `key: value` lines between two `---` lines. Only the keys below are accepted, so a typo
 * is reported instead of silently dropped.
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
const videoUrl = z
  .string()
  .regex(
    /^https:\/\/(www\.youtube-nocookie\.com\/embed\/[\w-]{6,20}|player\.vimeo\.com\/video\/\d{4,12})(\?[\w=&.-]*)?$/,
    "must be a https://www.youtube-nocookie.com/embed/… or https://player.vimeo.com/video/… URL",
  );

const mediaPath = z
  .string()
  .regex(/^\/media\/blog\/[\w./-]+\.(svg|png|jpe?g|webp|avif)$/, "must be a file under /media/blog/")
  .refine((p) => !p.includes(".."), "must not leave /media/blog/");

export const frontMatterSchema = z
  .object({
    id: z
      .string()
      .max(100)
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens"),
    kind: z.enum(["blog", "article", "event"]),
    title: z.string().min(1).max(160),
    subTitle: z.string().min(1).max(400),
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

export type FrontMatter = z.infer<typeof frontMatterSchema>;

/** The row a post file becomes (without the bookkeeping columns). */
export interface ParsedPost {
  id: string;
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

/** Splits `---` front matter from the body and reads its `key: value` lines. */
export function readFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const m = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(text);
  if (!m) throw new PostFileError("the file must start with front matter between two --- lines");
  const fields: Record<string, string> = {};
  (m[1] ?? "").split("\n").forEach((raw, n) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const kv = /^([A-Za-z][\w]*)\s*:\s*(.*)$/.exec(line);
    if (!kv) throw new PostFileError(`front matter line ${n + 2} is not "key: value"`);
    const key = kv[1] ?? "";
    if (Object.hasOwn(fields, key)) throw new PostFileError(`front matter repeats "${key}"`);
    fields[key] = unquote(kv[2] ?? "");
  });
  return { fields, body: text.slice(m[0].length) };
}

function unquote(value: string): string {
  const v = value.trim();
  const q = v[0];
  if ((q === '"' || q === "'") && v.length >= 2 && v.endsWith(q)) {
    const inner = v.slice(1, -1);
    return q === '"' ? inner.replace(/\\(["\\])/g, "$1") : inner.replace(/''/g, "'");
  }
  // No trailing comments: "Booth #412" must stay whole. Comments take a line of their own.
  return v;
}

/** A post file to the row it stands for; throws PostFileError naming what is wrong. */
export function parsePostFile(source: string): ParsedPost {
  const { fields, body } = readFrontMatter(source);
  const parsed = frontMatterSchema.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")} ${i.message}` : i.message));
    throw new PostFileError(issues.join("; "));
  }
  const fm = parsed.data;
  if (body.trim() === "") throw new PostFileError("the post has no body");
  const descriptionHtml = sanitizeDescription(markdownToHtml(body));
  return {
    id: fm.id,
    title: fm.title,
    subTitle: fm.subTitle,
    descriptionHtml,
    bodyText: htmlToText(descriptionHtml),
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
