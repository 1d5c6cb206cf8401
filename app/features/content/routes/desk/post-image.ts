import { encodeImage, ImageRefused, mediaDir, readLimited, REFUSED_SIZE, saveImage } from "~/features/content/media.server";
import { MAX_UPLOAD_BYTES } from "~/features/content/post-desk";
import { audit } from "~/features/staff/audit.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import type { Route } from "./+types/post-image";

/**
 * An image uploaded from inside the post editor (the banner's upload control, Insert
 * image in the body): stored as on the images page (media.server.ts), answered with the
 * addresses of its sizes for the editor to use.
 */
const FORM_OVERHEAD = 64 * 1024;

const refuse = (status: number, error: string) =>
  Response.json({ error }, { status, headers: { ...DESK_HEADERS, ...(status === 413 ? { Connection: "close" } : {}) } });

export async function action({ request, context }: Route.ActionArgs) {
  const me = signedIn(context);
  const services = deskServices(context);
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) return refuse(415, "Send the image as multipart/form-data.");
  let file: File;
  try {
    const body = await readLimited(request, MAX_UPLOAD_BYTES + FORM_OVERHEAD);
    const form = await new Request(request.url, { method: "POST", headers: { "content-type": type }, body: new Uint8Array(body) }).formData();
    const value = form.get("image");
    if (!(value instanceof File) || value.size === 0) return refuse(422, "Choose an image file to upload.");
    file = value;
  } catch (error) {
    if (error instanceof ImageRefused) return refuse(error.status, error.message);
    return refuse(400, "The upload could not be read. Please try again.");
  }
  if (file.size > MAX_UPLOAD_BYTES) return refuse(413, REFUSED_SIZE);
  try {
    const image = await encodeImage(Buffer.from(await file.arrayBuffer()));
    const item = await saveImage(services.db, mediaDir(services.env.MEDIA_DIR), file.name, image, me.id);
    await audit(services.db, { staffId: me.id, action: "media.upload", subject: item.banner.path, detail: { name: item.originalName, type: image.type } });
    return Response.json({ banner: item.banner.path, card: item.card.path, name: item.originalName }, { headers: DESK_HEADERS });
  } catch (error) {
    if (error instanceof ImageRefused) return refuse(error.status, error.message);
    throw error;
  }
}

export function loader(_: Route.LoaderArgs) {
  throw new Response("Send the image with POST.", { status: 405, headers: { ...DESK_HEADERS, Allow: "POST" } });
}
