import type { IncomingMessage, ServerResponse } from "node:http";
import { type ApiRoute, createApi } from "~/platform/api/router.server";
import { MAX_BODY_BYTES } from "~/platform/api/types";
import { resourceContentSecurityPolicy } from "./security-headers.server";
import type { Services } from "~/platform/services.server";
import { answerAfterDiscard, readRequestCapped } from "./body.server";
import { clientIp } from "./request.server";

const JSON_HEADERS = { "Cache-Control": "no-store", "Content-Security-Policy": resourceContentSecurityPolicy };

/**
 * The JSON API on Node's request and response: the body read once under the cap (413
 * beyond it, sent once the rest of the body is thrown away), the handler's answer written with its headers, no-store and the resource
 * CSP. The handlers themselves (app/platform/api) know nothing of Node.
 */
export function createApiAdapter(services: Services, routes: ApiRoute[]) {
  const api = createApi(services, routes);
  const trustProxy = services.env.TRUST_PROXY;
  return {
    owns: (path: string) => api.owns(path),
    async send(req: IncomingMessage, res: ServerResponse, url: URL) {
      let body: Buffer | null = Buffer.alloc(0);
      if (req.method === "POST" || req.method === "PUT") {
        body = await readRequestCapped(req, MAX_BODY_BYTES);
        if (body === null) {
          // The rest is read and thrown away (up to a bound) so that the client gets this answer.
          const message = JSON.stringify({ message: `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.` });
          answerAfterDiscard(req, res, 413, { "Content-Type": "application/json", ...JSON_HEADERS }, message);
          return;
        }
      }
      const out = await api.handle({
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        ip: clientIp(req, trustProxy),
      });
      const text = out.body === undefined ? "" : JSON.stringify(out.body);
      res.writeHead(out.status, {
        "Content-Type": "application/json; charset=utf-8",
        ...JSON_HEADERS,
        "Content-Length": Buffer.byteLength(text),
        ...out.headers,
      });
      res.end(req.method === "HEAD" ? undefined : text);
    },
  };
}
