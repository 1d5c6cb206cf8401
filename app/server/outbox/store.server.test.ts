import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "../db/db.server";
import { openTestDb } from "../db/test-db";
import { claimDue, enqueue, recordResults } from "./store.server";

/**
 * Claims: each due message goes to one worker, also when several instances claim at once
 * (PostgreSQL: FOR UPDATE SKIP LOCKED; run with DATABASE_URL=postgres://…); a claim whose
 * lease ran out is taken over.
 */
let db: Db;
let other: Db;
beforeAll(async () => {
  db = await openTestDb();
  // A second pool on the same database, as a second instance would have.
  other = db.dialect === "postgres" ? await openDb(process.env.DATABASE_URL) : db;
  await db.kysely.deleteFrom("outbox").execute();
});
afterAll(async () => {
  await db.kysely.deleteFrom("outbox").execute();
  if (other !== db) await other.close();
  await db.close();
});

describe("claimDue", () => {
  it("gives each due message to one of several claiming workers", async () => {
    const drafts = Array.from({ length: 200 }, () => ({ channel: "email" as const, template: "lead-sales" }));
    await enqueue(db, drafts, { domain: "fillway.example", giveUpMs: 60_000 });
    const claims = await Promise.all([0, 1, 2, 3].map((i) => claimDue(i % 2 ? other : db, 60, 60_000)));
    const ids = claims.flat().map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const rest = await claimDue(db, 500, 60_000);
    expect(ids.length + rest.length).toBe(200);
    expect(await claimDue(db, 500, 60_000)).toEqual([]);
  });

  it("takes over a claim whose lease ran out, and records outcomes only for claimed rows", async () => {
    await db.kysely.deleteFrom("outbox").execute();
    await enqueue(db, [{ channel: "email", template: "lead-sales" }], { domain: "fillway.example", giveUpMs: 60_000 });
    const [first] = await claimDue(db, 10, 1);
    expect(first?.attempts).toBe(1);
    await new Promise((r) => setTimeout(r, 10));
    const [again] = await claimDue(db, 10, 60_000);
    expect(again?.id).toBe(first?.id);
    expect(again?.attempts).toBe(2);
    await recordResults(db, new Map([[again!.id, again!]]), [{ id: again!.id, ok: true }], { retryBaseMs: 1000, giveUpMs: 60_000 });
    const row = await db.kysely.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row.state).toBe("sent");
    expect(row.sent_at).not.toBeNull();
  });
});
