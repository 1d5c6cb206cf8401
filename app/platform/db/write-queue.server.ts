import type { Kysely } from "kysely";
import type { Db } from "./db.server";
import type { Database } from "./schema";
import { observe } from "~/platform/ops/observe";
import { isDatabaseBusy } from "./sqlite-driver.server";
import { loadedOnce } from "~/platform/module-copies.server";

loadedOnce("write-queue");

/**
 * Group commit for small, independent writes (a lead, a comment).
 *
 * With SQLite in WAL mode and synchronous=FULL every commit waits for the disk, and
 * better-sqlite3 waits on the event loop: one transaction per request caps the lead
 * endpoint at the disk's sync rate. Writes that arrive together are instead run in one
 * transaction and committed once; every caller's promise settles only after that commit,
 * so an acknowledged write is as durable as before. When one write fails, the batch is
 * rolled back and run again with each write in its own savepoint: the failing one rejects
 * alone. A failed commit rejects the whole batch (nothing of it was written). On
 * PostgreSQL the same batching saves round trips and a WAL flush per write.
 *
 * When another process holds the SQLite write lock, the batch waits for it without
 * blocking the event loop (sqlite-driver.server.ts), up to the driver's deadline; the
 * writes that arrive meanwhile queue behind it and join the next batch. If the lock
 * outlasts the deadline the batch fails with DatabaseBusyError, and so does every write
 * that was waiting behind it (the lock is plainly still held): nothing of them is
 * stored, and the API answers 503 with Retry-After.
 */

/**
 * A write. It must use the executor it is given (the shared transaction), never `db.kysely`,
 * and do nothing but database work: when another write of its batch fails, the batch is
 * rolled back and run again, so a write may run twice before its one commit. It must not
 * catch a database error and go on (on PostgreSQL the transaction is then aborted).
 */
export type Write<T> = (trx: Kysely<Database>) => Promise<T>;

export interface WriteQueue {
  /** Runs `write` in the next batch; resolves with its result after the batch committed. */
  run<T>(write: Write<T>): Promise<T>;
  /** Resolves when every write queued so far has been committed or rejected. */
  drain(): Promise<void>;
  readonly stats: { batches: number; writes: number; largestBatch: number };
}

interface Job {
  write: Write<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export function createWriteQueue(db: Pick<Db, "kysely">, opts: { maxBatch?: number; concurrency?: number } = {}): WriteQueue {
  const maxBatch = opts.maxBatch ?? 256;
  const concurrency = opts.concurrency ?? 1;
  const stats = { batches: 0, writes: 0, largestBatch: 0 };
  let pending: Job[] = [];
  let running = 0;
  let scheduled = false;
  let idle: (() => void)[] = [];

  const settleIdle = () => {
    if (pending.length || running || scheduled) return;
    const waiting = idle;
    idle = [];
    for (const w of waiting) w();
  };

  const schedule = () => {
    if (scheduled || running >= concurrency || !pending.length) return;
    scheduled = true;
    // setImmediate runs after the poll phase: every request whose body was read in this
    // turn of the event loop has queued its write by then and joins the same batch.
    setImmediate(() => {
      scheduled = false;
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(batch.length);
      running++;
      commitBatch(batch).finally(() => {
        running--;
        if (pending.length) schedule();
        else settleIdle();
      });
      // Room for another batch at once (PostgreSQL): the writes that came meanwhile.
      schedule();
    });
  };

  async function commitBatch(batch: Job[]): Promise<void> {
    stats.batches++;
    stats.writes += batch.length;
    stats.largestBatch = Math.max(stats.largestBatch, batch.length);
    const began = observe.batch ? performance.now() : 0;
    let outcomes: Outcome[];
    try {
      // When a write fails, nothing of the batch is kept: it runs again, each write in its
      // own savepoint, and only the failing one is refused (isolated, never null).
      outcomes = (await inOneTransaction(batch, false)) ?? ((await inOneTransaction(batch, true)) as Outcome[]);
    } catch (error) {
      // The transaction itself failed (could not start, or the commit): nothing of the
      // batch was written, so every caller hears about it.
      for (const job of batch) job.reject(error);
      if (isDatabaseBusy(error)) {
        const waiting = pending;
        pending = [];
        for (const job of waiting) job.reject(error);
      }
      return;
    } finally {
      observe.batch?.(batch.length, (performance.now() - began) / 1000);
    }
    batch.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });
  }

  /**
   * The batch's writes in one transaction, committed. Not `isolated` (the usual case, every
   * write succeeding): the writes run one after another, two statements fewer each than
   * with savepoints (on PostgreSQL two round trips); the first failure rolls everything
   * back and gives null (a batch of one write gives that write's failure). `isolated`:
   * each write in its own savepoint, a failing one rolled back to it alone. A failure of
   * the transaction itself (begin, savepoint, commit) is thrown after the rollback.
   */
  async function inOneTransaction(batch: Job[], isolated: boolean): Promise<Outcome[] | null> {
    const trx = await db.kysely.startTransaction().execute();
    const outcomes: Outcome[] = [];
    let inWrite = false;
    try {
      for (const job of batch) {
        if (!isolated) {
          inWrite = true;
          outcomes.push({ ok: true, value: await job.write(trx) });
          inWrite = false;
          continue;
        }
        const sp = await trx.savepoint("w").execute();
        try {
          const value = await job.write(sp);
          await sp.releaseSavepoint("w").execute();
          outcomes.push({ ok: true, value });
        } catch (error) {
          await sp.rollbackToSavepoint("w").execute();
          await sp.releaseSavepoint("w").execute();
          outcomes.push({ ok: false, error });
        }
      }
      await trx.commit().execute();
      return outcomes;
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      if (!inWrite) throw error;
      return batch.length === 1 ? [{ ok: false, error }] : null;
    }
  }

  return {
    stats,
    run<T>(write: Write<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending.push({ write, resolve: resolve as (v: unknown) => void, reject });
        schedule();
      });
    },
    drain() {
      return new Promise<void>((resolve) => {
        idle.push(resolve);
        settleIdle();
      });
    },
  };
}

const queues = new WeakMap<object, WriteQueue>();

/**
 * The one write queue of a database handle (batches only form if writers share it).
 * SQLite has one writer, so one batch at a time. PostgreSQL takes concurrent transactions
 * and most of a batch's time is round trips, so up to four batches are in flight, each on
 * its own pooled connection; two writes to the same row in different batches are ordered
 * by PostgreSQL's row locks.
 */
export function writeQueueFor(db: Pick<Db, "kysely" | "dialect">): WriteQueue {
  let q = queues.get(db.kysely);
  if (!q) {
    q = createWriteQueue(db, { concurrency: db.dialect === "postgres" ? POSTGRES_BATCHES : 1 });
    queues.set(db.kysely, q);
  }
  return q;
}
const POSTGRES_BATCHES = 4;
