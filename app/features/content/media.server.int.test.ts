import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { encodeImage, ImageRefused, listImages, MAX_UPLOAD_BYTES, readLimited, saveImage, SIZES, sniffImage } from "./media.server";

/** Image uploads: real pictures made by sharp, checked by content, re-encoded without metadata. */

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

const picture = (format: "jpeg" | "png" | "webp", width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .withExif({ IFD0: { Make: "SecretCam", Copyright: "Jo Private" }, IFD2: {}, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 46/1 0/1" } })
    [format]()
    .toBuffer();

async function refusal(p: Promise<unknown>): Promise<ImageRefused> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ImageRefused) return e;
    throw e;
  }
  throw new Error("not refused");
}

describe("image uploads", () => {
  it("tells JPEG, PNG and WebP by their first bytes, not their name", async () => {
    expect(sniffImage(await picture("jpeg"))).toBe("jpeg");
    expect(sniffImage(await picture("png"))).toBe("png");
    expect(sniffImage(await picture("webp"))).toBe("webp");
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from("GIF89a......"))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });

  it("never enlarges a small picture for a post's body, and keeps a tall one tall", async () => {
    const small = await encodeImage(await picture("png", 640, 480));
    expect([small.inline.width, small.inline.height]).toEqual([640, 480]);
    const tall = await encodeImage(await picture("png", 1000, 2000));
    expect([tall.inline.width, tall.inline.height]).toEqual([800, 1600]);
  });

  it("re-encodes to WebP at the banner and card sizes, and in its own shape for a post's body, without EXIF or GPS", async () => {
    const source = await picture("jpeg", 1600, 1200);
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const out = await encodeImage(source);
    expect(out.type).toBe("jpeg");
    // The body's picture keeps 4:3, cut to the box's width; the banner and card are cropped to 16:9.
    const shapes = { ...SIZES, inline: { width: 1200, height: 900 } };
    for (const [name, size] of Object.entries(shapes)) {
      const img = out[name as keyof typeof SIZES];
      const meta = await sharp(img.data).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual([size.width, size.height]);
      expect([img.width, img.height]).toEqual([size.width, size.height]);
      expect(meta.exif).toBeUndefined();
      expect(img.data.includes(Buffer.from("SecretCam"))).toBe(false);
    }
  });

  it("refuses SVG, other files and a file that lies about its type with 415; a damaged image with 422; too big with 413", async () => {
    expect((await refusal(encodeImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')))).status).toBe(415);
    expect((await refusal(encodeImage(Buffer.from("%PDF-1.7 not a picture")))).status).toBe(415);
    const damaged = Buffer.concat([(await picture("png")).subarray(0, 40), Buffer.alloc(100)]);
    expect((await refusal(encodeImage(damaged))).status).toBe(422);
    expect((await refusal(encodeImage(Buffer.alloc(MAX_UPLOAD_BYTES + 1)))).status).toBe(413);
  });

  it("stops reading a body at the limit", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(64 * 1024));
        if (pulled > 1000) c.close();
      },
    });
    const request = new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit);
    expect((await refusal(readLimited(request, 1024 * 1024))).status).toBe(413);
    expect(pulled).toBeLessThan(40);
    const declared = new Request("http://x/", { method: "POST", body: "x", headers: { "content-length": String(MAX_UPLOAD_BYTES * 2) } });
    expect((await refusal(readLimited(declared, MAX_UPLOAD_BYTES))).status).toBe(413);
  });

  it("stores content-hashed files once and lists them with their sizes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fillway-media-"));
    const image = await encodeImage(await picture("png"));
    const a = await saveImage(db, dir, "truck.png", image, null);
    const b = await saveImage(db, dir, "truck-again.png", image, null);
    expect(b.id).toBe(a.id);
    expect(a.banner.path).toMatch(/^\/media\/uploads\/[a-f0-9]{32}-1200x675\.webp$/);
    expect(a.card).toMatchObject({ width: 600, height: 338 });
    const file = join(dir, a.banner.path.split("/").pop()!);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).equals(image.banner.data)).toBe(true);
    expect((await listImages(db)).map((m) => m.id)).toEqual([a.id]);
  });
});
