/**
 * Refuses cross-site requests to desk actions. Browsers send Sec-Fetch-Site with every
 * request (and Origin with every POST); a request that carries neither is not from a
 * browser page of ours either, and the desk has no other clients.
 */
export function crossSiteReason(request: Request): string | null {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin") return `Sec-Fetch-Site: ${site}`;
  const origin = request.headers.get("origin");
  if (origin) {
    if (origin !== new URL(request.url).origin) return `Origin: ${origin}`;
    return null;
  }
  return site ? null : "no Origin or Sec-Fetch-Site";
}

export const isSafeMethod = (method: string) => method === "GET" || method === "HEAD";
