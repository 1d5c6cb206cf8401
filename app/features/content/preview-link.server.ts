import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "~/platform/db/db.server";
import { installationSecret } from "~/platform/settings.server";

/**
 * Signed preview links for drafts and scheduled posts: /desk/preview/<id>.<expiry>.<mac>,
 * an HMAC-SHA256 of the post's id and the expiry, keyed with the installation's own secret
 * (kept in settings, made once, like the newsletter's). Anyone with the link may read the
 * post until it expires; it shows nothing else and nothing can be done with it.
 */
const SECRET_KEY = "post_preview_secret";
export const PREVIEW_DAYS = 7;

export const previewSecret = (db: Db): Promise<string> => installationSecret(db, SECRET_KEY);

const mac = (secret: string, id: string, expires: number) => createHmac("sha256", secret).update(`post-preview\u0000${id}\u0000${expires}`).digest();

/** A token for the post's preview, valid for `PREVIEW_DAYS` from `now`. */
export function signPreview(secret: string, id: string, now = new Date()): { token: string; expires: Date } {
  const expires = Math.floor(now.getTime() / 1000) + PREVIEW_DAYS * 86_400;
  return { token: `${id}.${expires}.${mac(secret, id, expires).toString("base64url")}`, expires: new Date(expires * 1000) };
}

export type PreviewCheck = { ok: true; id: string } | { ok: false; reason: "invalid" | "expired" };

/** The post a token is for, or why not: tampered and malformed tokens are "invalid", old ones "expired". */
export function checkPreview(secret: string, token: string, now = new Date()): PreviewCheck {
  const m = /^([A-Za-z0-9][\w-]{0,99})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: "invalid" };
  const [, id = "", exp = "", sig = ""] = m;
  const expires = Number(exp);
  const given = Buffer.from(sig, "base64url");
  const wanted = mac(secret, id, expires);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { ok: false, reason: "invalid" };
  if (expires * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, id };
}
