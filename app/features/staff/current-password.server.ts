import { setTimeout as sleep } from "node:timers/promises";
import type { Services } from "~/platform/services.server";
import { audit } from "./audit.server";
import { verifyPassword } from "./password.server";
import { blockedFor, CURRENT_PASSWORD_RULE, clearFailures, currentPasswordKey, recordFailure } from "./throttle.server";

export type CurrentPasswordCheck = { kind: "ok" } | { kind: "wrong" } | { kind: "throttled"; retryAfter: number };

/**
 * The current password asked for on the account page before a change a stolen session
 * must not make (a new password, new recovery codes, two-factor off). Wrong guesses are
 * counted per account, answered more slowly past a few, written to the audit log, and at
 * the limit refused for a while, like sign-in.
 */
export async function checkCurrentPassword(
  services: Pick<Services, "db" | "log">,
  staff: { id: number; email: string },
  password: string,
  now = new Date(),
): Promise<CurrentPasswordCheck> {
  const { db, log } = services;
  const key = currentPasswordKey(staff.id);
  const wait = await blockedFor(db, [key], now);
  if (wait) return { kind: "throttled", retryAfter: wait };
  const row = await db.kysely.selectFrom("staff").select("password_hash").where("id", "=", staff.id).executeTakeFirst();
  if (row?.password_hash && (await verifyPassword(password, row.password_hash))) {
    await clearFailures(db, key);
    return { kind: "ok" };
  }
  const failed = await recordFailure(db, key, CURRENT_PASSWORD_RULE, now);
  log.warn({ email: staff.email, failures: failed.failures }, "desk: wrong current password");
  await audit(db, { staffId: staff.id, action: "account.current-password-failed", subject: staff.email, detail: { failures: failed.failures } });
  if (failed.blockedSeconds) {
    log.warn({ email: staff.email, seconds: failed.blockedSeconds }, "desk: current password blocked");
    await audit(db, { staffId: staff.id, action: "account.current-password-blocked", subject: staff.email, detail: { seconds: failed.blockedSeconds } });
    return { kind: "throttled", retryAfter: failed.blockedSeconds };
  }
  if (failed.delayMs) await sleep(failed.delayMs);
  return { kind: "wrong" };
}
