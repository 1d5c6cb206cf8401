import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createBrotliCompress, createGzip, constants as zc } from "node:zlib";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Services } from "~/platform/services.server";
import { answerAfterDiscard, formBodyRefusal, readRequestCapped } from "./body.server";
import { noneMatchHits, pickEncoding } from "./negotiate";
import {
  CACHED_PAGE_CACHE_CONTROL,
  type CachedPage,
  cachedPageRule,
  createPageCache,
  encodedBody,
  type PageCache,
  pageCacheKey,
  preparePage,
} from "./page-cache.server";
import { clientIp, documentUrl } from "./request.server";
import { requestContextWith } from "./request-context.server";
import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers.server";

/**
 * Requests a cached page may answer: GET or HEAD of a page, from a visitor without a
 * cookie or credentials (nothing of theirs can be in a page rendered for everyone), never
 * the staff desk, nor React Router's data and manifest calls.
 */
function cacheableRequest(req: IncomingMessage, url: URL): boolean {
  if (req.headers.cookie !== undefined || req.headers.authorization !== undefined) return false;
  const path = url.pathname;
  return !(path === "/desk" || path.startsWith("/desk/") || path.endsWith(".data") || path === "/__manifest");
}

/** The largest body a page's form post may have (the post editor's is the largest form). */
export const PAGE_BODY_LIMIT = 1024 * 1024;
const PAGE_BODY_TOO_LARGE = `The form is larger than ${PAGE_BODY_LIMIT / 1024} KiB. Shorten what you typed and send it again.`;
/** Posts whose body streams to the action, which caps it itself: image uploads. */
const STREAMED_BODY_PATHS = new Set(["/desk/images"]);

export interface DocumentOptions {
  services: Services;
  build: ServerBuild | (() => Promise<ServerBuild>);
  pageCache?: PageCache;
  /** Development: every page renders per request. */
  dev: boolean;
  /** The CSP of a page served from memory (security-headers.server.ts). */
  pageCsp: (page: { scriptHashes?: string[] }) => string;
}

/**
 * Pages React Router renders: per request with a nonce (the adapter from Node's request
 * to a Fetch request and back, streaming and compressing as it renders), or once per
 * content version and served from memory (the pages of the cache's rules, and the 404 page).
 */
export function createDocuments({ services, build, pageCache, dev, pageCsp }: DocumentOptions) {
  const { env } = services;
  const handleDocument = createRequestHandler(build, dev ? "development" : env.NODE_ENV);
  const pages = pageCache ?? createPageCache();
  const { rules } = pages;
  const cachedPath = (path: string) => cachedPageRule(rules, path) !== undefined;
  const rendering = new Map<string, Promise<{ page: CachedPage; keep: boolean }>>();
  const connectSrc = env.CSP_CONNECT_SRC;

  async function sendDocument(req: IncomingMessage, res: ServerResponse, url: URL) {
    const nonce = randomBytes(16).toString("base64");
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined) continue;
      if (Array.isArray(v)) for (const x of v) headers.append(k, x);
      else headers.set(k, v);
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    // A page's form post is read here, under a cap counted as the bytes arrive; only an
    // image upload streams on to its action, which counts against its own, larger cap.
    const streamed = hasBody && STREAMED_BODY_PATHS.has(url.pathname);
    let body: Uint8Array | ReadableStream | undefined;
    if (streamed) body = Readable.toWeb(req) as ReadableStream;
    else if (hasBody) {
      const bytes = await readRequestCapped(req, PAGE_BODY_LIMIT);
      if (bytes === null) {
        answerAfterDiscard(req, res, 413, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }, PAGE_BODY_TOO_LARGE);
        return;
      }
      body = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      // A body no action could read as a form is refused here, for every page's action.
      const refusal = await formBodyRefusal(req.headers["content-type"], body);
      if (refusal) {
        res.writeHead(refusal.status, {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
          "Content-Length": String(Buffer.byteLength(refusal.text)),
        });
        res.end(refusal.text);
        return;
      }
      if (!headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded");
    }
    const request = new Request(documentUrl(req, url, env.TRUST_PROXY), {
      method: req.method,
      headers,
      signal: controller.signal,
      body: body as BodyInit | undefined,
      // @ts-expect-error: Node needs duplex for a streamed request body.
      duplex: streamed ? "half" : undefined,
    });
    const responseHeaders = new Headers();
    const response = await handleDocument(request, requestContextWith({ services, nonce, clientIp: clientIp(req, env.TRUST_PROXY), responseHeaders }));
    res.statusCode = response.status;
    res.statusMessage = response.statusText;
    for (const [k, v] of response.headers) {
      if (k === "set-cookie") continue;
      res.setHeader(k, v);
    }
    for (const [k, v] of responseHeaders) res.setHeader(k, v);
    const cookies = response.headers.getSetCookie();
    if (cookies.length) res.setHeader("Set-Cookie", cookies);
    const type = response.headers.get("content-type") ?? "";
    if (type.startsWith("text/html")) res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce, connectSrc }));
    if (!response.body || req.method === "HEAD") {
      res.end();
      return;
    }
    const source = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
    const enc = /^(text\/|application\/(json|xml|rss))/.test(type) ? pickEncoding(req.headers["accept-encoding"]) : null;
    if (enc) {
      res.setHeader("Content-Encoding", enc);
      res.setHeader("Vary", "Accept-Encoding");
      res.removeHeader("Content-Length");
      // Flush each chunk so streamed HTML reaches the browser as it is rendered.
      const z =
        enc === "br"
          ? createBrotliCompress({ flush: zc.BROTLI_OPERATION_FLUSH, params: { [zc.BROTLI_PARAM_QUALITY]: 5 } })
          : createGzip({ level: 6, flush: zc.Z_SYNC_FLUSH });
      await pipeline(source, z, res);
    } else {
      await pipeline(source, res);
    }
  }

  /**
   * Renders a page for everyone: no nonce (its inline scripts are allowed by hash, so the
   * HTML can be served again), no visitor headers but the host, the whole body read.
   * Concurrent requests for the same page share one rendering.
   */
  function renderShared(req: IncomingMessage, url: URL, key: string, version: string) {
    let pending = rendering.get(key);
    if (pending) return pending;
    pending = (async () => {
      const headers = new Headers();
      if (req.headers.host) headers.set("host", req.headers.host);
      // Rendered from the key: a parameter the key leaves out cannot change the page.
      const asked = documentUrl(req, url, env.TRUST_PROXY);
      const request = new Request(cachedPath(url.pathname) ? new URL(key, asked) : asked, { method: "GET", headers });
      const response = await handleDocument(request, requestContextWith({ services, clientIp: "", responseHeaders: new Headers() }));
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
      const list = [...response.headers];
      const type = response.headers.get("content-type") ?? "";
      const html = type.startsWith("text/html");
      const keep =
        (response.status === 200 || response.status === 404) && !response.headers.has("set-cookie") && (response.status === 404 || cachedPath(url.pathname));
      const page = preparePage(response.status, list, body, version, html ? inlineScriptHashes(body.toString("utf8")) : []);
      if (keep) pages.set(key, page);
      return { page, keep };
    })().finally(() => rendering.delete(key));
    rendering.set(key, pending);
    return pending;
  }

  async function sendCachedDocument(req: IncomingMessage, res: ServerResponse, url: URL) {
    // A page of the rules by the parameters it reads; any other path as asked.
    const key = pageCacheKey(rules, url);
    const version = await rules.version(services);
    let page = pages.get(key, version);
    if (!page) {
      const rendered = await renderShared(req, url, key, version);
      // A page that may not be shared (a redirect, an error) is rendered for this request alone.
      if (!rendered.keep && rendered.page.status !== 404) return sendDocument(req, res, url);
      page = rendered.page;
    }
    res.statusCode = page.status;
    for (const [k, v] of page.headers) res.setHeader(k, v);
    res.setHeader("Content-Type", page.type);
    if (page.type.startsWith("text/html")) {
      res.setHeader("Content-Security-Policy", pageCsp(page));
      res.setHeader("Cache-Control", CACHED_PAGE_CACHE_CONTROL);
    }
    res.setHeader("ETag", page.etag);
    if (page.compressible) res.setHeader("Vary", "Accept-Encoding");
    if (page.status === 200 && noneMatchHits(req.headers["if-none-match"], page.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const { body, encoding } = encodedBody(page, pickEncoding(req.headers["accept-encoding"]));
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  return {
    /** Answers a page request: from memory when it may be shared, else rendered for this request. */
    send(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
      const read = req.method === "GET" || req.method === "HEAD";
      return read && !dev && cacheableRequest(req, url) ? sendCachedDocument(req, res, url) : sendDocument(req, res, url);
    },
  };
}
