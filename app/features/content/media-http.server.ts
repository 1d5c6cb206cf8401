import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { resourceContentSecurityPolicy } from "~/platform/http/security-headers.server";
import { noneMatchHits } from "~/platform/http/negotiate";
import { UPLOAD_URL } from "./media.server";

/** A name saveImage gives: content hash, size, .webp. Nothing else is looked up on disk. */
const NAME = /^[a-f0-9]{32}-\d{1,5}x\d{1,5}\.webp$/;

export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

export const ownsMedia = (path: string) => path.startsWith(UPLOAD_URL);

/**
 * Serves /media/uploads/<hash>-<w>x<h>.webp from MEDIA_DIR. The name holds the content
 * hash, so a file never changes under its name: cached for a year, immutable.
 */
export async function sendMedia(dir: string, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const name = path.slice(UPLOAD_URL.length);
  let body: Buffer | null = null;
  if (NAME.test(name)) body = await readFile(join(dir, name)).catch(() => null);
  if (!body) {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Content-Security-Policy": resourceContentSecurityPolicy });
    res.end("Not found");
    return;
  }
  const etag = `"${name.slice(0, 32)}"`;
  res.setHeader("Content-Type", "image/webp");
  res.setHeader("Cache-Control", MEDIA_CACHE_CONTROL);
  res.setHeader("ETag", etag);
  res.setHeader("Content-Security-Policy", resourceContentSecurityPolicy);
  if (noneMatchHits(req.headers["if-none-match"], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}
