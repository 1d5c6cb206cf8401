import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { HELD_PARAM } from "~/features/content/comment-spec";
import { COMMENTS_PAGE_PARAM } from "~/features/content/types";
import type { Encoding } from "./negotiate";

/**
 * Pages rendered per request (news, the blog list, posts, the 404 page, the sitemap and
 * the RSS feed) change only when the content does: a post, a comment, a moderation
 * decision. They are rendered once per content version and served from memory, with
 * their gzip and brotli forms (each made when first asked for) and a strong ETag, like
 * the pre-rendered pages.
 *
 * Memory stays bounded whatever the URLs: one least-recently-used map, capped by entries
 * and by bytes (the search results and junk query strings share it with the rest).
 */

/**
 * The query parameters each cached page reads (its loader and components); any other
 * parameter (a tracking tag, a cache-buster, junk) changes nothing on the page.
 */
const PAGE_PARAMS: [RegExp, readonly string[]][] = [
  // The list: category, search, page number (pages.server.ts, loadBlogList).
  [/^\/blog$/, ["sort", "search", "page"]],
  // A post: its comment page, the comment being answered (?replyTo=, comments.tsx) and the note after a held comment.
  [/^\/blogdetail\/[^/]+$/, [COMMENTS_PAGE_PARAM, "replyTo", HELD_PARAM]],
];

/**
 * The cache key of a page that is rendered for everyone: its path and only the query
 * parameters that page reads, in a fixed order, the first value of each. `/news?r=123`
 * is `/news`: junk query strings neither render afresh nor push real pages out. The page
 * is rendered from this key too, so what it shows never depends on a parameter left out.
 */
export function pageCacheKey(url: URL): string {
  const names = PAGE_PARAMS.find(([path]) => path.test(url.pathname))?.[1] ?? [];
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

export interface CachedPage {
  status: number;
  /** Response headers as rendered (no Set-Cookie: such a response is never cached). */
  headers: [string, string][];
  type: string;
  body: Buffer;
  /** Worth compressing (text, over 256 bytes): its brotli and gzip forms are made on first request. */
  compressible: boolean;
  br?: Buffer;
  gz?: Buffer;
  etag: string;
  /** sha256 sources of the page's inline scripts, for its CSP. */
  scriptHashes: string[];
  /** The content version it was rendered at. */
  version: string;
}

export interface PageCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
}

const sizeOf = (p: CachedPage) => p.body.length + (p.br?.length ?? 0) + (p.gz?.length ?? 0) + 512;

/** How a cache hears that one of its pages grew a compressed form. */
const growth = new WeakMap<CachedPage, (bytes: number) => void>();

/**
 * The page in the encoding the client takes, compressed on first use and kept. A page is
 * rendered again after every change of content and most renderings are asked for in one
 * encoding only (browsers take brotli), so the other is made only when someone asks.
 */
export function encodedBody(page: CachedPage, encoding: Encoding): { body: Buffer; encoding?: "br" | "gzip" } {
  if (!page.compressible || !encoding) return { body: page.body };
  const made = encoding === "br" ? page.br : page.gz;
  if (made) return { body: made, encoding };
  const body =
    encoding === "br"
      ? brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length } })
      : gzipSync(page.body, { level: 6 });
  if (encoding === "br") page.br = body;
  else page.gz = body;
  growth.get(page)?.(body.length);
  return { body, encoding };
}

export function createPageCache({ maxEntries = 1_000, maxBytes = 48 * 1024 * 1024 }: PageCacheOptions = {}) {
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  const trim = () => {
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      drop(oldest);
    }
  };
  const drop = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= sizeOf(old);
  };
  return {
    /** The page cached under `key` at `version`, or undefined (a stale one is dropped). */
    get(key: string, version: string): CachedPage | undefined {
      const page = entries.get(key);
      if (!page) return undefined;
      if (page.version !== version) {
        drop(key);
        return undefined;
      }
      // Most recently used last.
      entries.delete(key);
      entries.set(key, page);
      return page;
    },
    set(key: string, page: CachedPage) {
      drop(key);
      const size = sizeOf(page);
      if (size > maxBytes / 4) return;
      entries.set(key, page);
      bytes += size;
      growth.set(page, (more) => {
        // Counted while the page is held; a page already dropped is no longer counted.
        if (entries.get(key) !== page) return;
        bytes += more;
        trim();
      });
      trim();
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

const compressible = /^(text\/|application\/(xml|rss\+xml|json))/;

/** A rendered page made ready to serve from memory, tagged by its bytes (compressed when first asked for, see `encodedBody`). */
export function preparePage(status: number, headers: [string, string][], body: Buffer, version: string, scriptHashes: string[]): CachedPage {
  const type = headers.find(([k]) => k === "content-type")?.[1] ?? "text/html; charset=utf-8";
  const page: CachedPage = {
    status,
    headers: headers.filter(([k]) => k !== "content-length" && k !== "content-encoding" && k !== "set-cookie"),
    type,
    body,
    etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`,
    scriptHashes,
    version,
    compressible: compressible.test(type) && body.length > 256,
  };
  return page;
}

/**
 * Cache-Control of a cached page: browsers revalidate every time (a 304 when unchanged);
 * a CDN may keep it 5 seconds and serve it stale for 30 more while it revalidates.
 */
export const CACHED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";
