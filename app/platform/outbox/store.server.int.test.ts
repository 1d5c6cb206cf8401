import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { claimDue, dueIds, insertOutbox, type OutboxDraft, outboxRows, recordResults, renewClaims, timeOrderedUuid } from "./store.server";

/** Writes rows as the outbox's `send` does, without the message registry (the store alone is under test). */
const enqueue = (db: Db, drafts: OutboxDraft[], opts: { domain: string; giveUpMs: number }) =>
  writeQueueFor(db).run((trx) => insertOutbox(db.kysely, trx, outboxRows(drafts, null, opts)));

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
    const drafts = Array.from({ length: 200 }, () => ({ channel: "email" as const, template: "lead-sales" as const }));
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

describe("renewClaims", () => {
  it("keeps a live worker's claims from being taken over, and lets a dead one's run out", async () => {
    await db.kysely.deleteFrom("outbox").execute();
    const drafts = [{ channel: "email", template: "lead-sales" } as const];
    await enqueue(db, [...drafts, ...drafts], { domain: "fillway.example", giveUpMs: 60_000 });
    const t0 = new Date();
    const [live, dead] = await claimDue(db, 10, 1_000, t0);
    // The live worker renews its claim; the dead one does not.
    expect(await renewClaims(db, [live!.id], 60_000, new Date(t0.getTime() + 500))).toBe(1);
    const later = new Date(t0.getTime() + 2_000);
    const taken = await claimDue(db, 10, 60_000, later);
    expect(taken.map((r) => r.id)).toEqual([dead!.id]);
    // A renewal never revives a message that is no longer being sent.
    await recordResults(db, new Map([[taken[0]!.id, taken[0]!]]), [{ id: taken[0]!.id, ok: true }], { retryBaseMs: 1000, giveUpMs: 60_000 });
    expect(await renewClaims(db, [dead!.id], 60_000)).toBe(0);
    await db.kysely.deleteFrom("outbox").execute();
  });
});

describe("claimDue by channel", () => {
  it("claims only the given channel's messages", async () => {
    await db.kysely.deleteFrom("outbox").execute();
    await enqueue(
      db,
      [
        { channel: "webhook", template: "lead-webhook" },
        { channel: "email", template: "lead-sales" },
        { channel: "webhook", template: "lead-webhook" },
      ],
      { domain: "fillway.example", giveUpMs: 60_000 },
    );
    const mail = await claimDue(db, 10, 60_000, new Date(), "email");
    expect(mail.map((r) => r.channel)).toEqual(["email"]);
    const hooks = await claimDue(db, 10, 60_000, new Date(), "webhook");
    expect(hooks.map((r) => r.channel)).toEqual(["webhook", "webhook"]);
    expect(await claimDue(db, 10, 60_000)).toEqual([]);
    await db.kysely.deleteFrom("outbox").execute();
  });

  it("leaves the templates it is told to leave (bulk messages while leads arrive), then claims them", async () => {
    await db.kysely.deleteFrom("outbox").execute();
    await enqueue(
      db,
      [
        { channel: "email", template: "newsletter-issue" },
        { channel: "email", template: "lead-sales" },
        { channel: "email", template: "newsletter-issue" },
      ],
      { domain: "fillway.example", giveUpMs: 60_000 },
    );
    const first = await claimDue(db, 10, 60_000, new Date(), "email", ["newsletter-issue"]);
    expect(first.map((r) => r.template)).toEqual(["lead-sales"]);
    expect(await claimDue(db, 10, 60_000, new Date(), "email", ["newsletter-issue"])).toEqual([]);
    const later = await claimDue(db, 10, 60_000, new Date(), "email");
    expect(later.map((r) => r.template)).toEqual(["newsletter-issue", "newsletter-issue"]);
    await db.kysely.deleteFrom("outbox").execute();
  });
});

describe("claimDue with a long queue", () => {
  it("reads only as many waiting messages as it takes, even when the statistics saw none waiting", async (ctx) => {
    if (db.dialect !== "postgres") ctx.skip();
    await db.kysely.deleteFrom("outbox").execute();
    // Statistics taken while nothing waits (the usual moment), then a burst of leads' e-mails.
    await enqueue(
      db,
      Array.from({ length: 50 }, () => ({ channel: "email" as const, template: "lead-sales" as const })),
      { domain: "fillway.example", giveUpMs: 60_000 },
    );
    await db.kysely.updateTable("outbox").set({ state: "sent" }).execute();
    await sql`ANALYZE outbox`.execute(db.kysely);
    await enqueue(
      db,
      Array.from({ length: 3000 }, () => ({ channel: "email" as const, template: "lead-sales" as const })),
      { domain: "fillway.example", giveUpMs: 60_000 },
    );
    const plan = await db.kysely.transaction().execute(async (trx) => {
      const { rows } = await sql<{ "QUERY PLAN": unknown }>`EXPLAIN (ANALYZE, FORMAT JSON) ${dueIds(db, 20, new Date(Date.now() + 1000), "email")}`.execute(
        trx,
      );
      return rows[0]?.["QUERY PLAN"];
    });
    // Every read of the outbox stops at the claim's limit; none goes through the queue to sort it.
    type PlanNode = { "Relation Name"?: string; "Actual Rows"?: number; Plans?: PlanNode[] };
    const outboxReads = (node: PlanNode): number[] => [
      ...(node["Relation Name"] === "outbox" ? [node["Actual Rows"] ?? 0] : []),
      ...(node.Plans ?? []).flatMap(outboxReads),
    ];
    const reads = (plan as { Plan: PlanNode }[]).flatMap((p) => outboxReads(p.Plan));
    expect(reads.length).toBeGreaterThan(0);
    expect(Math.max(...reads)).toBeLessThanOrEqual(20);
    await db.kysely.deleteFrom("outbox").execute();
  });
});

describe("outbox keys", () => {
  it("are UUIDs (version 7), unique, and later ones sort after earlier ones", () => {
    const keys = Array.from({ length: 2000 }, (_, i) => timeOrderedUuid(1_700_000_000_000 + Math.floor(i / 10)));
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (let i = 10; i < keys.length; i += 10) expect(keys[i]! > keys[i - 1]!).toBe(true);
    // The first 48 bits are the time in milliseconds.
    expect(timeOrderedUuid(0x0123456789ab)).toMatch(/^01234567-89ab-7/);
  });

  it("give each e-mail its Message-ID from its key", () => {
    const [mail, hook] = outboxRows(
      [
        { channel: "email", template: "lead-sales" },
        { channel: "webhook", template: "lead-webhook" },
      ],
      7,
      { domain: "fillway.example", giveUpMs: 60_000 },
    );
    expect(mail?.message_id).toBe(`<${mail?.idempotency_key}@fillway.example>`);
    expect(hook?.message_id).toBeNull();
    expect(hook?.idempotency_key).not.toBe(mail?.idempotency_key);
  });
});
