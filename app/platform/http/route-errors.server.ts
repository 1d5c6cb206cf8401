import { isRouteErrorResponse } from "react-router";
import { RETRY_AFTER_BUSY_SECONDS } from "~/platform/api/types";
import { isPassingDbFault } from "~/platform/db/faults.server";
import { requestOf } from "./request-context.server";

/**
 * Page requests whose loader or action met a passing database fault (the write lock held
 * by another process past the deadline, a full disk): the document is answered 503 with
 * Retry-After instead of 500 (entry.server.tsx). Marked here because the router hands the
 * document's renderer only sanitised errors in production.
 */
export const passingFaults = new WeakSet<Request>();

/**
 * The page router's error hook (`handleError` in entry.server.tsx): one JSON log line per
 * error, never a stack trace on stderr. A request the router refuses (an unknown data
 * URL, a method or origin it does not take) is expected and logged at info; anything
 * else is a fault, logged at error with its stack inside the JSON line.
 */
export function logRouteError(error: unknown, { request, context }: { request: Request; context?: unknown }): void {
  if (request.signal.aborted) return;
  const log = requestOf(context).services?.log;
  let path = "";
  try {
    path = new URL(request.url).pathname;
  } catch {}
  if (isRouteErrorResponse(error) && error.status < 500) {
    log?.info({ method: request.method, path, status: error.status }, "page router refused the request");
    return;
  }
  const err = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  if (isPassingDbFault(err)) {
    passingFaults.add(request);
    requestOf(context).responseHeaders?.set("Retry-After", String(RETRY_AFTER_BUSY_SECONDS));
    log?.warn({ err, method: request.method, path }, "database locked or full: page answered 503");
    return;
  }
  if (log) log.error({ err, method: request.method, path }, "page request failed");
  else console.error(err);
}
