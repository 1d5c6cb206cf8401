import type { Db } from "~/platform/db/db.server";

/**
 * Failed sign-ins are counted within a window under several keys. Past a first few, each
 * further failure is answered more slowly; at a key's limit, sign-in under that key is
 * refused for a while (429 with Retry-After), whatever the password. What is blocked is
 * the guesser, not the account: a password guessed from one address blocks that address
 * for that account (PAIR_RULE) and, past a cap, that address for every account
 * (CLIENT_RULE), while the owner signs in from anywhere else.
 */
export interface ThrottleRule {
  /** Failures answered at full speed. */
  freeFailures: number;
  /** Failures that start a block (Infinity: never). */
  blockAt: number;
  windowMs: number;
  blockMs: number;
}

/** How long failures are counted together, and how long a block lasts. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
const WINDOW_MS = THROTTLE_WINDOW_MS;
/** One account from one client address: the guesser of one account. */
export const PAIR_RULE: ThrottleRule = { freeFailures: 3, blockAt: 10, windowMs: WINDOW_MS, blockMs: WINDOW_MS };
/** One client address across accounts: a sprayer of many accounts. */
export const CLIENT_RULE: ThrottleRule = { freeFailures: 10, blockAt: 30, windowMs: WINDOW_MS, blockMs: WINDOW_MS };
/**
 * One account from every address: counted for the owner's notice (NOTICE_AT), never
 * slowed and never blocked, so nobody can lock an owner out by failing on purpose.
 */
export const ACCOUNT_RULE: ThrottleRule = { freeFailures: Number.POSITIVE_INFINITY, blockAt: Number.POSITIVE_INFINITY, windowMs: WINDOW_MS, blockMs: 0 };
/**
 * Second-factor codes of one account, from every address: whoever reaches the code step
 * knows the password, so the code step itself is blocked, until a code succeeds.
 */
export const CODE_RULE: ThrottleRule = { freeFailures: 3, blockAt: 10, windowMs: WINDOW_MS, blockMs: WINDOW_MS };
/** The current password asked for on the account page (a stolen session guessing it). */
export const CURRENT_PASSWORD_RULE: ThrottleRule = { freeFailures: 3, blockAt: 10, windowMs: WINDOW_MS, blockMs: WINDOW_MS };
/** The owner is told by e-mail when their account's failures in one window reach this many. */
export const NOTICE_AT = 5;

/** The delay grows by this much per failure past the free ones, up to MAX_DELAY_MS. */
const DELAY_STEP_MS = 500;
const MAX_DELAY_MS = 3_000;

/** Seconds left of a block on any of these keys, or 0. */
export async function blockedFor(db: Db, keys: string[], now = new Date()): Promise<number> {
  const rows = await db.kysely
    .selectFrom("sign_in_throttle")
    .select("blocked_until")
    .where("key", "in", keys)
    .where("blocked_until", ">", now.toISOString())
    .execute();
  const until = Math.max(0, ...rows.map((r) => Date.parse(r.blocked_until ?? "")));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/**
 * Counts one failure; returns how long to hold the answer back and whether a block began.
 * `carryFrom` is the same counter under the previous day's key (client addresses are keyed
 * with the salt of the day): a first failure under the new key goes on from it, so the
 * change of day at midnight UTC gives no one a fresh allowance.
 */
export async function recordFailure(
  db: Db,
  key: string,
  rule: ThrottleRule,
  now = new Date(),
  carryFrom?: string,
): Promise<{ failures: number; delayMs: number; blockedSeconds: number }> {
  return db.kysely.transaction().execute(async (tx) => {
    const own = await tx.selectFrom("sign_in_throttle").selectAll().where("key", "=", key).executeTakeFirst();
    const row = own ?? (carryFrom ? await tx.selectFrom("sign_in_throttle").selectAll().where("key", "=", carryFrom).executeTakeFirst() : undefined);
    const t = now.getTime();
    const fresh = !row || Date.parse(row.window_started_at) + rule.windowMs <= t || (row.blocked_until !== null && Date.parse(row.blocked_until) <= t);
    const failures = fresh ? 1 : Number(row.failures) + 1;
    const blocked = failures >= rule.blockAt;
    const values = {
      failures,
      window_started_at: fresh ? now.toISOString() : row.window_started_at,
      blocked_until: blocked ? new Date(t + rule.blockMs).toISOString() : null,
    };
    if (own) await tx.updateTable("sign_in_throttle").set(values).where("key", "=", key).execute();
    else
      await tx
        .insertInto("sign_in_throttle")
        .values({ key, ...values })
        .onConflict((oc) => oc.column("key").doUpdateSet(values))
        .execute();
    const over = failures - rule.freeFailures;
    return {
      failures,
      delayMs: over > 0 ? Math.min(over * DELAY_STEP_MS, MAX_DELAY_MS) : 0,
      blockedSeconds: blocked ? Math.ceil(rule.blockMs / 1000) : 0,
    };
  });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.kysely.deleteFrom("sign_in_throttle").where("key", "=", key).execute();
}

export const accountKey = (email: string) => `account:${email.toLowerCase()}`;
export const pairKey = (email: string, ipHash: string) => `pair:${ipHash}:${email.toLowerCase()}`;
export const clientKey = (ipHash: string) => `client:${ipHash}`;
export const codeKey = (staffId: number) => `code:${staffId}`;
export const currentPasswordKey = (staffId: number) => `current:${staffId}`;
