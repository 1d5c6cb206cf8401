import { setTimeout as sleep } from "node:timers/promises";
import { hashIp } from "../ip-hash.server";
import type { Services } from "../services.server";
import { normalizeEmail, redeemRecoveryCode, checkTotp } from "./accounts.server";
import { audit } from "./audit.server";
import { decoyHash, hashPassword, needsRehash, verifyPassword } from "./password.server";
import { createSession } from "./session.server";
import { ACCOUNT_RULE, accountKey, blockedFor, CLIENT_RULE, clearFailures, clientKey, recordFailure } from "./throttle.server";

export type SignInResult =
  | { kind: "ok"; staffId: number; token: string; maxAgeSeconds: number }
  | { kind: "two-factor"; staffId: number }
  | { kind: "failed" }
  | { kind: "throttled"; retryAfter: number };

/** The one answer to a wrong e-mail, a wrong password or a disabled account. */
export const SIGN_IN_FAILED = "That e-mail and password do not match an account.";
export const CODE_FAILED = "That code is not right. Try the current one from your app, or a recovery code.";

interface Client {
  ip: string;
  userAgent: string | null;
}

async function fail(
  services: Services,
  keys: { account: string; client: string },
  ipHash: string,
  email: string,
  action: string,
  staffId: number | null,
): Promise<SignInResult> {
  const { db, log } = services;
  const [a, c] = [await recordFailure(db, keys.account, ACCOUNT_RULE), await recordFailure(db, keys.client, CLIENT_RULE)];
  log.warn({ email, failures: a.failures, clientFailures: c.failures, ipHash }, `desk: ${action}`);
  await audit(db, { staffId, action, subject: email, ipHash, detail: { failures: a.failures } });
  const blocked = Math.max(a.blockedSeconds, c.blockedSeconds);
  if (blocked) {
    log.warn({ email, ipHash, seconds: blocked }, "desk: sign-in blocked");
    await audit(db, { staffId, action: "sign-in.blocked", subject: email, ipHash, detail: { seconds: blocked } });
  }
  const delay = Math.max(a.delayMs, c.delayMs);
  if (delay) await sleep(delay);
  return blocked ? { kind: "throttled", retryAfter: blocked } : { kind: "failed" };
}

/**
 * Checks an e-mail and password. An unknown e-mail, an account without a password or a
 * disabled one costs the same hash as a real check, and every failure gives one answer.
 */
export async function signInWithPassword(services: Services, input: { email: string; password: string }, client: Client): Promise<SignInResult> {
  const { db, env } = services;
  const email = normalizeEmail(input.email).slice(0, 254);
  const ipHash = hashIp(client.ip, env.IP_HASH_SALT);
  const keys = { account: accountKey(email), client: clientKey(ipHash) };
  const wait = await blockedFor(db, [keys.account, keys.client]);
  if (wait) {
    services.log.warn({ email, ipHash, retryAfter: wait }, "desk: sign-in refused while blocked");
    return { kind: "throttled", retryAfter: wait };
  }
  const staff = await db.kysely
    .selectFrom("staff")
    .select(["id", "password_hash", "disabled_at", "totp_enabled_at"])
    .where("email", "=", email)
    .executeTakeFirst();
  const hash = staff?.password_hash ?? (await decoyHash());
  const matches = await verifyPassword(input.password, hash);
  if (!staff?.password_hash || staff.disabled_at || !matches) {
    return fail(services, keys, ipHash, email, "sign-in.failed", staff && !staff.disabled_at ? Number(staff.id) : null);
  }
  const staffId = Number(staff.id);
  await clearFailures(db, keys.account);
  if (needsRehash(staff.password_hash)) {
    await db.kysely
      .updateTable("staff")
      .set({ password_hash: await hashPassword(input.password) })
      .where("id", "=", staffId)
      .execute();
  }
  if (staff.totp_enabled_at) return { kind: "two-factor", staffId };
  return finishSignIn(services, staffId, client, "password");
}

export async function finishSignIn(services: Services, staffId: number, client: Client, method: string): Promise<SignInResult> {
  const { db, env } = services;
  const ipHash = hashIp(client.ip, env.IP_HASH_SALT);
  const session = await createSession(db, staffId, { userAgent: client.userAgent, ipHash });
  await db.kysely.updateTable("staff").set({ last_sign_in_at: new Date().toISOString() }).where("id", "=", staffId).execute();
  await audit(db, { staffId, action: "sign-in", ipHash, detail: { method } });
  return { kind: "ok", staffId, ...session };
}

/** The second step: a code from the authenticator app, or one of the recovery codes. */
export async function signInWithCode(services: Services, staffId: number, code: string, client: Client): Promise<SignInResult> {
  const { db, env } = services;
  const staff = await db.kysely
    .selectFrom("staff")
    .select(["email", "totp_secret", "totp_enabled_at", "disabled_at"])
    .where("id", "=", staffId)
    .executeTakeFirst();
  if (!staff || staff.disabled_at || !staff.totp_secret || !staff.totp_enabled_at) return { kind: "failed" };
  const ipHash = hashIp(client.ip, env.IP_HASH_SALT);
  const keys = { account: accountKey(staff.email), client: clientKey(ipHash) };
  const wait = await blockedFor(db, [keys.account, keys.client]);
  if (wait) return { kind: "throttled", retryAfter: wait };
  const trimmed = code.trim().slice(0, 40);
  let method: string | null = null;
  if (checkTotp(staff.totp_secret, staff.email, trimmed)) method = "totp";
  else if (/[a-z]/i.test(trimmed) && (await redeemRecoveryCode(db, staffId, trimmed))) method = "recovery-code";
  if (!method) return fail(services, keys, ipHash, staff.email, "sign-in.code-failed", staffId);
  await clearFailures(db, keys.account);
  return finishSignIn(services, staffId, client, method);
}
