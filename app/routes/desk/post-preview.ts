import { POST_LIMITS } from "~/lib/post-desk";
import { renderPreview } from "~/components/desk/post-preview.server";
import { DESK_HEADERS, requireStaff } from "~/server/desk/auth.server";
import type { Route } from "./+types/post-preview";

/**
 * The editor's live preview: the form's fields in, the HTML the public post page will
 * show out (post-preview.server.tsx). Rendered on the server, so no Markdown library reaches
 * a browser bundle.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context, ["admin", "editor"]);
  const form = await request.formData();
  const field = (k: string, max: number) => String(form.get(k) ?? "").slice(0, max);
  const body = String(form.get("body") ?? "");
  if (body.length > POST_LIMITS.body) {
    return Response.json(
      { html: null, error: `The body must be at most ${POST_LIMITS.body.toLocaleString("en-US")} characters` },
      { status: 413, headers: DESK_HEADERS },
    );
  }
  const html = renderPreview({
    title: field("title", POST_LIMITS.title),
    subTitle: field("subTitle", POST_LIMITS.subTitle),
    image: field("image", 300),
    video: field("video", 300),
    body,
  });
  return Response.json({ html, error: null }, { headers: DESK_HEADERS });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin", "editor"]);
  throw new Response("Send the post with POST.", { status: 405, headers: { ...DESK_HEADERS, Allow: "POST" } });
}
