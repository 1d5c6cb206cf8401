import { createHash, createHmac } from "node:crypto";

/**
 * What is kept of a client's address (leads, comments, desk sign-ins, sessions and the
 * audit log): a salted SHA-256, 32 hex characters, never the address. One function, so
 * a lead and a comment from one address hash alike, and a comment sender marked as spam
 * is recognised on any later day. The salt is IP_HASH_SALT or the installation's own,
 * kept in a key file outside the database (settings.server.ts): a copy of the database
 * alone does not let anyone try the 2^32 IPv4 addresses against its hashes.
 */
export function hashIp(ip: string, salt: string): string {
  return createHash("sha256").update(`${salt}\u0000${ip}`).digest("hex").slice(0, 32);
}

let day: { date: string; secret: string; salt: string } | undefined;

/** The salt of one UTC day: HMAC-SHA256 of the date under the installation's secret. */
export function dailySalt(secret: string, now = new Date()): string {
  const date = now.toISOString().slice(0, 10);
  if (day?.date !== date || day.secret !== secret) {
    day = { date, secret, salt: createHmac("sha256", secret).update(`ip-day\u0000${date}`).digest("base64url") };
  }
  return day.salt;
}

/**
 * The key a client address is counted under by the sign-in throttle (and the public
 * forms' rate limit): hashed with the salt of the day, so these short-lived keys cannot
 * be joined with each other across days, nor with the stored hashes of leads and comments.
 */
export function throttleIpHash(env: { IP_HASH_SALT: string }, ip: string, now = new Date()): string {
  return hashIp(ip, dailySalt(env.IP_HASH_SALT, now));
}
