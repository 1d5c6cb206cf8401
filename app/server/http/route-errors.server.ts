import { type AppLoadContext, isRouteErrorResponse } from "react-router";

/**
 * The page router's error hook (`handleError` in entry.server.tsx): one JSON log line per
 * error, never a stack trace on stderr. A request the router refuses (an unknown data
 * URL, a method or origin it does not take) is expected and logged at info; anything
 * else is a fault, logged at error with its stack inside the JSON line.
 */
export function logRouteError(error: unknown, { request, context }: { request: Request; context?: unknown }): void {
  if (request.signal.aborted) return;
  const log = (context as AppLoadContext | undefined)?.services?.log;
  let path = "";
  try {
    path = new URL(request.url).pathname;
  } catch {}
  if (isRouteErrorResponse(error) && error.status < 500) {
    log?.info({ method: request.method, path, status: error.status }, "page router refused the request");
    return;
  }
  const err = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  if (log) log.error({ err, method: request.method, path }, "page request failed");
  else console.error(err);
}
