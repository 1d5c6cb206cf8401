import { setTimeout as sleep } from "node:timers/promises";
import { hashIp, throttleIpHash } from "~/platform/ip-hash.server";
import type { Services } from "~/platform/services.server";
import { acceptTotp, normalizeEmail, redeemRecoveryCode } from "./accounts.server";
import { audit } from "./audit.server";
import { decoyHash, hashPassword, needsRehash, verifyPassword } from "./password.server";
import { createSession } from "./session.server";
import {
  ACCOUNT_RULE,
  accountKey,
  blockedFor,
  CLIENT_RULE,
  CODE_RULE,
  clearFailures,
  clientKey,
  codeKey,
  NOTICE_AT,
  PAIR_RULE,
  pairKey,
  recordFailure,
  THROTTLE_WINDOW_MS,
  type ThrottleRule,
} from "./throttle.server";

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

/** The keys a failure is counted under, each with its rule (and its key of the day before); the first is the one the owner's notice counts. */
type Counted = { key: string; rule: ThrottleRule; carryFrom?: string }[];

/**
 * A client address's throttle hash under the salt of today and, for a window after
 * midnight UTC, of yesterday: counts and blocks begun before midnight still hold after it.
 */
function clientDayHashes(env: { IP_HASH_SALT: string }, ip: string, now: Date): { dayHash: string; dayBefore?: string } {
  const dayHash = throttleIpHash(env, ip, now);
  const before = throttleIpHash(env, ip, new Date(now.getTime() - THROTTLE_WINDOW_MS));
  return before === dayHash ? { dayHash } : { dayHash, dayBefore: before };
}

async function fail(
  services: Services,
  counted: Counted,
  who: { email: string; staffId: number | null; ipHash: string },
  action: "sign-in.failed" | "sign-in.code-failed",
  now: Date,
): Promise<SignInResult> {
  const { db, log } = services;
  const { email, staffId, ipHash } = who;
  const results = [];
  for (const { key, rule, carryFrom } of counted) results.push(await recordFailure(db, key, rule, now, carryFrom));
  const failures = results[0]?.failures ?? 0;
  log.warn({ email, failures, ipHash }, `desk: ${action}`);
  await audit(db, { staffId, action, subject: email, ipHash, detail: { failures } });
  if (staffId !== null && failures === NOTICE_AT) await noticeOwner(services, staffId, email, action === "sign-in.code-failed" ? "code" : "password", failures);
  const blocked = Math.max(0, ...results.map((r) => r.blockedSeconds));
  if (blocked) {
    log.warn({ email, ipHash, seconds: blocked }, "desk: sign-in blocked");
    await audit(db, { staffId, action: "sign-in.blocked", subject: email, ipHash, detail: { seconds: blocked } });
  }
  const delay = Math.max(0, ...results.map((r) => r.delayMs));
  if (delay) await sleep(delay);
  return blocked ? { kind: "throttled", retryAfter: blocked } : { kind: "failed" };
}

/**
 * Tells the owner of an account, by e-mail through the outbox, that it sees a run of
 * failed sign-ins: once per window (when the count reaches NOTICE_AT), not per failure.
 */
async function noticeOwner(services: Services, staffId: number, email: string, step: "password" | "code", failures: number): Promise<void> {
  const { db, outbox, log } = services;
  await outbox.sendNow([
    { template: "sign-in-failures", recipient: email, staffId, payload: { step, failures, windowMinutes: ACCOUNT_RULE.windowMs / 60_000 } },
  ]);
  log.warn({ email, failures }, "desk: owner told of failed sign-ins");
  await audit(db, { staffId, action: "sign-in.owner-notified", subject: email, detail: { step, failures } });
}

/**
 * Checks an e-mail and password. An unknown e-mail, an account without a password or a
 * disabled one costs the same hash as a real check, and every failure gives one answer.
 * Failures slow and then block this address for this account, and past a cap this
 * address for every account; never the account itself for everybody.
 */
export async function signInWithPassword(
  services: Services,
  input: { email: string; password: string },
  client: Client,
  now = new Date(),
): Promise<SignInResult> {
  const { db, env } = services;
  const email = normalizeEmail(input.email).slice(0, 254);
  const ipHash = hashIp(client.ip, env.IP_HASH_SALT);
  const { dayHash, dayBefore } = clientDayHashes(env, client.ip, now);
  const pair = pairKey(email, dayHash);
  const perClient = clientKey(dayHash);
  const wait = await blockedFor(db, [pair, perClient, ...(dayBefore ? [pairKey(email, dayBefore), clientKey(dayBefore)] : [])], now);
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
    const staffId = staff && !staff.disabled_at ? Number(staff.id) : null;
    const counted = [
      { key: accountKey(email), rule: ACCOUNT_RULE },
      { key: pair, rule: PAIR_RULE, carryFrom: dayBefore && pairKey(email, dayBefore) },
      { key: perClient, rule: CLIENT_RULE, carryFrom: dayBefore && clientKey(dayBefore) },
    ];
    return fail(services, counted, { email, staffId, ipHash }, "sign-in.failed", now);
  }
  const staffId = Number(staff.id);
  if (needsRehash(staff.password_hash)) {
    await db.kysely
      .updateTable("staff")
      .set({ password_hash: await hashPassword(input.password) })
      .where("id", "=", staffId)
      .execute();
  }
  // With two-factor sign-in nothing is cleared yet: the code step still counts.
  if (staff.totp_enabled_at) return { kind: "two-factor", staffId };
  await clearFailures(db, pair);
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

/**
 * The second step: a code from the authenticator app (each accepted once), or one of the
 * recovery codes. Wrong codes are counted for the account whatever the address, until a
 * code succeeds: a correct password does not reset them.
 */
export async function signInWithCode(services: Services, staffId: number, code: string, client: Client, now = new Date()): Promise<SignInResult> {
  const { db, env } = services;
  const staff = await db.kysely
    .selectFrom("staff")
    .select(["email", "totp_secret", "totp_enabled_at", "disabled_at"])
    .where("id", "=", staffId)
    .executeTakeFirst();
  if (!staff || staff.disabled_at || !staff.totp_secret || !staff.totp_enabled_at) return { kind: "failed" };
  const ipHash = hashIp(client.ip, env.IP_HASH_SALT);
  const { dayHash, dayBefore } = clientDayHashes(env, client.ip, now);
  const codes = codeKey(staffId);
  const perClient = clientKey(dayHash);
  const wait = await blockedFor(db, [codes, perClient, ...(dayBefore ? [clientKey(dayBefore)] : [])], now);
  if (wait) {
    services.log.warn({ email: staff.email, ipHash, retryAfter: wait }, "desk: code refused while blocked");
    return { kind: "throttled", retryAfter: wait };
  }
  const trimmed = code.trim().slice(0, 40);
  let method: string | null = null;
  if (await acceptTotp(services, staffId, staff.email, trimmed, now)) method = "totp";
  else if (/[a-z]/i.test(trimmed) && (await redeemRecoveryCode(db, staffId, trimmed))) method = "recovery-code";
  if (!method) {
    const counted = [
      { key: codeKey(staffId), rule: CODE_RULE },
      { key: perClient, rule: CLIENT_RULE, carryFrom: dayBefore && clientKey(dayBefore) },
    ];
    return fail(services, counted, { email: staff.email, staffId, ipHash }, "sign-in.code-failed", now);
  }
  await clearFailures(db, codes);
  await clearFailures(db, pairKey(staff.email, dayHash));
  return finishSignIn(services, staffId, client, method);
}
