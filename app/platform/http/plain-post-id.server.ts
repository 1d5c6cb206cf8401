import { createHmac } from "node:crypto";

/**
 * The submission id of a form posted without its code (JavaScript off, or the form's code
 * not fetched yet). With its code a form sends a random id it keeps until the server has
 * answered; a plain post has none to send: the pages holding the forms are pre-rendered
 * (or served from the page cache), the same bytes for every visitor, so an id written into
 * them would be everyone's. So the server derives the id from the post itself: a keyed
 * hash (the installation's IP-hash salt) of the client's address, the form, the page and
 * every field as sent, and a window of time. A reload of the answer page (the browser
 * sends the same body again), a second press, or the same form filled in alike and sent
 * again within the window carry the same id, and the leads table's unique submission id
 * stores them once, as it does the JSON path's retries (decision record 039).
 *
 * `window` is a whole number of windows since the epoch (`windowOf`); the caller also
 * looks for the previous window's id, so a resend is recognised for at least one window.
 */
export function plainPostId(secret: string, post: { ip: string; kind: string; page: string; form: URLSearchParams }, window: number | null): string {
  const h = createHmac("sha256", secret)
    .update(JSON.stringify(["plain-post", window, post.ip, post.kind, post.page, [...post.form]]))
    .digest("hex");
  // Shaped as a UUID (version 8: made by the server), the form the schemas take.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((Number.parseInt(h[16] ?? "0", 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A lead's window: a UTC day. */
export const PLAIN_POST_WINDOW_MS = 86_400_000;

export const windowOf = (now: number) => Math.floor(now / PLAIN_POST_WINDOW_MS);
