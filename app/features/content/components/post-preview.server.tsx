import { renderToStaticMarkup } from "react-dom/server";
import { PostMedia } from "~/features/content/components/media";
import { PostBody } from "~/features/content/components/post-body";
import { PostMeta } from "~/features/content/components/post-card";
import { MarkdownRefused, type RenderOptions, renderMarkdownGuarded } from "~/features/content/markdown-pool.server";

export interface PreviewInput {
  title: string;
  subTitle: string;
  image: string;
  video: string;
  body: string;
  /** Shared previews (routes/desk/post-share.tsx) show the alt text and the byline as the page will. */
  imageAlt?: string;
  author?: string | null;
  date?: string;
}

/**
 * The editor's preview, as HTML made on the server: the public post page's own media and
 * body components around the body rendered by the same pipeline as every post (marked,
 * then sanitize-html). The desk's page only places this HTML, so neither the Markdown
 * library nor the public components' code is bundled for the desk (and the public
 * pages' chunks stay as they are). The body is rendered off the event loop under the time
 * limit (markdown-pool.server.ts): a body that cannot be rendered gives `error`, the
 * message saying what to change, its `status` (422; 429 when the member's earlier previews
 * still fill their share of the threads), and no HTML. `owner` is whose share it is.
 */
export async function renderPreview(
  p: PreviewInput,
  opts: Pick<RenderOptions, "owner" | "signal"> = {},
): Promise<{ html: string; error: null; status: 200 } | { html: null; error: string; status: number }> {
  let body: string;
  try {
    body = await renderMarkdownGuarded(p.body, opts);
  } catch (error) {
    if (error instanceof MarkdownRefused) return { html: null, error: error.message, status: error.status };
    // The editor sent a newer preview before this one had a thread: nobody waits for this answer.
    if (opts.signal?.aborted) return { html: null, error: "A newer preview replaced this one.", status: 409 };
    throw error;
  }
  const image = /^\/media\/[\w./-]+$/.test(p.image) && !p.image.includes("..") ? p.image : null;
  const video = /^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//.test(p.video) ? p.video : null;
  const html = renderToStaticMarkup(
    <>
      <p className="text-3xl font-extrabold tracking-tight">{p.title || "Title"}</p>
      {p.date ? <PostMeta date={p.date} author={p.author} className="mt-4 text-base" /> : null}
      <div className="mt-4">
        <PostMedia title={p.title} image={image} alt={p.imageAlt ?? ""} videoUrl={video} className="rounded-2xl" />
      </div>
      <p className="mt-8 text-xl font-medium text-slate-900 dark:text-white">{p.subTitle}</p>
      <div className="mt-6">
        <PostBody html={body} />
      </div>
    </>,
  );
  return { html, error: null, status: 200 };
}
