import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import { baseSecurityHeaders, pageCspCache, resourceContentSecurityPolicy } from "./security-headers.server";
import type { ApiRoute } from "~/platform/api/router.server";
import type { Services } from "~/platform/services.server";
import type { OpsEndpoints } from "~/platform/ops/ops-http.server";
import { createApiAdapter } from "./api-adapter.server";
import { BODY_RATE, enforceTransferRate, type TransferRate } from "./body.server";
import { createDocuments } from "./documents.server";
import { allows, createMethodGate } from "./methods.server";
import { parseTarget } from "./negotiate";
import type { PageCache } from "./page-cache.server";
import { documentUrl, forwardedValue } from "./request.server";
import { loadStaticFiles, type StaticFile, sendStatic } from "./static.server";

/** Strict-Transport-Security for responses that reached the visitor over HTTPS: one year. */
export const HSTS = "max-age=31536000";

/** A feature's files on GET and HEAD under paths it owns (the content's uploaded images). */
export interface FileRoute {
  /** The metrics' route group of these requests. */
  group: string;
  owns(path: string): boolean;
  send(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
}

/** A short text answer a feature gives to a request the server would otherwise refuse. */
export interface TextAnswer {
  status: number;
  text: string;
  headers?: Record<string, string>;
}

/** What the features register with the HTTP app (app/server/compose.server.ts). */
export interface HttpFeatures {
  /** The JSON API's routes. */
  api: ApiRoute[];
  files: FileRoute[];
  /** A cross-site form post a feature takes (a one-click unsubscribe): its answer, or null to refuse it. */
  crossSitePost?: (req: IncomingMessage, url: URL) => Promise<TextAnswer | null>;
}

export interface AppOptions {
  services: Services;
  features: HttpFeatures;
  /** The server build, or (in development) a function that loads the current one through Vite. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The client build served from memory; none in development, where Vite serves the assets. */
  clientDir?: string;
  /** Pages rendered once per content version, by the rules features declare (page-cache.server.ts); when absent, only the 404 page is held. */
  pageCache?: PageCache;
  /** Development: every page renders per request (code changes without the content version moving). */
  dev?: boolean;
  /** How fast a request body must come in (body.server.ts); tests make it quick. */
  bodyRate?: TransferRate;
  /** /healthz, /readyz and /metrics, and the count of every other request (ops/ops-http.server.ts). */
  ops?: OpsEndpoints;
}

/**
 * The one request listener: the request line checked, then the lean static path
 * (static.server.ts), the JSON API (api-adapter.server.ts) or the pages
 * (documents.server.ts); a method a page does not take and a cross-site form post are
 * refused here, one log line per request, never a stack trace to the visitor.
 */
export function createApp({ services, features, build, clientDir, pageCache, dev = false, bodyRate = BODY_RATE, ops }: AppOptions) {
  const { env, log } = services;
  const statics = clientDir ? loadStaticFiles(clientDir) : new Map<string, StaticFile>();
  const api = createApiAdapter(services, features.api);
  const pageCsp = pageCspCache(env.CSP_CONNECT_SRC);
  const documents = createDocuments({ services, build, pageCache, dev, pageCsp });
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

  /** A short text answer the server makes itself (a refusal, a one-click unsubscribe): no stack trace anywhere. */
  function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
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
    if (hstsAlways || forwardedValue(req, "x-forwarded-proto", env.TRUST_PROXY)?.toLowerCase() === "https") {
      res.setHeader("Strict-Transport-Security", HSTS);
    }
    // The operator's endpoints: before the request log, the rate limits and the pages.
    const opsPath = ops && (req.url ?? "").split("?", 1)[0];
    if (ops && opsPath && ops.owns(opsPath)) {
      await ops.handle(req, res, opsPath);
      return;
    }
    // Shutting down: the connection closes after this answer, rather than sitting idle
    // until the listener closes it just as a proxy sends the next request on it.
    if (ops?.draining()) res.setHeader("Connection", "close");
    // What the metrics count this request as: a route group, never the raw path.
    let group = "other";
    const counted = ops?.observe;
    if (counted) res.once("finish", () => counted(group, req.method ?? "GET", res.statusCode, Number(process.hrtime.bigint() - started) / 1e9));
    // A refusal worth a warning (a cross-site post) is said on the request's one log line.
    let refused: string | undefined;
    if (env.LOG_REQUESTS) {
      res.once("finish", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        // The logger redacts the path's tokens, searches and addresses as it writes the line.
        const line = { method: req.method, path: req.url, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
        if (refused) log.warn({ ...line, refused }, "request refused");
        else log.info(line, "request");
      });
    }
    const method = req.method ?? "GET";
    // A body is timed by its rate, not by a fixed limit: an upload takes the time its size needs.
    if (req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined) enforceTransferRate(req, res, bodyRate);
    const target = parseTarget(req.url ?? "/");
    let url: URL;
    try {
      if (!target.ok) {
        if (target.redirect !== undefined) sendText(res, 308, `See ${target.redirect}`, { Location: target.redirect });
        else sendText(res, 400, "Bad request");
        return;
      }
      url = new URL(`${target.path}${target.search}`, "http://localhost");
    } catch {
      sendText(res, 400, "Bad request");
      return;
    }
    try {
      const read = method === "GET" || method === "HEAD";
      const file = read ? statics.get(url.pathname) : undefined;
      const files = read && !file ? features.files.find((f) => f.owns(url.pathname)) : undefined;
      const desk = url.pathname === "/desk" || url.pathname.startsWith("/desk/");
      if (file) {
        group = "static";
        sendStatic(req, res, file, pageCsp);
      } else if (files) {
        group = files.group;
        await files.send(req, res, url.pathname);
      } else if (api.owns(url.pathname)) {
        group = `api ${url.pathname}`;
        await api.send(req, res, url);
      } else if (read) {
        group = desk ? "desk" : "page";
        await documents.send(req, res, url);
      } else {
        group = desk ? "desk action" : "page action";
        // Pages take GET and HEAD, and POST where a route has an action.
        const { gate, checkOrigin } = await currentRules();
        const allow = gate.allowed(url.pathname, url.search);
        if (!allows(allow, method)) sendText(res, 405, "Method not allowed", { Allow: allow });
        else if (crossSite(req, url, checkOrigin)) {
          // The one cross-site post taken: a web mail client's one-click unsubscribe, authorised by its token.
          const taken = await features.crossSitePost?.(req, url);
          if (taken) {
            sendText(res, taken.status, taken.text, taken.headers);
            return;
          }
          refused = `cross-site post from ${String(req.headers.origin).slice(0, 200)}`;
          if (!env.LOG_REQUESTS) log.warn({ method, path: url.pathname, refused }, "request refused");
          sendText(res, 400, "Bad request: this form was sent from another site.");
        } else await documents.send(req, res, url);
      }
    } catch (error) {
      if ((error as { name?: string }).name === "AbortError" || res.destroyed) return;
      log.error({ err: error, path: url.pathname }, "request failed");
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Something went wrong. Please try again.");
    }
  };
}
