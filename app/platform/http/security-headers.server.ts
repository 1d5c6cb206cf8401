import { createHash } from "node:crypto";

/** sha256 source expressions of every inline script in a page, for its CSP. */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  const re = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const body = m[1] ?? "";
    if (body.trim() === "") continue;
    out.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...out];
}

export interface CspOptions {
  /** Nonce of a server-rendered page, or hashes of a pre-rendered one. */
  nonce?: string;
  hashes?: string[];
  connectSrc?: string;
}

export function contentSecurityPolicy({ nonce, hashes = [], connectSrc = "" }: CspOptions): string {
  const scripts = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...hashes].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' https:",
    "font-src 'self'",
    `connect-src 'self'${connectSrc ? ` ${connectSrc}` : ""}`,
    "frame-src https://www.youtube-nocookie.com https://player.vimeo.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The CSP of pages served from memory (their inline scripts by hash), made once per page. */
export function pageCspCache(connectSrc: string) {
  const made = new WeakMap<object, string>();
  return (page: { scriptHashes?: string[] }) => {
    let csp = made.get(page);
    if (!csp) {
      csp = contentSecurityPolicy({ hashes: page.scriptHashes, connectSrc });
      made.set(page, csp);
    }
    return csp;
  };
}

/**
 * The CSP of anything that is not a page (API JSON, SVG files): nothing may run or load
 * if such a response is ever opened as a document.
 */
export const resourceContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Headers every response carries. */
export const baseSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};
