import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import type { Env } from "./env.server";

/*
 * Two-factor (TOTP) secrets are stored encrypted with AES-256-GCM under a key kept outside
 * the database: TOTP_KEY, or the installation's key file (settings.server.ts). A copy of
 * the database alone gives nobody the codes of the staff's authenticator apps. Each
 * secret is bound to its account (the staff id is the associated data), so a secret
 * cannot be moved to another row.
 */

const PREFIX = "v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A TOTP_KEY as given: 64 hex digits, or 32 bytes in base64 or base64url. Null when it is neither. */
export function parseTotpKey(raw: string): Buffer | null {
  const v = raw.trim();
  if (/^[0-9a-f]{64}$/i.test(v)) return Buffer.from(v, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const b = Buffer.from(v.replace(/\+/g, "-").replace(/\//g, "_").replace(/=$/, ""), "base64url");
    if (b.length === 32) return b;
  }
  return null;
}

/** A new random key, as written to the key file. */
export const newTotpKey = () => randomBytes(32).toString("base64url");

/**
 * The key of these settings. Settings made by withIpHashSalt always carry TOTP_KEY; those
 * put together by hand (unit tests) derive one from their IP salt.
 */
function keyOf(env: Pick<Env, "TOTP_KEY" | "IP_HASH_SALT">): Buffer {
  if (env.TOTP_KEY) {
    const key = parseTotpKey(env.TOTP_KEY);
    if (key) return key;
  }
  return createHmac("sha256", env.IP_HASH_SALT).update("totp-key").digest();
}

const aad = (staffId: number) => Buffer.from(`fillway-staff-totp:${staffId}`);

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/** The stored form of a Base32 secret. */
export function sealTotpSecret(env: Pick<Env, "TOTP_KEY" | "IP_HASH_SALT">, staffId: number, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyOf(env), iv);
  cipher.setAAD(aad(staffId));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

export class TotpKeyError extends Error {}

/** The Base32 secret of a stored one; throws TotpKeyError when this key did not seal it. */
export function openTotpSecret(env: Pick<Env, "TOTP_KEY" | "IP_HASH_SALT">, staffId: number, stored: string): string {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(env), raw.subarray(0, IV_BYTES));
    decipher.setAAD(aad(staffId));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new TotpKeyError("a two-factor secret does not open with this TOTP key");
  }
}
