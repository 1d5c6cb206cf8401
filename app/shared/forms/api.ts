/**
 * Where the browser sends form submissions and autocomplete look-ups. Set
 * VITE_API_BASE_URL at build time to point the pages at a separate API host (and add
 * that host to CSP_CONNECT_SRC); by default the site's own server answers.
 */
const base = (import.meta.env.VITE_API_BASE_URL ?? "").replace(/\/+$/, "");

export function apiUrl(path: string): string {
  return `${base}${path}`;
}

/** A version 4 UUID; crypto.randomUUID exists only in secure contexts. */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
