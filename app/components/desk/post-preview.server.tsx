import { renderToStaticMarkup } from "react-dom/server";
import { PostMedia } from "~/components/blog/media";
import { PostBody } from "~/components/blog/post-body";
import { renderMarkdown } from "~/server/blog/markdown.server";

export interface PreviewInput {
  title: string;
  subTitle: string;
  image: string;
  video: string;
  body: string;
}

/**
 * The editor's preview, as HTML made on the server: the public post page's own media and
 * body components around the body rendered by the same pipeline as every post (marked,
 * then sanitize-html). The desk's page only places this HTML, so neither the Markdown
 * library nor the public components' code is bundled for the desk (and the public
 * pages' chunks stay as they are).
 */
export function renderPreview(p: PreviewInput): string {
  const image = /^\/media\/[\w./-]+$/.test(p.image) && !p.image.includes("..") ? p.image : null;
  const video = /^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//.test(p.video) ? p.video : null;
  return renderToStaticMarkup(
    <>
      <p className="text-3xl font-extrabold tracking-tight">{p.title || "Title"}</p>
      <div className="mt-4">
        <PostMedia title={p.title} image={image} videoUrl={video} className="rounded-2xl" />
      </div>
      <p className="mt-8 text-xl font-medium text-slate-900 dark:text-white">{p.subTitle}</p>
      <div className="mt-6">
        <PostBody html={renderMarkdown(p.body)} />
      </div>
    </>,
  );
}
