import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with Node's scrypt (decision record 006): N = 2^16, r = 8, p = 2, so
 * each hash needs 64 MiB of memory and a few tenths of a second of a core. The parameters are
 * stored in every hash, so they can be raised later and old hashes still verify (and are
 * re-hashed at the next sign-in, see needsRehash).
 */
export const SCRYPT = { N: 2 ** 16, r: 8, p: 2, keyLength: 32, saltLength: 16 } as const;

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * Two-factor recovery codes carry 50 random bits, so a lighter cost is enough: 16 MiB,
 * and checking a code against the ten stored hashes stays under a second.
 */
export const RECOVERY_SCRYPT = { N: 2 ** 14, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(
  password: string,
  params: { N: number; r: number; p: number; keyLength: number; saltLength: number } = SCRYPT,
): Promise<string> {
  const salt = randomBytes(params.saltLength);
  const { N, r, p, keyLength } = params;
  const key = await scryptAsync(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r * 2 });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parse(hash: string) {
  const [kind, n, r, p, salt, key] = hash.split("$");
  if (kind !== "scrypt" || !salt || !key) return null;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (![N, R, P].every((x) => Number.isInteger(x) && x > 0) || N > 2 ** 20) return null;
  return { N, r: R, p: P, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const h = parse(hash);
  if (!h || password.length > MAX_PASSWORD_LENGTH) return false;
  const key = await scryptAsync(password, h.salt, h.key.length, { N: h.N, r: h.r, p: h.p, maxmem: 256 * h.N * h.r * 2 });
  return timingSafeEqual(key, h.key);
}

/** True when a stored hash was made with other parameters than today's. */
export function needsRehash(hash: string): boolean {
  const h = parse(hash);
  return !h || h.N !== SCRYPT.N || h.r !== SCRYPT.r || h.p !== SCRYPT.p;
}

/**
 * A hash of a random password, made once: checked against when the e-mail of a sign-in
 * has no account, so that the answer takes as long as for a real one.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString("base64url"));
  return decoy;
}
