import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import commonList from "./common-passwords.txt?raw";

/**
 * Password hashing with Node's scrypt (decision record 004): N = 2^16, r = 8, p = 2, so
 * each hash needs 64 MiB of memory and about a tenth of a second. The parameters are
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

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLength);
  const { N, r, p, keyLength } = SCRYPT;
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

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(commonList.split("\n").filter(Boolean));
  return common;
}

/**
 * Why a new password is refused, or null. Long enough, and not one of the commonly used
 * passwords (about 43,000 of them, shipped in common-passwords.txt), nor one of them with
 * digits or symbols added at the end, nor one of them repeated, nor the e-mail address.
 */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  const lower = password.normalize("NFKC").toLowerCase();
  const list = commonPasswords();
  const stripped = lower.replace(/[\d\W_]+$/u, "").replace(/^[\d\W_]+/u, "");
  const unit = /^(.+?)\1+$/u.exec(lower)?.[1];
  const local = email?.toLowerCase().split("@")[0];
  if (list.has(lower) || (stripped.length >= 4 && list.has(stripped)) || (unit && (unit.length < 4 || list.has(unit)))) {
    return "This password is too common. Choose one that is not on lists of popular passwords.";
  }
  if (/^(.)\1+$/u.test(lower) || "01234567890123456789".includes(lower) || "abcdefghijklmnopqrstuvwxyz".includes(lower)) {
    return "This password is too easy to guess.";
  }
  if (email && (lower === email.toLowerCase() || (local && local.length >= 4 && lower.includes(local)))) {
    return "The password must not contain your e-mail address.";
  }
  return null;
}
