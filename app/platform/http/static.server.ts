import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { inlineScriptHashes, resourceContentSecurityPolicy } from "./security-headers.server";
import { ifRangeHolds, noneMatchHits, pickEncoding } from "./negotiate";

export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  /** CSP hashes of a pre-rendered page's inline scripts. */
  scriptHashes?: string[];
  isPage: boolean;
}

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".data": "text/x-script",
  ".woff2": "font/woff2",
};
const compressible = new Set([".html", ".js", ".css", ".json", ".svg", ".txt", ".xml", ".data", ".webmanifest"]);

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/**
 * Loads the client build (hashed assets, public files and pre-rendered pages) into memory,
 * with gzip and brotli forms made once: the lean path that serves most requests.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(root)) return files;
  for (const full of walk(root)) {
    const ext = extname(full);
    if (ext === ".br" || ext === ".gz") continue;
    const rel = `/${relative(root, full).split(sep).join("/")}`;
    const body = readFileSync(full);
    const isPage = ext === ".html" && rel.endsWith("/index.html");
    const file: StaticFile = {
      body,
      type: types[ext] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`,
      cacheControl: rel.startsWith("/assets/")
        ? "public, max-age=31536000, immutable"
        : ext === ".html" || ext === ".data"
          ? "public, max-age=0, must-revalidate"
          : "public, max-age=86400",
      isPage,
    };
    if (compressible.has(ext) && body.length > 256) {
      file.br = existsSync(`${full}.br`) ? readFileSync(`${full}.br`) : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      file.gz = existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`) : gzipSync(body, { level: 9 });
    }
    if (isPage) {
      file.scriptHashes = inlineScriptHashes(body.toString("utf8"));
      const path = rel.slice(0, -"index.html".length);
      files.set(path === "/" ? "/" : path.replace(/\/$/, ""), file);
    } else {
      files.set(rel, file);
    }
  }
  return files;
}

/** The compressed form of a body from memory the client takes (Content-Encoding set), or undefined. */
export function encoded(req: IncomingMessage, res: ServerResponse, item: { br?: Buffer; gz?: Buffer }): Buffer | undefined {
  const enc = pickEncoding(req.headers["accept-encoding"]);
  if (enc === "br" && item.br) {
    res.setHeader("Content-Encoding", "br");
    return item.br;
  }
  if (enc && item.gz) {
    res.setHeader("Content-Encoding", "gzip");
    return item.gz;
  }
  return undefined;
}

/**
 * Answers with a file from memory: conditional requests (ETag), the compressed form the
 * client takes, or a byte range of the plain form. `pageCsp` gives a pre-rendered page
 * its CSP (its inline scripts by hash).
 */
export function sendStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile, pageCsp: (page: StaticFile) => string) {
  res.setHeader("Content-Type", file.type);
  res.setHeader("Cache-Control", file.cacheControl);
  res.setHeader("ETag", file.etag);
  if (file.isPage) res.setHeader("Content-Security-Policy", pageCsp(file));
  else if (file.type.startsWith("image/svg")) res.setHeader("Content-Security-Policy", resourceContentSecurityPolicy);
  if (file.br || file.gz) res.setHeader("Vary", "Accept-Encoding");
  if (noneMatchHits(req.headers["if-none-match"], file.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const coded = encoded(req, res, file);
  let body = coded ?? file.body;
  if (!coded && req.headers.range && !file.br && ifRangeHolds(req.headers["if-range"], file.etag)) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range));
    if (m) {
      const start = m[1] ? Number(m[1]) : Math.max(0, file.body.length - Number(m[2]));
      const end = m[1] && m[2] ? Math.min(Number(m[2]), file.body.length - 1) : file.body.length - 1;
      if (start > end || start >= file.body.length) {
        res.statusCode = 416;
        res.setHeader("Content-Range", `bytes */${file.body.length}`);
        res.end();
        return;
      }
      res.statusCode = 206;
      res.setHeader("Content-Range", `bytes ${start}-${end}/${file.body.length}`);
      body = file.body.subarray(start, end + 1);
    }
  }
  res.setHeader("Accept-Ranges", "bytes");
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}
