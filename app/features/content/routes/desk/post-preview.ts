import { POST_LIMITS } from "~/features/content/post-desk";
import { renderPreview } from "~/features/content/components/post-preview.server";
import { BUSY_RETRY_SECONDS, staffOwner } from "~/features/content/markdown-pool.server";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { readFormDataCapped } from "~/platform/http/body.server";
import type { Route } from "./+types/post-preview";

/**
 * The editor's live preview: the form's fields in, the HTML the public post page will
 * show out (post-preview.server.tsx). Rendered on the server, so no Markdown library reaches
 * a browser bundle. The body is read under a cap counted as it arrives, and rendered off
 * the event loop under a time limit, in the member's share of the Markdown threads: past
 * it, 429 and a message to try again in a moment.
 */
/** The editor's fields as a form: the body's 100,000 characters, up to four bytes each, and the rest. */
const MAX_PREVIEW_BYTES = 1024 * 1024;

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readFormDataCapped(request, MAX_PREVIEW_BYTES);
  if (!read.ok) {
    const error = read.status === 413 ? `The form is larger than ${MAX_PREVIEW_BYTES / 1024} KiB.` : "The form could not be read.";
    return Response.json({ html: null, error }, { status: read.status, headers: DESK_HEADERS });
  }
  const form = read.form;
  const field = (k: string, max: number) => String(form.get(k) ?? "").slice(0, max);
  const body = String(form.get("body") ?? "");
  if (body.length > POST_LIMITS.body) {
    return Response.json(
      { html: null, error: `The body must be at most ${POST_LIMITS.body.toLocaleString("en-US")} characters` },
      { status: 413, headers: DESK_HEADERS },
    );
  }
  const shown = await renderPreview(
    {
      title: field("title", POST_LIMITS.title),
      subTitle: field("subTitle", POST_LIMITS.subTitle),
      image: field("image", 300),
      video: field("video", 300),
      body,
    },
    { owner: staffOwner(signedIn(context).id), signal: request.signal },
  );
  // A body that cannot be rendered in time, or nests too deeply: 422 and what to change; the member's previews still rendering: 429.
  const headers = shown.status === 429 ? { ...DESK_HEADERS, "Retry-After": String(BUSY_RETRY_SECONDS) } : DESK_HEADERS;
  return Response.json({ html: shown.html, error: shown.error }, { status: shown.status, headers });
}

export function loader(_: Route.LoaderArgs) {
  throw new Response("Send the post with POST.", { status: 405, headers: { ...DESK_HEADERS, Allow: "POST" } });
}
