import { uploadImage } from "~/features/content/image-upload.server";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import type { Route } from "./+types/post-image";

/**
 * An image uploaded from inside the post editor (the banner's upload control, Insert
 * image in the body): stored as on the images page (media.server.ts), answered with the
 * addresses of its sizes for the editor to use (the banner crop for the banner, the
 * picture in its own shape for the body).
 */
const refuse = (status: number, error: string) =>
  Response.json({ error }, { status, headers: { ...DESK_HEADERS, ...(status === 413 ? { Connection: "close" } : {}) } });

export async function action({ request, context }: Route.ActionArgs) {
  const r = await uploadImage(request, context);
  if (!r.ok) return refuse(r.status, r.message);
  return Response.json(
    { banner: r.item.banner.path, card: r.item.card.path, inline: r.item.inline.path, name: r.item.originalName },
    { headers: DESK_HEADERS },
  );
}

export function loader(_: Route.LoaderArgs) {
  throw new Response("Send the image with POST.", { status: 405, headers: { ...DESK_HEADERS, Allow: "POST" } });
}
