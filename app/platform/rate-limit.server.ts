import { type ApiResponse, json } from "./api/types";
import type { Services } from "./services.server";
import { throttleIpHash } from "./ip-hash.server";
import { loadedOnce } from "./module-copies.server";

loadedOnce("rate-limit");

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request of `key` and says whether it may go ahead. */
  hit(key: string, now?: number): RateDecision;
}

/**
 * Fixed-window counter per client, in memory: RATE_LIMIT_MAX requests per
 * RATE_LIMIT_WINDOW_SECONDS. Each app instance counts on its own; behind a load balancer
 * the effective limit is the per-instance limit times the instances, which still stops
 * a single client flooding the forms.
 */
export function createRateLimiter({ max, windowSeconds }: { max: number; windowSeconds: number }): RateLimiter {
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
 * The process's limiter for public POSTs (lead forms, newsletter, quotes, comments, and
 * the no-JavaScript page posts): one budget per client across all of them, kept on the
 * services object that the API and the page actions share.
 */
export function rateLimiterFor(services: Pick<Services, "env" | "rateLimiter">): RateLimiter {
  services.rateLimiter ??= createRateLimiter({ max: services.env.RATE_LIMIT_MAX, windowSeconds: services.env.RATE_LIMIT_WINDOW_SECONDS });
  return services.rateLimiter;
}

export const TOO_MANY = "Too many submissions from your connection. Please wait a moment and try again.";

/** Counts a public POST from `ip`; a 429 answer with Retry-After when over the limit. */
/** A client's key in the limiter: its address hashed with the salt of the day, so no address is held even in memory. */
export const postKey = (env: Services["env"], ip: string) => `post:${throttleIpHash(env, ip)}`;

export function limitPost(services: Pick<Services, "env" | "rateLimiter">, ip: string): ApiResponse | null {
  const d = rateLimiterFor(services).hit(postKey(services.env, ip));
  if (d.ok) return null;
  return json(429, { message: TOO_MANY, retryAfter: d.retryAfterSeconds }, { "Retry-After": String(d.retryAfterSeconds) });
}
