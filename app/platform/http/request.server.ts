import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";

/**
 * Which proxies in front of the server are trusted to say who the client is: none, the
 * nearest `hops` of them (a load balancer is one), or those at the given addresses or
 * networks. X-Forwarded-For is a list every proxy appends the address it saw to; whatever
 * stands left of the trusted proxies' entries was written by the client and proves
 * nothing.
 */
export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "addresses"; addresses: readonly string[] };

export const NO_PROXY: TrustProxy = { kind: "none" };

/** The values of a header that may repeat or carry a comma-separated list, in order. */
export function headerValues(v: string | string[] | undefined): string[] {
  if (v === undefined) return [];
  return (Array.isArray(v) ? v.join(",") : v)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** An address as written in X-Forwarded-For or by the socket, without port, brackets or IPv4-in-IPv6 prefix. */
export function bareAddress(raw: string): string {
  let a = raw.trim().slice(0, 100);
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed?.[1]) a = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  return (mapped?.[1] ?? a).toLowerCase();
}

const lists = new WeakMap<readonly string[], BlockList>();

/** A matcher of the trusted addresses and networks (`10.0.0.0/8`, `fd00::/8`, `192.0.2.7`). */
function trustedList(addresses: readonly string[]): BlockList {
  let list = lists.get(addresses);
  if (!list) {
    list = new BlockList();
    for (const entry of addresses) {
      const [address = "", prefix] = entry.split("/");
      const family = isIP(address) === 6 ? "ipv6" : "ipv4";
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    }
    lists.set(addresses, list);
  }
  return list;
}

function isTrusted(address: string, addresses: readonly string[]): boolean {
  const family = isIP(address);
  if (!family) return false;
  return trustedList(addresses).check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address. Without trusted proxies, the socket's peer. Behind them, the
 * chain is X-Forwarded-For's entries followed by the peer; counting from the right, the
 * trusted proxies' entries are skipped (the last `hops` of them, or every entry that is a
 * trusted address), and the next one is the address the outermost trusted proxy saw.
 * Anything a client adds stays to the left of it.
 */
export function clientIp(req: IncomingMessage, trust: TrustProxy): string {
  const peer = bareAddress(req.socket.remoteAddress ?? "unknown");
  if (trust.kind === "none") return peer;
  if (trust.kind === "addresses" && !isTrusted(peer, trust.addresses)) return peer;
  const chain = [...headerValues(req.headers["x-forwarded-for"]).map(bareAddress), peer];
  if (trust.kind === "hops") return chain[Math.max(0, chain.length - 1 - trust.hops)] ?? peer;
  let i = chain.length - 1;
  while (i > 0 && isTrusted(chain[i] ?? "", trust.addresses)) i--;
  return chain[i] ?? peer;
}

/**
 * How many proxies in front of the server are trusted on this request: the nearest `hops`
 * of them, or the run of trusted addresses from the peer outwards along X-Forwarded-For.
 */
function trustedProxies(req: IncomingMessage, trust: TrustProxy): number {
  if (trust.kind === "none") return 0;
  if (trust.kind === "hops") return trust.hops;
  const chain = [...headerValues(req.headers["x-forwarded-for"]).map(bareAddress), bareAddress(req.socket.remoteAddress ?? "")];
  let n = 0;
  for (let i = chain.length - 1; i >= 0 && isTrusted(chain[i] ?? "", trust.addresses); i--) n++;
  return n;
}

/**
 * A forwarded header (X-Forwarded-Proto, X-Forwarded-Host) as the outermost trusted proxy
 * set it. Each proxy appends its value as it does to X-Forwarded-For (the shipped nginx
 * configuration adds its own `$scheme` after a front's `https`), so with `n` trusted
 * proxies it is the `n`-th value from the right, or the leftmost when fewer were written;
 * anything a client wrote stays left of it. Undefined when no proxy is trusted.
 */
export function forwardedValue(req: IncomingMessage, name: string, trust: TrustProxy): string | undefined {
  const n = trustedProxies(req, trust);
  if (n === 0) return undefined;
  const values = headerValues(req.headers[name]);
  return values[Math.max(0, values.length - n)];
}

/**
 * The URL the browser asked for, with its real host and scheme: the page router refuses
 * a form post whose Origin differs from the request URL's origin (CSRF protection), so a
 * placeholder host would refuse every no-JavaScript form post.
 */
export function documentUrl(req: IncomingMessage, url: URL, trust: TrustProxy = NO_PROXY): URL {
  const proto = forwardedValue(req, "x-forwarded-proto", trust)?.toLowerCase() || "http";
  const host = forwardedValue(req, "x-forwarded-host", trust) || req.headers.host;
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
