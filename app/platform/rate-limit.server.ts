import { sql } from "kysely";
import { type ApiResponse, json } from "./api/types";
import { prepared } from "./db/compiled.server";
import type { Db } from "./db/db.server";
import type { Services } from "./services.server";
import { throttleIpHash } from "./ip-hash.server";
import { loadedOnce } from "./module-copies.server";

loadedOnce("rate-limit");

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request of `key` and says whether it may go ahead. */
  hit(key: string, now?: number): RateDecision | Promise<RateDecision>;
}

/**
 * Fixed-window counter per client, in memory: RATE_LIMIT_MAX requests per
 * RATE_LIMIT_WINDOW_SECONDS. On SQLite one process serves the site, so this is the
 * whole count.
 */
export function createRateLimiter({ max, windowSeconds }: { max: number; windowSeconds: number }): { hit(key: string, now?: number): RateDecision } {
  const windowMs = windowSeconds * 1000;
  const buckets = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;
  return {
    hit(key, now = Date.now()) {
      // Forget finished windows now and then, so memory stays bounded by recent clients.
      if (now - lastSweep > windowMs) {
        for (const [k, b] of buckets) if (b.resetAt <= now) buckets.delete(k);
        lastSweep = now;
      }
      let b = buckets.get(key);
      if (!b || b.resetAt <= now) {
        b = { count: 0, resetAt: now + windowMs };
        buckets.set(key, b);
      }
      b.count += 1;
      if (b.count > max) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((b.resetAt - now) / 1000)) };
      return { ok: true, remaining: max - b.count };
    },
  };
}

/**
 * The same fixed windows counted in the database, for several instances behind a load
 * balancer (PostgreSQL): each request adds one to its client's row for the current window
 * (windows start at multiples of the window on the clock, so every instance counts the
 * same one) and reads the cluster's total back in the same statement. A client already
 * refused here is refused again without asking the database until its window ends.
 * Finished windows are deleted now and then.
 */
export function createSharedRateLimiter(db: Pick<Db, "kysely">, { max, windowSeconds }: { max: number; windowSeconds: number }): RateLimiter {
  const windowMs = windowSeconds * 1000;
  const refused = new Map<string, number>();
  let lastSweep = 0;
  const sweep = (now: number) => {
    lastSweep = now;
    for (const [k, until] of refused) if (until <= now) refused.delete(k);
    void sql`DELETE FROM rate_counts WHERE window_start < ${now - windowMs}`.execute(db.kysely).catch(() => {});
  };
  return {
    async hit(key, now = Date.now()) {
      if (now - lastSweep > windowMs) sweep(now);
      const start = now - (now % windowMs);
      const resetAt = start + windowMs;
      const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
      if ((refused.get(key) ?? 0) > now) return { ok: false, retryAfterSeconds };
      // A prepared statement on PostgreSQL: parsed and planned once per connection, not per request.
      const query = sql<{ count: number | string }>`
        INSERT INTO rate_counts (key, window_start, count) VALUES (${key}, ${start}, 1)
        ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counts.count + 1
        RETURNING count`.compile(db.kysely);
      const { rows } = await db.kysely.executeQuery(prepared(query));
      const count = Number(rows[0]?.count ?? 1);
      if (count > max) {
        refused.set(key, resetAt);
        return { ok: false, retryAfterSeconds };
      }
      return { ok: true, remaining: max - count };
    },
  };
}

/**
 * The process's limiter for public POSTs (lead forms, newsletter, quotes, comments, and
 * the no-JavaScript page posts): one budget per client across all of them, kept on the
 * services object that the API and the page actions share. On PostgreSQL, where several
 * instances may serve the site, the count is kept in the database for all of them.
 */
export function rateLimiterFor(services: Pick<Services, "env" | "rateLimiter"> & { db?: Pick<Db, "kysely" | "dialect"> }): RateLimiter {
  const options = { max: services.env.RATE_LIMIT_MAX, windowSeconds: services.env.RATE_LIMIT_WINDOW_SECONDS };
  services.rateLimiter ??= services.db?.dialect === "postgres" ? createSharedRateLimiter(services.db, options) : createRateLimiter(options);
  return services.rateLimiter;
}

export const TOO_MANY = "Too many submissions from your connection. Please wait a moment and try again.";

/** Counts a public POST from `ip`; a 429 answer with Retry-After when over the limit. */
/** A client's key in the limiter: its address hashed with the salt of the day, so no address is held even in memory. */
export const postKey = (env: Services["env"], ip: string) => `post:${throttleIpHash(env, ip)}`;

export async function limitPost(services: Parameters<typeof rateLimiterFor>[0], ip: string): Promise<ApiResponse | null> {
  const d = await rateLimiterFor(services).hit(postKey(services.env, ip));
  if (d.ok) return null;
  return json(429, { message: TOO_MANY, retryAfter: d.retryAfterSeconds }, { "Retry-After": String(d.retryAfterSeconds) });
}
