import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

describe("rate limiter", () => {
  it("allows max hits per window per key, then says how long to wait", () => {
    const rl = createRateLimiter({ max: 2, windowSeconds: 60 });
    const t = 1_000_000;
    expect(rl.hit("a", t)).toEqual({ ok: true, remaining: 1 });
    expect(rl.hit("a", t + 1)).toEqual({ ok: true, remaining: 0 });
    expect(rl.hit("a", t + 20_000)).toEqual({ ok: false, retryAfterSeconds: 40 });
    expect(rl.hit("b", t + 20_000).ok).toBe(true);
    expect(rl.hit("a", t + 60_000).ok).toBe(true);
  });
  it("never asks to wait less than a second", () => {
    const rl = createRateLimiter({ max: 1, windowSeconds: 1 });
    rl.hit("a", 0);
    expect(rl.hit("a", 999)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });
});
