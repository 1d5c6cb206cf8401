import { audit } from "~/features/staff/audit.server";
import { deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import type { RouterContextProvider } from "react-router";
import { encodeImage, ImageRefused, mediaDir, readLimited, REFUSED_SIZE, saveImage } from "./media.server";
import { MAX_UPLOAD_BYTES } from "./post-desk";

/** The multipart wrapping around the file (boundaries, the part's headers). */
const FORM_OVERHEAD = 64 * 1024;

export type Uploaded = Awaited<ReturnType<typeof saveImage>>;

/**
 * One image upload from the desk (the images page, or the post editor's upload and
 * "Insert image"): read up to the limit and no further, encoded into its sizes, stored
 * (media.server.ts) and audited. A refusal says its status and what to do.
 */
export async function uploadImage(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ ok: true; item: Uploaded } | { ok: false; status: number; message: string }> {
  const me = signedIn(context);
  const services = deskServices(context);
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) return { ok: false, status: 415, message: "Send the image with the upload form (multipart/form-data)." };
  let file: File;
  try {
    // A larger body is refused before it is all read.
    const body = await readLimited(request, MAX_UPLOAD_BYTES + FORM_OVERHEAD);
    const form = await new Request(request.url, { method: "POST", headers: { "content-type": type }, body: new Uint8Array(body) }).formData();
    const value = form.get("image");
    if (!(value instanceof File) || value.size === 0) return { ok: false, status: 422, message: "Choose an image file to upload." };
    file = value;
  } catch (error) {
    if (error instanceof ImageRefused) return { ok: false, status: error.status, message: error.message };
    return { ok: false, status: 400, message: "The upload could not be read. Please try again." };
  }
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: REFUSED_SIZE };
  try {
    const image = await encodeImage(Buffer.from(await file.arrayBuffer()));
    const item = await saveImage(services.db, mediaDir(services.env.MEDIA_DIR), file.name, image, me.id);
    await audit(services.db, { staffId: me.id, action: "media.upload", subject: item.banner.path, detail: { name: item.originalName, type: image.type } });
    return { ok: true, item };
  } catch (error) {
    if (error instanceof ImageRefused) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}
