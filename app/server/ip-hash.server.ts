import { createHash } from "node:crypto";

/**
 * What is kept of a client's address (leads, comments, desk sign-ins, sessions and the
 * audit log): a salted SHA-256, 32 hex characters, never the address. One function, so
 * a lead and a comment from one address hash alike. The salt is IP_HASH_SALT or the
 * installation's own (settings.server.ts).
 */
export function hashIp(ip: string, salt: string): string {
  return createHash("sha256").update(`${salt}\u0000${ip}`).digest("hex").slice(0, 32);
}
