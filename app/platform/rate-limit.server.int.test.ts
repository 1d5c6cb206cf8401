import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./db/db.server";
import { openTestDb } from "../../tests/helpers/test-db";
import { createSharedRateLimiter } from "./rate-limit.server";

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

describe("the rate limit shared by several instances", () => {
  it("lets a client through max times in a window whichever instance it reaches", async () => {
    const options = { max: 5, windowSeconds: 60 };
    const instances = [createSharedRateLimiter(db, options), createSharedRateLimiter(db, options), createSharedRateLimiter(db, options)];
    const key = `post:${randomUUID()}`;
    const t = 6_000_000; // the start of a window
    const decisions = [];
    for (let i = 0; i < 12; i++) decisions.push(await instances[i % 3]!.hit(key, t + i));
    expect(decisions.filter((d) => d.ok)).toHaveLength(5);
    expect(decisions.slice(5).every((d) => !d.ok)).toBe(true);
    expect(decisions[5]).toEqual({ ok: false, retryAfterSeconds: 60 });
    // Another client has its own budget; the next window starts afresh.
    expect((await instances[0]!.hit(`post:${randomUUID()}`, t + 20)).ok).toBe(true);
    expect((await instances[1]!.hit(key, t + 60_000)).ok).toBe(true);
  });

  it("counts posts arriving at the same moment on different instances once each", async () => {
    const options = { max: 10, windowSeconds: 60 };
    const a = createSharedRateLimiter(db, options);
    const b = createSharedRateLimiter(db, options);
    const key = `post:${randomUUID()}`;
    const t = 12_000_000;
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).hit(key, t + i)));
    expect(all.filter((d) => d.ok)).toHaveLength(10);
  });

  it("counts with a statement PostgreSQL parses and plans once per connection, not for every post", async (ctx) => {
    if (db.dialect !== "postgres") ctx.skip();
    await db.kysely.transaction().execute(async (trx) => {
      // One connection throughout: its prepared statements are its own.
      const limiter = createSharedRateLimiter({ kysely: trx }, { max: 5, windowSeconds: 60 });
      await limiter.hit(`post:${randomUUID()}`, 6_000_000);
      await limiter.hit(`post:${randomUUID()}`, 6_000_001);
      const { rows } = await sql<{
        n: string;
      }>`SELECT count(*)::text AS n FROM pg_prepared_statements WHERE statement LIKE '%INSERT INTO rate_counts%'`.execute(trx);
      expect(rows[0]?.n).toBe("1");
    });
  });
});
