import { getDeskPost, postDownload } from "~/features/content/desk-posts.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { audit } from "~/features/staff/audit.server";
import type { Route } from "./+types/post-markdown";

/** "Download as Markdown": the post as a content/posts/ file, to put it back in the repository. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  const row = await getDeskPost(db, params.id);
  if (!row) throw new Response("There is no such post.", { status: 404, headers: { ...DESK_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  const file = postDownload(row);
  await audit(db, { staffId: me.id, action: "post.download", subject: row.id });
  return new Response(file.text, {
    headers: {
      ...DESK_HEADERS,
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.name}"`,
    },
  });
}
