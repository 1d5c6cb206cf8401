import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createBrotliCompress, createGzip, constants as zc } from "node:zlib";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { type Api, createApi } from "../api/router.server";
import { MAX_BODY_BYTES } from "../api/types";
import { baseSecurityHeaders, contentSecurityPolicy, inlineScriptHashes, resourceContentSecurityPolicy } from "../security-headers.server";
import type { Services } from "../services.server";
import { readCapped } from "./body.server";
import { allows, createMethodGate } from "./methods.server";
import { ifRangeHolds, noneMatchHits, parseTarget, pickEncoding } from "./negotiate";
import { CACHED_PAGE_CACHE_CONTROL, type CachedPage, createPageCache, type PageCache, preparePage } from "./page-cache.server";
import { loadStaticFiles, type StaticFile } from "./static.server";

/** Strict-Transport-Security for responses that reached the visitor over HTTPS: one year. */
export const HSTS = "max-age=31536000";

const firstValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(",")[0]?.trim();

function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = req.headers["x-forwarded-for"];
    const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/**
 * The URL the browser asked for, with its real host and scheme: the page router refuses
 * a form post whose Origin differs from the request URL's origin (CSRF protection), so a
 * placeholder host would refuse every no-JavaScript form post.
 */
function documentUrl(req: IncomingMessage, url: URL, trustProxy = false): URL {
  const proto = (trustProxy && firstValue(req.headers["x-forwarded-proto"])) || "http";
  const host = (trustProxy && firstValue(req.headers["x-forwarded-host"])) || req.headers.host;
  if (!host || !/^(https?)$/.test(proto)) return url;
  try {
    const out = new URL(`${proto}://${host}`);
    if (out.pathname !== "/" || out.search || out.username) return url;
    out.pathname = url.pathname;
    out.search = url.search;
    return out;
  } catch {
    return url;
  }
}

export interface AppOptions {
  services: Services;
  /** The server build, or (in development) a function that loads the current one through Vite. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The client build served from memory; none in development, where Vite serves the assets. */
  clientDir?: string;
  /** Pages rendered once per content version (page-cache.server.ts); a default one when absent. */
  pageCache?: PageCache;
  /** Development: every page renders per request (code changes without the content version moving). */
  dev?: boolean;
}

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

/** Pages whose rendering depends only on their URL and the stored content. */
const CACHED_PATHS = /^\/(news|blog|sitemap\.xml|rss\.xml)$|^\/blogdetail\/[^/]+$/;

/** The one request listener: lean static path, JSON API, then the page router. */
export function createApp({ services, build, clientDir, pageCache, dev = false }: AppOptions) {
  const { env, log } = services;
  const statics = clientDir ? loadStaticFiles(clientDir) : new Map<string, StaticFile>();
  const api: Api = createApi(services);
  const handleDocument = createRequestHandler(build, dev ? "development" : env.NODE_ENV);
  // What a post to a page is checked against, per build (in development the build changes with the code).
  const postRules = new WeakMap<ServerBuild, { gate: ReturnType<typeof createMethodGate>; checkOrigin: boolean }>();
  const rulesOf = (b: ServerBuild) => {
    let rules = postRules.get(b);
    if (!rules) {
      rules = { gate: createMethodGate(b), checkOrigin: !(Array.isArray(b.allowedActionOrigins) && b.allowedActionOrigins.length > 0) };
      postRules.set(b, rules);
    }
    return rules;
  };
  const currentRules = typeof build === "function" ? async () => rulesOf(await build()) : async () => rulesOf(build);
  // Behind TLS: always when the public address is https, else per request when a trusted
  // proxy says the visitor came over https.
  const hstsAlways = env.SITE_URL?.startsWith("https:") ?? false;
  const pages = pageCache ?? createPageCache();
  const rendering = new Map<string, Promise<{ page: CachedPage; keep: boolean }>>();
  const connectSrc = env.CSP_CONNECT_SRC;
  const hashCsp = new WeakMap<object, string>();
  /** The CSP of a page served from memory: its inline scripts allowed by hash. */
  const cspFor = (page: { scriptHashes?: string[] }) => {
    let csp = hashCsp.get(page);
    if (!csp) {
      csp = contentSecurityPolicy({ hashes: page.scriptHashes, connectSrc });
      hashCsp.set(page, csp);
    }
    return csp;
  };

  /** The compressed form of a body from memory the client takes (Content-Encoding set), or undefined. */
  function encoded(req: IncomingMessage, res: ServerResponse, item: { br?: Buffer; gz?: Buffer }): Buffer | undefined {
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

  function sendStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile) {
    res.setHeader("Content-Type", file.type);
    res.setHeader("Cache-Control", file.cacheControl);
    res.setHeader("ETag", file.etag);
    if (file.isPage) res.setHeader("Content-Security-Policy", cspFor(file));
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

  async function sendApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    let body: Buffer | null = Buffer.alloc(0);
    if (req.method === "POST" || req.method === "PUT") {
      body = await readCapped(req, req.headers["content-length"], MAX_BODY_BYTES);
      if (body === null) {
        res.writeHead(413, { "Content-Type": "application/json", "Cache-Control": "no-store", "Content-Security-Policy": resourceContentSecurityPolicy, Connection: "close" });
        res.end(JSON.stringify({ message: `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.` }));
        return;
      }
    }
    const out = await api.handle({
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      ip: clientIp(req, env.TRUST_PROXY),
    });
    const text = out.body === undefined ? "" : JSON.stringify(out.body);
    res.writeHead(out.status, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": resourceContentSecurityPolicy,
      "Content-Length": Buffer.byteLength(text),
      ...out.headers,
    });
    res.end(req.method === "HEAD" ? undefined : text);
  }

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
    const request = new Request(documentUrl(req, url, env.TRUST_PROXY), {
      method: req.method,
      headers,
      signal: controller.signal,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      // @ts-expect-error: Node needs duplex for a streamed request body.
      duplex: hasBody ? "half" : undefined,
    });
    const responseHeaders = new Headers();
    const response = await handleDocument(request, { services, nonce, clientIp: clientIp(req, env.TRUST_PROXY), responseHeaders });
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
      const request = new Request(documentUrl(req, url, env.TRUST_PROXY), { method: "GET", headers });
      const response = await handleDocument(request, { services, clientIp: "", responseHeaders: new Headers() });
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
      const list = [...response.headers];
      const type = response.headers.get("content-type") ?? "";
      const html = type.startsWith("text/html");
      const keep =
        (response.status === 200 || response.status === 404) &&
        !response.headers.has("set-cookie") &&
        (response.status === 404 || CACHED_PATHS.test(url.pathname));
      const page = preparePage(response.status, list, body, version, html ? inlineScriptHashes(body.toString("utf8")) : []);
      if (keep) pages.set(key, page);
      return { page, keep };
    })().finally(() => rendering.delete(key));
    rendering.set(key, pending);
    return pending;
  }

  async function sendCachedDocument(req: IncomingMessage, res: ServerResponse, url: URL) {
    const key = `${url.pathname}${url.search}`;
    const version = await services.db.contentVersion();
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
      res.setHeader("Content-Security-Policy", cspFor(page));
      res.setHeader("Cache-Control", CACHED_PAGE_CACHE_CONTROL);
    }
    res.setHeader("ETag", page.etag);
    if (page.br || page.gz) res.setHeader("Vary", "Accept-Encoding");
    if (page.status === 200 && noneMatchHits(req.headers["if-none-match"], page.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const body = encoded(req, res, page) ?? page.body;
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** A refusal the server makes itself: a short text answer and no stack trace anywhere. */
  function refuse(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
    res.writeHead(status, {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": resourceContentSecurityPolicy,
      "Content-Length": Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  }

  /** A form post from another site: React Router would refuse it too, with a stack trace in the log. */
  function crossSite(req: IncomingMessage, url: URL, checkOrigin: boolean): boolean {
    const origin = req.headers.origin;
    if (!checkOrigin || origin === undefined) return false;
    try {
      return new URL(origin).origin !== documentUrl(req, url, env.TRUST_PROXY).origin;
    } catch {
      return true;
    }
  }

  return async function listener(req: IncomingMessage, res: ServerResponse) {
    const started = process.hrtime.bigint();
    for (const [k, v] of Object.entries(baseSecurityHeaders)) res.setHeader(k, v);
    if (hstsAlways || (env.TRUST_PROXY && firstValue(req.headers["x-forwarded-proto"])?.toLowerCase() === "https")) {
      res.setHeader("Strict-Transport-Security", HSTS);
    }
    // A refusal worth a warning (a cross-site post) is said on the request's one log line.
    let refused: string | undefined;
    if (env.LOG_REQUESTS) {
      res.once("finish", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const line = { method: req.method, path: req.url, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
        if (refused) log.warn({ ...line, refused }, "request refused");
        else log.info(line, "request");
      });
    }
    const method = req.method ?? "GET";
    const target = parseTarget(req.url ?? "/");
    let url: URL;
    try {
      if (!target.ok) {
        if (target.redirect !== undefined) refuse(res, 308, `See ${target.redirect}`, { Location: target.redirect });
        else refuse(res, 400, "Bad request");
        return;
      }
      url = new URL(`${target.path}${target.search}`, "http://localhost");
    } catch {
      refuse(res, 400, "Bad request");
      return;
    }
    try {
      const read = method === "GET" || method === "HEAD";
      const file = read ? statics.get(url.pathname) : undefined;
      if (file) sendStatic(req, res, file);
      else if (api.owns(url.pathname)) await sendApi(req, res, url);
      else if (read && !dev && cacheableRequest(req, url)) await sendCachedDocument(req, res, url);
      else if (read) await sendDocument(req, res, url);
      else {
        // Pages take GET and HEAD, and POST where a route has an action.
        const { gate, checkOrigin } = await currentRules();
        const allow = gate.allowed(url.pathname, url.search);
        if (!allows(allow, method)) refuse(res, 405, "Method not allowed", { Allow: allow });
        else if (crossSite(req, url, checkOrigin)) {
          refused = `cross-site post from ${String(req.headers.origin).slice(0, 200)}`;
          if (!env.LOG_REQUESTS) log.warn({ method, path: url.pathname, refused }, "request refused");
          refuse(res, 400, "Bad request: this form was sent from another site.");
        } else await sendDocument(req, res, url);
      }
    } catch (error) {
      if ((error as { name?: string }).name === "AbortError" || res.destroyed) return;
      log.error({ err: error, path: url.pathname }, "request failed");
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Something went wrong. Please try again.");
    }
  };
}
