import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { Services } from "~/platform/services.server";
import type { Encoding } from "./negotiate";

/**
 * Pages rendered per request that change only when their content does (the pages a
 * feature declares, and the 404 page) are rendered once per content version and served
 * from memory, with their gzip and brotli forms (each made when first asked for) and a
 * strong ETag, like the pre-rendered pages.
 *
 * Which pages these are is not known here: a feature declares them in its own folder
 * (`PageCacheRules`) and the server hands the rules to `createPageCache`.
 *
 * Memory stays bounded whatever the URLs: one least-recently-used map (lru-cache),
 * capped by entries and by bytes (the search results and junk query strings share it
 * with the rest).
 */

/** A page rendered for everyone, depending only on its URL and its content's version. */
export interface CachedPageRule {
  /** Its paths: matched against the whole pathname. */
  path: RegExp;
  /**
   * The query parameters the page reads (its loader and components); any other parameter
   * (a tracking tag, a cache-buster, junk) changes nothing on the page.
   */
  params?: readonly string[];
}

/** What a feature declares to the page cache. */
export interface PageCacheRules {
  /** The pages that are cached. */
  pages: readonly CachedPageRule[];
  /**
   * What invalidates them: the version of the content they show. A page held at another
   * version is rendered afresh on its next request (the 404 page too).
   */
  version: (services: Services) => Promise<string>;
}

/** No page of any feature: only the 404 page is held, at the database's content version. */
export const NO_CACHED_PAGES: PageCacheRules = { pages: [], version: (services) => services.db.contentVersion() };

/** The rule of a path, if its page is cached. */
export function cachedPageRule(rules: PageCacheRules, pathname: string): CachedPageRule | undefined {
  return rules.pages.find((rule) => rule.path.test(pathname));
}

/**
 * The cache key of a page: for a page of the rules, its path and only the query
 * parameters that page reads, in a fixed order, the first value of each (`/news?r=123`
 * is `/news`: junk query strings neither render afresh nor push real pages out; the page
 * is rendered from this key too, so what it shows never depends on a parameter left
 * out); any other path as asked.
 */
export function pageCacheKey(rules: PageCacheRules, url: URL): string {
  const rule = cachedPageRule(rules, url.pathname);
  if (!rule) return `${url.pathname}${url.search}`;
  const kept = new URLSearchParams();
  for (const name of rule.params ?? []) {
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
const growth = new WeakMap<CachedPage, () => void>();

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
  growth.get(page)?.();
  return { body, encoding };
}

/**
 * The cache of the pages `rules` declares. A page is counted by its bytes (its body and
 * the compressed forms made so far); one over a quarter of `maxBytes` is not kept.
 */
export function createPageCache(rules: PageCacheRules = NO_CACHED_PAGES, { maxEntries = 1_000, maxBytes = 48 * 1024 * 1024 }: PageCacheOptions = {}) {
  const entries = new LRUCache<string, CachedPage>({ max: maxEntries, maxSize: maxBytes, maxEntrySize: maxBytes / 4, sizeCalculation: sizeOf });
  return {
    rules,
    /** The page cached under `key` at `version`, or undefined (a stale one is dropped). */
    get(key: string, version: string): CachedPage | undefined {
      const page = entries.get(key);
      if (!page) return undefined;
      if (page.version !== version) {
        entries.delete(key);
        return undefined;
      }
      return page;
    },
    set(key: string, page: CachedPage) {
      entries.set(key, page);
      growth.set(page, () => {
        // Counted again while the page is held; a page already dropped is no longer counted.
        if (entries.peek(key) !== page) return;
        entries.delete(key);
        entries.set(key, page);
      });
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.calculatedSize;
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
