import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "./db.server";
import type { Database } from "./schema";
import { openTestDb } from "../../../tests/helpers/test-db";
import { createWriteQueue } from "./write-queue.server";

const insertLead = (trx: Kysely<Database>, email: string, submissionId: string | null = null) =>
  trx
    .insertInto("leads")
    .values({
      kind: "lead",
      type: 1,
      email,
      payload: "{}",
      submission_id: submissionId,
      page_path: null,
      user_agent: null,
      ip_hash: null,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.id));

const count = async (db: Db, like = "%") =>
  Number(
    (
      await db.kysely
        .selectFrom("leads")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("email", "like", like)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A second, independent connection to the same database: sees only committed data. */
const otherConnection = (db: Db) => openDb(db.dialect === "sqlite" ? `file:${db.describe.slice("sqlite:".length)}` : process.env.DATABASE_URL);

describe("write queue (group commit)", () => {
  let db: Db;
  let other: Db;
  beforeAll(async () => {
    db = await openTestDb();
    other = await otherConnection(db);
  });
  afterAll(async () => {
    await other.close();
    await db.close();
  });

  it("commits writes that arrive together in one batch and answers each with its own result", async () => {
    const q = createWriteQueue(db);
    const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => q.run((trx) => insertLead(trx, `batch-${i}@example.com`))));
    expect(new Set(ids).size).toBe(40);
    expect(q.stats.writes).toBe(40);
    expect(q.stats.batches).toBeLessThanOrEqual(2);
    expect(await count(other, "batch-%")).toBe(40);
  });

  it("settles a caller only after its write is visible to another connection", async () => {
    const q = createWriteQueue(db);
    const seen = await Promise.all(
      Array.from({ length: 10 }, (_, i) => q.run((trx) => insertLead(trx, `durable-${i}@example.com`)).then(async () => count(other, `durable-${i}@%`))),
    );
    expect(seen).toEqual(Array(10).fill(1));
  });

  it("rejects only the write that fails; the rest of its batch is stored", async () => {
    const q = createWriteQueue(db);
    const results = await Promise.allSettled([
      q.run((trx) => insertLead(trx, "dup-a@example.com", "11111111-1111-4111-8111-111111111111")),
      q.run((trx) => insertLead(trx, "dup-b@example.com", "11111111-1111-4111-8111-111111111111")),
      q.run((trx) => insertLead(trx, "dup-c@example.com")),
      q.run(async () => {
        throw new Error("a write that gives up");
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
    expect(q.stats.batches).toBe(1);
    expect(await count(other, "dup-%")).toBe(2);
  });

  it("keeps nothing of a write that ran before another failed: the batch's retry stores it once", async () => {
    const q = createWriteQueue(db);
    let runs = 0;
    const results = await Promise.allSettled([
      q.run(async (trx) => {
        runs++;
        return insertLead(trx, "twice-a@example.com");
      }),
      q.run(async (trx) => {
        await insertLead(trx, "twice-b@example.com");
        throw new Error("fails after writing");
      }),
      q.run((trx) => insertLead(trx, "twice-c@example.com")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(runs).toBe(2);
    expect(await count(other, "twice-a@%")).toBe(1);
    expect(await count(other, "twice-b@%")).toBe(0);
    expect(await count(other, "twice-c@%")).toBe(1);
  });

  it("refuses a lone failing write and keeps nothing of it", async () => {
    const q = createWriteQueue(db);
    await expect(
      q.run(async (trx) => {
        await insertLead(trx, "lone@example.com");
        throw new Error("fails after writing");
      }),
    ).rejects.toThrow("fails after writing");
    expect(await count(other, "lone@%")).toBe(0);
    expect(await q.run((trx) => insertLead(trx, "after-lone@example.com"))).toBeGreaterThan(0);
  });

  it("keeps taking writes while a batch commits, and drains", async () => {
    const q = createWriteQueue(db, { maxBatch: 8 });
    const all: Promise<number>[] = [];
    for (let wave = 0; wave < 5; wave++) {
      for (let i = 0; i < 12; i++) all.push(q.run((trx) => insertLead(trx, `wave-${wave}-${i}@example.com`)));
      await new Promise((r) => setImmediate(r));
    }
    await q.drain();
    const ids = await Promise.all(all);
    expect(new Set(ids).size).toBe(60);
    expect(q.stats.largestBatch).toBeLessThanOrEqual(8);
    expect(await count(other, "wave-%")).toBe(60);
  });

  it("runs several batches at once when asked (PostgreSQL) and still answers every write once", async () => {
    const q = createWriteQueue(db, { maxBatch: 4, concurrency: 3 });
    const all: Promise<number>[] = [];
    for (let wave = 0; wave < 4; wave++) {
      for (let i = 0; i < 10; i++) all.push(q.run((trx) => insertLead(trx, `parallel-${wave}-${i}@example.com`)));
      await new Promise((r) => setImmediate(r));
    }
    await q.drain();
    const ids = await Promise.all(all);
    expect(new Set(ids).size).toBe(40);
    expect(q.stats.largestBatch).toBeLessThanOrEqual(4);
    expect(q.stats.batches).toBeGreaterThanOrEqual(10);
    expect(await count(other, "parallel-%")).toBe(40);
  });
});
