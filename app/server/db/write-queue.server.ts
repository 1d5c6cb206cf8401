import type { Kysely } from "kysely";
import type { Db } from "./db.server";
import type { Database } from "./schema";
import { isDatabaseBusy } from "./sqlite-driver.server";

/**
 * Group commit for small, independent writes (a lead, a comment).
 *
 * With SQLite in WAL mode and synchronous=FULL every commit waits for the disk, and
 * better-sqlite3 waits on the event loop: one transaction per request caps the lead
 * endpoint at the disk's sync rate. Writes that arrive together are instead run in one
 * transaction, each inside its own savepoint, and committed once; every caller's promise
 * settles only after that commit, so an acknowledged write is as durable as before.
 * One failing write rolls back to its savepoint and rejects alone; a failed commit
 * rejects the whole batch (nothing of it was written). On PostgreSQL the same batching
 * saves a round trip and a WAL flush per write.
 *
 * When another process holds the SQLite write lock, the batch waits for it without
 * blocking the event loop (sqlite-driver.server.ts), up to the driver's deadline; the
 * writes that arrive meanwhile queue behind it and join the next batch. If the lock
 * outlasts the deadline the batch fails with DatabaseBusyError, and so does every write
 * that was waiting behind it (the lock is plainly still held): nothing of them is
 * stored, and the API answers 503 with Retry-After.
 */

/** A write. It must use the executor it is given (the shared transaction), never `db.kysely`. */
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

export function createWriteQueue(db: Pick<Db, "kysely">, opts: { maxBatch?: number } = {}): WriteQueue {
  const maxBatch = opts.maxBatch ?? 256;
  const stats = { batches: 0, writes: 0, largestBatch: 0 };
  let pending: Job[] = [];
  let running: Promise<void> | null = null;
  let scheduled = false;
  let idle: (() => void)[] = [];

  const settleIdle = () => {
    if (pending.length || running || scheduled) return;
    const waiting = idle;
    idle = [];
    for (const w of waiting) w();
  };

  const schedule = () => {
    if (scheduled || running) return;
    scheduled = true;
    // setImmediate runs after the poll phase: every request whose body was read in this
    // turn of the event loop has queued its write by then and joins the same batch.
    setImmediate(() => {
      scheduled = false;
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(batch.length);
      running = commitBatch(batch).finally(() => {
        running = null;
        if (pending.length) schedule();
        else settleIdle();
      });
    });
  };

  async function commitBatch(batch: Job[]): Promise<void> {
    stats.batches++;
    stats.writes += batch.length;
    stats.largestBatch = Math.max(stats.largestBatch, batch.length);
    const outcomes: Outcome[] = [];
    let trx: Awaited<ReturnType<ReturnType<Kysely<Database>["startTransaction"]>["execute"]>> | undefined;
    try {
      trx = await db.kysely.startTransaction().execute();
      for (const job of batch) {
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
    } catch (error) {
      // The transaction itself failed (could not start, or the commit): nothing of the
      // batch was written, so every caller hears about it.
      await trx
        ?.rollback()
        .execute()
        .catch(() => {});
      for (const job of batch) job.reject(error);
      if (isDatabaseBusy(error)) {
        const waiting = pending;
        pending = [];
        for (const job of waiting) job.reject(error);
      }
      return;
    }
    batch.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });
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

/** The one write queue of a database handle (batches only form if writers share it). */
export function writeQueueFor(db: Pick<Db, "kysely">): WriteQueue {
  let q = queues.get(db.kysely);
  if (!q) {
    q = createWriteQueue(db);
    queues.set(db.kysely, q);
  }
  return q;
}
