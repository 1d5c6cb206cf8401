import type { IncomingMessage } from "node:http";

/** The first value of a header that may repeat or carry a list (X-Forwarded-*). */
export const firstValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(",")[0]?.trim();

/** The client's address: the socket's, or behind a trusted proxy the first X-Forwarded-For. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const first = firstValue(req.headers["x-forwarded-for"]);
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/**
 * The URL the browser asked for, with its real host and scheme: the page router refuses
 * a form post whose Origin differs from the request URL's origin (CSRF protection), so a
 * placeholder host would refuse every no-JavaScript form post.
 */
export function documentUrl(req: IncomingMessage, url: URL, trustProxy = false): URL {
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
