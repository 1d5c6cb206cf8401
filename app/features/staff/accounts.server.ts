import { randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import type { Kysely } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import type { Env } from "~/platform/env.server";
import type { Services } from "~/platform/services.server";
import { isRole, type Role } from "./auth.server";
import { hashPassword, RECOVERY_SCRYPT, verifyPassword } from "./password.server";
import { deleteSessionsOf, hashToken, newToken } from "./session.server";
import { openTotpSecret, sealTotpSecret } from "~/platform/totp-key.server";

export const SET_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000;
export const TWO_FACTOR_STEP_TTL_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;

export interface Account {
  id: number;
  email: string;
  name: string | null;
  role: Role;
  hasPassword: boolean;
  twoFactor: boolean;
  disabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A plausible e-mail address, as typed on the command line or in the accounts screen. */
export const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

type StaffRow = {
  id: number | string;
  email: string;
  name: string | null;
  role: string;
  password_hash: string | null;
  totp_enabled_at: string | null;
  disabled_at: string | null;
  created_at: string;
  last_sign_in_at: string | null;
};

function toAccount(r: StaffRow): Account {
  return {
    id: Number(r.id),
    email: r.email,
    name: r.name,
    role: isRole(r.role) ? r.role : "editor",
    hasPassword: r.password_hash !== null,
    twoFactor: r.totp_enabled_at !== null,
    disabled: r.disabled_at !== null,
    createdAt: r.created_at,
    lastSignInAt: r.last_sign_in_at,
  };
}

const COLUMNS = ["id", "email", "name", "role", "password_hash", "totp_enabled_at", "disabled_at", "created_at", "last_sign_in_at"] as const;

export async function listAccounts(db: Db): Promise<Account[]> {
  const rows = await db.kysely.selectFrom("staff").select(COLUMNS).orderBy("email").execute();
  return rows.map(toAccount);
}

export async function findAccount(db: Db, by: { id: number } | { email: string }): Promise<Account | null> {
  let q = db.kysely.selectFrom("staff").select(COLUMNS);
  q = "id" in by ? q.where("id", "=", by.id) : q.where("email", "=", normalizeEmail(by.email));
  const row = await q.executeTakeFirst();
  return row ? toAccount(row) : null;
}

export class AccountError extends Error {}

/** Creates an account without a password; returns it and its set-password link. */
export async function createAccount(db: Db, env: Env, input: { email: string; role: Role; name?: string | null }): Promise<{ account: Account; link: string }> {
  const email = normalizeEmail(input.email);
  if (!EMAIL_RE.test(email) || email.length > 254) throw new AccountError(`"${input.email}" is not an e-mail address.`);
  if (await findAccount(db, { email })) throw new AccountError(`An account for ${email} exists already.`);
  const inserted = await db.kysely
    .insertInto("staff")
    .values({ email, name: input.name?.trim() || null, role: input.role, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  const account = (await findAccount(db, { id: Number(inserted.id) }))!;
  return { account, link: await setPasswordLink(db, env, account.id) };
}

/**
 * Stores `token` as the account's one set-password token, valid for `ttlMs`: earlier
 * unused ones (an older link, a reset asked for before) stop working. `kysely` may be a
 * transaction.
 */
export async function replaceSetPasswordToken(kysely: Kysely<Database>, staffId: number, token: string, ttlMs: number, now = new Date()): Promise<void> {
  await kysely.deleteFrom("staff_tokens").where("staff_id", "=", staffId).where("purpose", "=", "set-password").execute();
  await kysely
    .insertInto("staff_tokens")
    .values({
      id: hashToken(token),
      staff_id: staffId,
      purpose: "set-password",
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      used_at: null,
    })
    .execute();
}

/** A new one-time set-password link (24 h); earlier unused ones stop working. */
export async function setPasswordLink(db: Db, env: Env, staffId: number): Promise<string> {
  const token = newToken();
  await replaceSetPasswordToken(db.kysely, staffId, token, SET_PASSWORD_TTL_MS);
  return `${env.SITE_URL}/desk/set-password/${token}`;
}

/** The account a live, unused token of this purpose belongs to, or null. */
export async function tokenAccount(db: Db, token: string, purpose: "set-password" | "two-factor"): Promise<Account | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = await db.kysely
    .selectFrom("staff_tokens")
    .select(["staff_id", "expires_at", "used_at"])
    .where("id", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  if (!row || row.used_at || Date.parse(row.expires_at) <= Date.now()) return null;
  const account = await findAccount(db, { id: Number(row.staff_id) });
  return account && !account.disabled ? account : null;
}

/** Marks a token used; false when it was used meanwhile (two tabs). */
export async function consumeToken(db: Db, token: string): Promise<boolean> {
  const r = await db.kysely
    .updateTable("staff_tokens")
    .set({ used_at: new Date().toISOString() })
    .where("id", "=", hashToken(token))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function createTwoFactorStep(db: Db, staffId: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db.kysely
    .insertInto("staff_tokens")
    .values({
      id: hashToken(token),
      staff_id: staffId,
      purpose: "two-factor",
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TWO_FACTOR_STEP_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** Sets a new password and signs the account out everywhere (but for the session kept). */
export async function setPassword(db: Db, staffId: number, password: string, keepSession?: string): Promise<void> {
  const hash = await hashPassword(password);
  await db.kysely.updateTable("staff").set({ password_hash: hash, password_changed_at: new Date().toISOString() }).where("id", "=", staffId).execute();
  await deleteSessionsOf(db, staffId, keepSession);
}

export async function setDisabled(db: Db, staffId: number, disabled: boolean): Promise<void> {
  await db.kysely
    .updateTable("staff")
    .set({ disabled_at: disabled ? new Date().toISOString() : null })
    .where("id", "=", staffId)
    .execute();
  if (disabled) {
    await deleteSessionsOf(db, staffId);
    await db.kysely.deleteFrom("staff_tokens").where("staff_id", "=", staffId).execute();
  }
}

export async function setRole(db: Db, staffId: number, role: Role): Promise<void> {
  await db.kysely.updateTable("staff").set({ role }).where("id", "=", staffId).execute();
}

/**
 * A reset: the password stops working, every session ends, and a new set-password link
 * is made; with `twoFactor` the authenticator app and recovery codes are removed too (a
 * lost phone).
 */
export async function resetAccount(db: Db, env: Env, staffId: number, opts: { twoFactor?: boolean } = {}): Promise<string> {
  await db.kysely
    .updateTable("staff")
    .set(opts.twoFactor ? { password_hash: null, totp_secret: null, totp_enabled_at: null, totp_last_step: null } : { password_hash: null })
    .where("id", "=", staffId)
    .execute();
  if (opts.twoFactor) await db.kysely.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
  await deleteSessionsOf(db, staffId);
  return setPasswordLink(db, env, staffId);
}

/** Admin accounts that are active: the last one may not be disabled or demoted. */
export async function activeAdminCount(db: Db): Promise<number> {
  const r = await db.kysely
    .selectFrom("staff")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// Two-factor sign-in (TOTP, RFC 6238: 6 digits, 30 s, SHA-1, as every authenticator app reads).

export const TOTP_ISSUER = "Fillway desk";

function totpFor(secret: string, email: string) {
  return new TOTP({ issuer: TOTP_ISSUER, label: email, algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** A new secret, stored (encrypted) but not in force until a first code confirms it. */
export async function beginTwoFactor(db: Db, env: Env, staffId: number, email: string): Promise<{ secret: string; uri: string }> {
  const secret = new Secret({ size: 20 }).base32;
  await db.kysely
    .updateTable("staff")
    .set({ totp_secret: sealTotpSecret(env, staffId, secret), totp_last_step: null })
    .where("id", "=", staffId)
    .where("totp_enabled_at", "is", null)
    .execute();
  return { secret, uri: totpFor(secret, email).toString() };
}

export async function pendingTwoFactor(db: Db, env: Env, staffId: number, email: string): Promise<{ secret: string; uri: string } | null> {
  const row = await db.kysely.selectFrom("staff").select(["totp_secret", "totp_enabled_at"]).where("id", "=", staffId).executeTakeFirst();
  if (!row?.totp_secret || row.totp_enabled_at) return null;
  const secret = openTotpSecret(env, staffId, row.totp_secret);
  return { secret, uri: totpFor(secret, email).toString() };
}

/** The time-step a code belongs to (Unix time / 30 s, within one step either side of now), or null. */
export function totpStep(secret: string, email: string, code: string, now = new Date()): number | null {
  const digits = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(digits)) return null;
  const totp = totpFor(secret, email);
  const delta = totp.validate({ token: digits, window: 1, timestamp: now.getTime() });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

/**
 * Takes a code of the account's authenticator app once: the code's time-step must be
 * later than the last one accepted, and is stored in the same statement, so the same code
 * sent twice (or by two requests at once) signs in once (RFC 6238, section 5.2).
 */
async function takeTotpStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const r = await db.kysely
    .updateTable("staff")
    .set({ totp_last_step: step })
    .where("id", "=", staffId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A sign-in code from the app of an account with two-factor on: right, and not used before. */
export async function acceptTotp(services: Pick<Services, "db" | "env">, staffId: number, email: string, code: string, now = new Date()): Promise<boolean> {
  const { db, env } = services;
  const row = await db.kysely.selectFrom("staff").select(["totp_secret", "totp_enabled_at"]).where("id", "=", staffId).executeTakeFirst();
  if (!row?.totp_secret || !row.totp_enabled_at) return false;
  const step = totpStep(openTotpSecret(env, staffId, row.totp_secret), email, code, now);
  return step !== null && (await takeTotpStep(db, staffId, step));
}

/** Confirms enrolment with a first code (which is then used up); returns the recovery codes, shown once. */
export async function confirmTwoFactor(db: Db, env: Env, staffId: number, email: string, code: string, now = new Date()): Promise<string[] | null> {
  const row = await db.kysely.selectFrom("staff").select(["totp_secret", "totp_enabled_at"]).where("id", "=", staffId).executeTakeFirst();
  if (!row?.totp_secret || row.totp_enabled_at) return null;
  const step = totpStep(openTotpSecret(env, staffId, row.totp_secret), email, code, now);
  if (step === null || !(await takeTotpStep(db, staffId, step))) return null;
  await db.kysely.updateTable("staff").set({ totp_enabled_at: now.toISOString() }).where("id", "=", staffId).execute();
  return newRecoveryCodes(db, staffId);
}

const CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function recoveryCode(): string {
  let s = "";
  for (let i = 0; i < 10; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

export async function newRecoveryCodes(db: Db, staffId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(c, RECOVERY_SCRYPT)));
  await db.kysely.transaction().execute(async (tx) => {
    await tx.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
    await tx
      .insertInto("staff_recovery_codes")
      .values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash, used_at: null })))
      .execute();
  });
  return codes;
}

/** Uses up a recovery code; false when it matches none of the unused ones. */
export async function redeemRecoveryCode(db: Db, staffId: number, code: string): Promise<boolean> {
  const typed = code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  if (typed.length !== 10) return false;
  const normalized = `${typed.slice(0, 5)}-${typed.slice(5)}`;
  const rows = await db.kysely
    .selectFrom("staff_recovery_codes")
    .select(["id", "code_hash"])
    .where("staff_id", "=", staffId)
    .where("used_at", "is", null)
    .execute();
  for (const row of rows) {
    if (await verifyPassword(normalized, row.code_hash)) {
      const r = await db.kysely
        .updateTable("staff_recovery_codes")
        .set({ used_at: new Date().toISOString() })
        .where("id", "=", row.id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    }
  }
  return false;
}

export async function unusedRecoveryCodes(db: Db, staffId: number): Promise<number> {
  const r = await db.kysely
    .selectFrom("staff_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("staff_id", "=", staffId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function disableTwoFactor(db: Db, staffId: number): Promise<void> {
  await db.kysely.updateTable("staff").set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null }).where("id", "=", staffId).execute();
  await db.kysely.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
}
