import { createHash } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { IMAGE_SIZES, MAX_UPLOAD_BYTES } from "~/features/content/post-desk";
import type { Selectable } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { MediaTable } from "~/platform/db/schema";

/**
 * Images uploaded in the desk. The type is read from the first bytes (never the name or
 * the browser's word), the picture is decoded and re-encoded by sharp (libvips) into WebP
 * at the two sizes the pages draw, without any metadata (EXIF, GPS, ICC comments), and
 * written under MEDIA_DIR with a content-hashed name, so it can be cached for ever.
 */

export const DEFAULT_MEDIA_DIR = "data/media";
/** The URL prefix uploaded images are served at. */
export const UPLOAD_URL = "/media/uploads/";

export const SIZES = IMAGE_SIZES;
export { MAX_UPLOAD_BYTES };

export type ImageType = "jpeg" | "png" | "webp";

/** The image type by its magic bytes, or null: JPEG FF D8 FF, PNG's 8-byte signature, RIFF….WEBP. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP") return "webp";
  return null;
}

export class ImageRefused extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

export const REFUSED_TYPE = "Only JPEG, PNG and WebP images can be uploaded (SVG and other files are refused).";
export const REFUSED_SIZE = `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;

export interface EncodedImage {
  type: ImageType;
  banner: { data: Buffer; width: number; height: number };
  card: { data: Buffer; width: number; height: number };
  inline: { data: Buffer; width: number; height: number };
}

/** Checks and re-encodes an upload; throws ImageRefused with the message the editor sees. */
export async function encodeImage(bytes: Buffer): Promise<EncodedImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ImageRefused(413, REFUSED_SIZE);
  const type = sniffImage(bytes);
  if (!type) throw new ImageRefused(415, REFUSED_TYPE);
  const render = async (size: { width: number; height: number }, fit: "cover" | "inside" = "cover") => {
    try {
      // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
      const { data, info } = await sharp(bytes, { limitInputPixels: 100_000_000, failOn: "error" })
        .rotate()
        .resize(size.width, size.height, fit === "cover" ? { fit, position: "attention" } : { fit, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    } catch {
      throw new ImageRefused(422, "The image could not be read: the file is damaged or not really an image.");
    }
  };
  const banner = await render(SIZES.banner);
  const card = await render(SIZES.card);
  const inline = await render(SIZES.inline, "inside");
  return { type, banner, card, inline };
}

export function mediaDir(setting: string | undefined): string {
  return resolve(setting ?? DEFAULT_MEDIA_DIR);
}

const fileName = (data: Buffer, w: number, h: number) => `${createHash("sha256").update(data).digest("hex").slice(0, 32)}-${w}x${h}.webp`;

export interface MediaItem {
  id: string;
  originalName: string;
  banner: { path: string; width: number; height: number };
  card: { path: string; width: number; height: number };
  /** The picture for a post's body in its own shape; the banner for images uploaded before it existed. */
  inline: { path: string; width: number; height: number };
  bytes: number;
  createdAt: string;
}

function writeOnce(dir: string, name: string, data: Buffer) {
  mkdirSync(dir, { recursive: true });
  // Written aside and renamed: a reader never sees half a file.
  const tmp = join(dir, `.${name}.${process.pid}.tmp`);
  writeFileSync(tmp, data);
  renameSync(tmp, join(dir, name));
}

/** Stores an encoded upload (the files, then its row); the same picture twice is one item. */
export async function saveImage(db: Db, dir: string, originalName: string, image: EncodedImage, staffId: number | null): Promise<MediaItem> {
  const bannerName = fileName(image.banner.data, image.banner.width, image.banner.height);
  const cardName = fileName(image.card.data, image.card.width, image.card.height);
  writeOnce(dir, bannerName, image.banner.data);
  writeOnce(dir, cardName, image.card.data);
  const inlineName = fileName(image.inline.data, image.inline.width, image.inline.height);
  writeOnce(dir, inlineName, image.inline.data);
  const id = bannerName.slice(0, 32);
  const row = {
    id,
    original_name: originalName.replace(/\p{Cc}/gu, "").slice(0, 200) || "image",
    banner_path: `${UPLOAD_URL}${bannerName}`,
    banner_width: image.banner.width,
    banner_height: image.banner.height,
    card_path: `${UPLOAD_URL}${cardName}`,
    card_width: image.card.width,
    card_height: image.card.height,
    inline_path: `${UPLOAD_URL}${inlineName}`,
    inline_width: image.inline.width,
    inline_height: image.inline.height,
    bytes: image.banner.data.length + image.card.data.length + image.inline.data.length,
    staff_id: staffId,
    created_at: new Date().toISOString(),
  };
  await db.kysely
    .insertInto("media")
    .values(row)
    // The same picture again: one item; one uploaded before body sizes existed gains its own.
    .onConflict((oc) =>
      oc
        .column("id")
        .doUpdateSet({ inline_path: row.inline_path, inline_width: row.inline_width, inline_height: row.inline_height })
        .where("media.inline_path", "is", null),
    )
    .execute();
  const stored = await db.kysely.selectFrom("media").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return toItem(stored);
}

function toItem(
  r: Pick<
    Selectable<MediaTable>,
    | "id"
    | "original_name"
    | "banner_path"
    | "banner_width"
    | "banner_height"
    | "card_path"
    | "card_width"
    | "card_height"
    | "inline_path"
    | "inline_width"
    | "inline_height"
    | "bytes"
    | "created_at"
  >,
): MediaItem {
  return {
    id: r.id,
    originalName: r.original_name,
    banner: { path: r.banner_path, width: Number(r.banner_width), height: Number(r.banner_height) },
    card: { path: r.card_path, width: Number(r.card_width), height: Number(r.card_height) },
    inline: r.inline_path
      ? { path: r.inline_path, width: Number(r.inline_width), height: Number(r.inline_height) }
      : { path: r.banner_path, width: Number(r.banner_width), height: Number(r.banner_height) },
    bytes: Number(r.bytes),
    createdAt: r.created_at,
  };
}

/** The newest uploads first. */
export async function listImages(db: Db, limit = 200): Promise<MediaItem[]> {
  const rows = await db.kysely.selectFrom("media").selectAll().orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
  return rows.map(toItem);
}

export async function imageByBanner(db: Db, bannerPath: string): Promise<MediaItem | null> {
  const row = await db.kysely.selectFrom("media").selectAll().where("banner_path", "=", bannerPath).executeTakeFirst();
  return row ? toItem(row) : null;
}

/**
 * Reads a request body up to `limit` bytes. A declared length over it, or a body that
 * grows past it, throws ImageRefused(413) at once: the rest is never read.
 */
export async function readLimited(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new ImageRefused(413, REFUSED_SIZE);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new ImageRefused(413, REFUSED_SIZE);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
