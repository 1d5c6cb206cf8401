import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { type Db, openDb } from "./db.server";
import type { Database } from "./schema";
import { DatabaseBusyError, isDatabaseBusy } from "./sqlite-driver.server";
import { createWriteQueue } from "./write-queue.server";

/**
 * The write lock held by someone else (the desk's command-line tool, a backup): reads and
 * the event loop carry on, writes wait for the lock without blocking, and a write that
 * cannot get it before its deadline fails whole. A second better-sqlite3 connection is a
 * separate SQLite connection, as another process would be (tests/process covers that too).
 */

const insertLead = (trx: Kysely<Database>, email: string) =>
  trx
    .insertInto("leads")
    .values({
      kind: "lead",
      type: 1,
      email,
      payload: "{}",
      submission_id: null,
      page_path: null,
      user_agent: null,
      ip_hash: null,
      created_at: new Date().toISOString(),
    })
    .execute();

const count = async (db: Db, like: string) =>
  Number(
    (
      await db.kysely
        .selectFrom("leads")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("email", "like", like)
        .executeTakeFirstOrThrow()
    ).n,
  );

let opened: { db: Db; locker: SQLite.Database }[] = [];

async function lockedDb(busyDeadlineMs: number) {
  const file = join(mkdtempSync(join(tmpdir(), "fillway-lock-")), "t.db");
  const db = await openDb(`file:${file}`, { busyDeadlineMs });
  const locker = new SQLite(file);
  opened.push({ db, locker });
  return { db, locker };
}

/** The longest the event loop was blocked during `ms` (timer lateness, sampled every 5 ms). */
/** How many 5 ms timers ran in `ms`: a loop held by a waiting write would run one or two. */
async function loopTicks(ms: number): Promise<number> {
  let ticks = 0;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, 5));
    ticks++;
  }
  return ticks;
}

afterEach(async () => {
  for (const { db, locker } of opened) {
    if (locker.inTransaction) locker.exec("ROLLBACK");
    locker.close();
    await db.close();
  }
  opened = [];
});

// A SQLite file's write lock: there is none to hold in the PostgreSQL leg.
describe.skipIf(process.env.DATABASE_URL?.startsWith("postgres"))("SQLite with the write lock held elsewhere", () => {
  it("keeps reads and the event loop going while a write waits, and stores the write once the lock goes", async () => {
    const { db, locker } = await lockedDb(5_000);
    const q = createWriteQueue(db);
    locker.exec("BEGIN IMMEDIATE");
    const started = Date.now();
    const write = q.run((trx) => insertLead(trx, "waits@example.com"));
    let settled = false;
    write.then(() => {
      settled = true;
    });
    const ticks = loopTicks(300);
    // A read answers, and timers keep firing, while the write still waits for the lock.
    expect(await count(db, "%")).toBe(0);
    expect(settled).toBe(false);
    expect(await ticks).toBeGreaterThan(5);
    expect(settled).toBe(false);
    locker.exec("COMMIT");
    await write;
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(await count(db, "waits@%")).toBe(1);
  });

  it("fails a write whose lock outlasts the deadline, and the writes queued behind it, storing none", async () => {
    const { db, locker } = await lockedDb(300);
    const q = createWriteQueue(db);
    locker.exec("BEGIN IMMEDIATE");
    const first = q.run((trx) => insertLead(trx, "late-1@example.com"));
    await new Promise((r) => setTimeout(r, 50));
    const second = q.run((trx) => insertLead(trx, "late-2@example.com"));
    const results = await Promise.allSettled([first, second]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    for (const r of results) expect(isDatabaseBusy((r as PromiseRejectedResult).reason)).toBe(true);
    locker.exec("ROLLBACK");
    expect(await count(db, "late-%")).toBe(0);
    // The queue and the connection recover once the lock is gone.
    await q.run((trx) => insertLead(trx, "late-3@example.com"));
    expect(await count(db, "late-%")).toBe(1);
  });

  it("gives a plain write (outside the queue) the same wait and the same deadline", async () => {
    const { db, locker } = await lockedDb(200);
    locker.exec("BEGIN IMMEDIATE");
    await expect(insertLead(db.kysely, "plain@example.com")).rejects.toBeInstanceOf(DatabaseBusyError);
    setTimeout(() => locker.exec("COMMIT"), 100);
    await insertLead(db.kysely, "plain@example.com");
    expect(await count(db, "plain@%")).toBe(1);
  });

  it("rolls a failed transaction back and frees the write connection", async () => {
    const { db } = await lockedDb(1_000);
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await insertLead(trx, "rolled@example.com");
        throw new Error("changed its mind");
      }),
    ).rejects.toThrow("changed its mind");
    expect(await count(db, "rolled@%")).toBe(0);
    await db.kysely.transaction().execute((trx) => insertLead(trx, "after@example.com"));
    expect(await count(db, "after@%")).toBe(1);
  });
});
