import { data } from "react-router";
import { renderPreview } from "~/features/content/components/post-preview.server";
import { getDeskPost } from "~/features/content/desk-posts.server";
import { checkPreview, previewSecret } from "~/features/content/preview-link.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import type { Route } from "./+types/post-share";

/**
 * A draft's or scheduled post's preview from a signed link (preview-link.server.ts), for
 * anyone who has the link, signed in or not: the post as its public page will show it,
 * marked Preview, never indexed.
 */
export const meta = ({ data }: Route.MetaArgs) => [{ title: `Preview: ${data?.title ?? "post"} · Fillway` }, { name: "robots", content: "noindex, nofollow" }];
export const headers = () => ({ ...DESK_HEADERS, "X-Robots-Tag": "noindex, nofollow" });

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = deskServices(context);
  const check = checkPreview(await previewSecret(db), params.token);
  const noindex = { ...DESK_HEADERS, "X-Robots-Tag": "noindex, nofollow" };
  if (!check.ok) {
    const message = check.reason === "expired" ? "This preview link has expired. Ask for a new one." : "This preview link is not valid.";
    throw data(message, { status: check.reason === "expired" ? 410 : 404, headers: noindex });
  }
  const row = await getDeskPost(db, check.id);
  if (!row) throw data("This post no longer exists.", { status: 404, headers: noindex });
  // Shared by everyone who opens this post's link: one share of the Markdown threads.
  const shown = await renderPreview(
    {
      title: row.title,
      subTitle: row.sub_title,
      image: row.image_original ?? "",
      imageAlt: row.image_alt ?? "",
      video: row.video_url ?? "",
      body: row.body_markdown ?? "",
      author: row.author_name ?? null,
      date: row.publish_at ?? row.published_by ?? row.created_on,
    },
    { owner: `preview-link:${row.id}` },
  );
  return data({ title: row.title, html: shown.html ?? "", error: shown.error }, { headers: noindex });
}

export default function PostShare({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl">
      <p className="mb-4 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-950">Preview: not published</p>
      {loaderData.error ? <p role="alert">{loaderData.error}</p> : null}
      {/* HTML made on the server by the public page's components, the body sanitised. */}
      <div dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </article>
  );
}
