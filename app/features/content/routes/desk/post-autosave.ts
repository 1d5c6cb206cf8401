import { autosaveFields, clearAutosave, saveAutosave } from "~/features/content/autosave.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { readFormDataCapped } from "~/platform/http/body.server";
import type { Route } from "./+types/post-autosave";

/**
 * The editor's autosave (autosave.server.ts): the form's fields in, kept for this member of
 * staff and post ("new" before the first save); `discard` forgets them. Nothing here
 * changes the post or the site, so it is not an audited change.
 */
const MAX_AUTOSAVE_BYTES = 1024 * 1024;

export async function action({ request, context, params }: Route.ActionArgs) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  const read = await readFormDataCapped(request, MAX_AUTOSAVE_BYTES);
  if (!read.ok) return Response.json({ error: "The changes could not be read." }, { status: read.status, headers: DESK_HEADERS });
  if (read.form.get("intent") === "discard") {
    await clearAutosave(db, me.id, params.id);
    return Response.json({ savedAt: null }, { headers: DESK_HEADERS });
  }
  const savedAt = await saveAutosave(db, me.id, params.id, autosaveFields(read.form));
  if (!savedAt) return Response.json({ error: "There is no such post." }, { status: 404, headers: DESK_HEADERS });
  return Response.json({ savedAt }, { headers: DESK_HEADERS });
}

export function loader(_: Route.LoaderArgs) {
  throw new Response("Send the changes with POST.", { status: 405, headers: { ...DESK_HEADERS, Allow: "POST" } });
}
