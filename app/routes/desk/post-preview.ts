import { data } from "react-router";
import { POST_LIMITS } from "~/lib/post-desk";
import { renderMarkdown } from "~/server/blog/markdown.server";
import { DESK_HEADERS, requireStaff } from "~/server/desk/auth.server";
import type { Route } from "./+types/post-preview";

/**
 * The editor's live preview: Markdown in, the HTML the public page will show out, by the
 * same pipeline (marked, then sanitize-html) that renders posts. Server-side, so no
 * Markdown library reaches a browser bundle.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context, ["admin", "editor"]);
  const form = await request.formData();
  const body = String(form.get("body") ?? "");
  if (body.length > POST_LIMITS.body) {
    return data({ html: null, error: `The body must be at most ${POST_LIMITS.body.toLocaleString("en-US")} characters` }, { status: 413, headers: DESK_HEADERS });
  }
  return data({ html: renderMarkdown(body), error: null as string | null }, { headers: DESK_HEADERS });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin", "editor"]);
  throw new Response("Send the body with POST.", { status: 405, headers: { ...DESK_HEADERS, Allow: "POST" } });
}
