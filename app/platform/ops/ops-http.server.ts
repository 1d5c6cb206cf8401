import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import { migrations } from "~/platform/db/migrations/index";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";
import { hasBearer, type Metrics } from "./metrics.server";

/**
 * The operator's endpoints, answered before anything else of the request listener, never
 * logged per request, never rate-limited, never cached:
 *
 * - GET /healthz: 200 while the process runs (a liveness probe: restart it when this fails).
 * - GET /readyz: 200 "ready" when the database answers, every migration is applied and the
 *   build is loaded; 503 "not ready" otherwise, and from the moment SIGTERM arrives
 *   (`drain()`), so a load balancer stops sending before the server closes its
 *   connections. The reason (a database error's text) goes to the log, once each time it
 *   changes, never to the caller.
 * - GET /metrics: the Prometheus text format, for `Authorization: Bearer $METRICS_TOKEN`
 *   only (401 otherwise); a 404 when METRICS_TOKEN is unset.
 */
export interface OpsEndpoints {
  owns(path: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
  /** Counts a finished request of the rest of the site (when metrics are on). */
  observe?: (group: string, method: string, status: number, seconds: number) => void;
  /** The build is loaded: the server can answer pages. */
  buildLoaded(): void;
  /** SIGTERM arrived: /readyz answers 503 from now on. */
  drain(): void;
  /** Since SIGTERM: every answer closes its connection, so none is left idle for a proxy to reuse as it closes. */
  draining(): boolean;
}

const PATHS = new Set(["/healthz", "/readyz", "/metrics"]);
/** How long /readyz waits for the database before it calls it down. */
const DB_DEADLINE_MS = 2_000;

export function createOpsEndpoints({ env, db, metrics, log }: { env: Pick<Env, "METRICS_TOKEN">; db: Db; metrics?: Metrics; log?: Logger }): OpsEndpoints {
  let loaded = false;
  /** The reason last logged, so a load balancer's polling logs one line per change. */
  let lastReason: string | undefined;
  let draining = false;
  const expected = Object.keys(migrations(db.dialect));

  function text(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(body), ...headers });
    res.end(body);
  }

  /** Why the server is not ready, or undefined when it is. */
  async function notReady(): Promise<string | undefined> {
    if (draining) return "shutting down";
    if (!loaded) return "build not loaded";
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timed out")), DB_DEADLINE_MS);
    });
    try {
      const applied = await Promise.race([sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db.kysely), deadline]);
      const names = new Set(applied.rows.map((r) => r.name));
      const missing = expected.filter((n) => !names.has(n));
      if (missing.length) return `migrations not applied: ${missing.join(", ")}`;
    } catch (error) {
      return `database not answering: ${(error as Error).message.slice(0, 200)}`;
    } finally {
      clearTimeout(timer);
    }
    return undefined;
  }

  return {
    owns: (path) => PATHS.has(path),
    async handle(req, res, path) {
      const method = req.method ?? "GET";
      if (method !== "GET" && method !== "HEAD") {
        text(res, 405, "Method not allowed", { Allow: "GET, HEAD" });
        return;
      }
      if (path === "/healthz") text(res, 200, "ok");
      else if (path === "/readyz") {
        const why = await notReady();
        if (why !== lastReason) {
          if (why) log?.warn({ reason: why }, "not ready");
          else if (lastReason) log?.info({ was: lastReason }, "ready again");
          lastReason = why;
        }
        if (why) text(res, 503, "not ready", { "Retry-After": "5" });
        else text(res, 200, "ready");
      } else if (!env.METRICS_TOKEN || !metrics) text(res, 404, "Not found");
      else if (!hasBearer(req, env.METRICS_TOKEN)) text(res, 401, "Unauthorized", { "WWW-Authenticate": 'Bearer realm="metrics"' });
      else {
        try {
          await metrics.send(res);
        } catch (error) {
          if (!res.headersSent) text(res, 503, `metrics unavailable: ${(error as Error).message.slice(0, 200)}`, { "Retry-After": "5" });
        }
      }
    },
    observe: metrics ? (group, method, status, seconds) => metrics.request(group, method, status, seconds) : undefined,
    buildLoaded() {
      loaded = true;
    },
    drain() {
      draining = true;
    },
    draining: () => draining,
  };
}
