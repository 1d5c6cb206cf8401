/**
 * The parts of RFC 9110 the server negotiates by hand: content coding (Accept-Encoding
 * with q-values), conditional requests (If-None-Match, If-Range) and the request target.
 * Pure functions of header values, unit-tested in negotiate.test.ts.
 */

export type Encoding = "br" | "gzip" | null;

/**
 * The coding to send: brotli or gzip when the client accepts it (q > 0, named or through
 * `*`), brotli when both are equally welcome; null for the identity coding.
 */
export function pickEncoding(accept: string | string[] | undefined): Encoding {
  const header = Array.isArray(accept) ? accept.join(",") : accept;
  if (!header) return null;
  // The common header ("gzip, deflate, br, zstd") has no q-values: no parsing needed.
  if (!header.includes(";")) {
    if (/(?:^|[\s,])br(?:$|[\s,])/i.test(header)) return "br";
    if (/(?:^|[\s,])(?:x-)?gzip(?:$|[\s,])/i.test(header)) return "gzip";
    return /(?:^|[\s,])\*(?:$|[\s,])/.test(header) ? "br" : null;
  }
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    let q = 1;
    for (const p of params) {
      const m = /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(p);
      if (m) q = Number(m[1]);
      else if (p.startsWith("q")) q = 0;
    }
    if (name === "br") br = q;
    else if (name === "gzip" || name === "x-gzip") gzip = q;
    else if (name === "*") any = q;
  }
  const qBr = br ?? any ?? 0;
  const qGzip = gzip ?? any ?? 0;
  if (qBr > 0 && qBr >= qGzip) return "br";
  if (qGzip > 0) return "gzip";
  return null;
}

const opaque = (tag: string) => (tag.startsWith("W/") ? tag.slice(2) : tag);

/**
 * If-None-Match against the current entity tag (RFC 9110 13.1.2): `*` or any tag of the
 * list that matches by weak comparison (W/"x" matches "x").
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  const trimmed = header.trim();
  if (trimmed === "*") return true;
  const want = opaque(etag);
  for (const tag of trimmed.split(",")) if (opaque(tag.trim()) === want) return true;
  return false;
}

/**
 * If-Range (RFC 9110 13.1.5): the range applies only when the validator is the current
 * strong entity tag. A weak tag or a date (we send no Last-Modified) never matches, so
 * the client gets the whole representation.
 */
export function ifRangeHolds(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return true;
  return typeof header === "string" && header.trim() === etag && !etag.startsWith("W/");
}

export type Target = { ok: true; path: string; search: string } | { ok: false; redirect: string } | { ok: false; redirect?: undefined };

const NEEDS_CLEANING = /\/\/|\\|\/(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * The path and query of a request target. A path with empty or dot segments (`///faq`,
 * `/blogdetail/..`, `/a/./b`) or backslashes gets a redirect to its clean form (which
 * always starts with a single slash, so it never leaves the site); the absolute form
 * (`http://host/path`) is read for its path; anything else is refused.
 */
export function parseTarget(raw: string): Target {
  let target = raw;
  if (target.charCodeAt(0) !== 47 /* / */) {
    if (!/^https?:\/\//i.test(target)) return { ok: false };
    try {
      const u = new URL(target);
      target = `${u.pathname}${u.search}`;
    } catch {
      return { ok: false };
    }
  }
  const q = target.indexOf("?");
  const path = q === -1 ? target : target.slice(0, q);
  const search = q === -1 ? "" : target.slice(q);
  if (!NEEDS_CLEANING.test(path)) return { ok: true, path, search };
  const collapsed = path.replace(/\\/g, "/").replace(/\/{2,}/g, "/");
  let clean: string;
  try {
    clean = new URL(collapsed, "http://localhost").pathname;
  } catch {
    return { ok: false };
  }
  return { ok: false, redirect: `${clean.replace(/^\/+/, "/")}${search}` };
}
