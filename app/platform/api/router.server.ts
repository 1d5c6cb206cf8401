import { isDatabaseBusy } from "~/platform/db/sqlite-driver.server";
import type { Services } from "~/platform/services.server";
import { type ApiHandler, type ApiRequest, type ApiResponse, json, RETRY_AFTER_BUSY_SECONDS } from "./types";

export interface ApiRoute {
  method: "GET" | "POST" | "PUT";
  path: string;
  handler: ApiHandler;
}

export const BUSY_MESSAGE = "The database is busy and nothing was saved. Please send the same request again in a few seconds.";

export interface Api {
  /** True when the path belongs to the API (so the page router never sees it). */
  owns(path: string): boolean;
  handle(req: ApiRequest): Promise<ApiResponse>;
}

/** The JSON API of spec section 7 over the routes the features register (app/server/compose.server.ts). */
export function createApi(services: Services, routes: ApiRoute[]): Api {
  const byPath = new Map<string, ApiRoute[]>();
  for (const r of routes) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r]);
  return {
    owns: (path) => byPath.has(path),
    async handle(req) {
      const candidates = byPath.get(req.path) ?? [];
      const route = candidates.find((r) => r.method === req.method || (r.method === "GET" && req.method === "HEAD"));
      if (!route) {
        return json(405, { message: "Method not allowed" }, { Allow: candidates.map((r) => r.method).join(", ") });
      }
      try {
        return await route.handler(req);
      } catch (error) {
        if (isDatabaseBusy(error)) {
          // Another process held the write lock past the deadline: nothing was stored.
          services.log.warn({ path: req.path, waitedMs: error.waitedMs }, "database locked: request answered 503");
          return json(503, { message: BUSY_MESSAGE }, { "Retry-After": String(RETRY_AFTER_BUSY_SECONDS) });
        }
        services.log.error({ err: error, path: req.path }, "api handler failed");
        return json(503, { message: "The service could not complete the request. Please try again." }, { "Retry-After": "5" });
      }
    },
  };
}
