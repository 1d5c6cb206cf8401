import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * Copies the SQLite write-ahead log back into the database file on a thread of its own.
 *
 * Left to SQLite, the copy (a checkpoint: read the log, write its pages into the file,
 * sync the file) runs inside the commit that takes the log past `wal_autocheckpoint`
 * pages, on the server's one JavaScript thread, which meanwhile answers nobody. At a
 * million leads each stored lead changes a page of most of the leads table's indexes, so
 * the log fills several times a second and these copies cost a large share of the thread.
 * Here a worker thread with its own connection runs a PASSIVE checkpoint every
 * `everyMs`: it never waits for the writer nor makes the writer wait, and once it has copied the
 * whole log the next commit starts the log again from its beginning. The writer keeps a
 * far higher `wal_autocheckpoint` (FALLBACK_PAGES) so the log stays bounded should this
 * thread fall behind or stop.
 */

/** The writer's own checkpoint threshold while the worker runs (pages of 4 KiB: 64 MiB). */
export const FALLBACK_PAGES = 16_384;

const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.path);
db.pragma("busy_timeout = 0");
let timer;
const tick = () => {
  try { db.pragma("wal_checkpoint(PASSIVE)"); } catch {}
  timer = setTimeout(tick, workerData.everyMs);
};
parentPort.on("message", () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
tick();
`;

export interface Checkpointer {
  /** Stops the thread after its current checkpoint and closes its connection. */
  stop(): Promise<void>;
}

export function startCheckpointer(path: string, everyMs = 100): Checkpointer {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(SOURCE, { eval: true, workerData: { path, driver, everyMs } });
  // It never keeps the process alive, and an error in it (the file gone) leaves the
  // writer's own checkpoints in charge.
  worker.unref();
  worker.on("error", () => {});
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    stop: async () => {
      // Held open until the thread has closed its connection.
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}
