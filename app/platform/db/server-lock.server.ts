import { closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, resolve } from "node:path";

/**
 * One server process per SQLite file. Two would both serve, each with its own write queue,
 * rate limits and backup schedule. The server takes `<file>.server-lock` before it opens
 * the database: created exclusively, it holds the pid, the machine and (once listening)
 * the address of the process that has it, and is removed when that process exits. A lock
 * left by a process that is gone (killed with SIGKILL, a power loss) is taken over. The
 * tools that work beside the server (the desk's command line, backups) do not take it.
 */

export interface ServerLock {
  readonly path: string;
  /** Records where this process listens, for the message a second server prints. */
  listening(address: string): void;
  release(): void;
}

interface Holder {
  pid: number;
  host: string;
  listen?: string;
  since?: string;
}

export class ServerLockError extends Error {}

export const serverLockPath = (sqliteFile: string) => `${resolve(sqliteFile)}.server-lock`;

function readHolder(path: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<Holder>;
    return typeof parsed.pid === "number" && typeof parsed.host === "string" ? (parsed as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote the lock is still there: same machine, alive, and a Node process. */
function holderAlive(holder: Holder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // A pid used again after a restart of the machine by something else is not the server.
  try {
    return readFileSync(`/proc/${holder.pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
}

function whoHolds(holder: Holder): string {
  const where = holder.listen ? `, listening on ${holder.listen}` : "";
  return `pid ${holder.pid} on ${holder.host}${where}`;
}

/** Takes the lock of a SQLite file or throws ServerLockError naming the process that has it. */
export function takeServerLock(sqliteFile: string): ServerLock {
  const path = serverLockPath(sqliteFile);
  mkdirSync(dirname(path), { recursive: true, mode: 0o750 });
  let mine: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const write = (flag: "wx" | "w") => {
    const fd = openSync(path, flag, 0o600);
    try {
      writeSync(fd, `${JSON.stringify(mine)}\n`);
    } finally {
      closeSync(fd);
    }
  };
  for (let attempt = 0; ; attempt++) {
    try {
      write("wx");
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(path);
      if (holder && holderAlive(holder)) {
        throw new ServerLockError(
          `Another Fillway server (${whoHolds(holder)}) is using the SQLite file ${resolve(sqliteFile)}: one server process per SQLite file ` +
            `(several instances need PostgreSQL). Stop that one first; if it is gone, remove ${path}.`,
        );
      }
      if (attempt >= 2) throw new ServerLockError(`Could not take ${path}: another server keeps taking it.`);
      // Left by a process that is gone: moved aside (one taker wins the rename), then created anew.
      try {
        renameSync(path, `${path}.stale-${process.pid}`);
        unlinkSync(`${path}.stale-${process.pid}`);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      }
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    if (readHolder(path)?.pid !== process.pid) return;
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.on("exit", release);
  return {
    path,
    listening(address) {
      if (released) return;
      mine = { ...mine, listen: address };
      writeFileSync(path, `${JSON.stringify(mine)}\n`, { mode: 0o600 });
    },
    release,
  };
}

export const migrationLockPath = (sqliteFile: string) => `${resolve(sqliteFile)}.migrate-lock`;

/** The migration runs of this process, one file at a time. */
const migrating = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` (the migrations of a SQLite file) while holding `<file>.migrate-lock`, so that
 * processes opening the file at once (a server starting and `npm run desk` beside it)
 * migrate one after the other: SQLite gives Kysely's migrator no lock of its own, and two
 * at once both ran the same ALTER TABLE. A process that finds the lock held by a live
 * process waits for it; one left by a process that is gone is taken over.
 */
export function withMigrationLock<T>(sqliteFile: string, fn: () => Promise<T>): Promise<T> {
  const path = migrationLockPath(sqliteFile);
  const run = (migrating.get(path) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      await takeMigrationLock(path);
      try {
        return await fn();
      } finally {
        if (readHolder(path)?.pid === process.pid) {
          try {
            unlinkSync(path);
          } catch {
            // already gone
          }
        }
      }
    });
  migrating.set(path, run);
  return run;
}

async function takeMigrationLock(path: string): Promise<void> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o750 });
  const mine = `${JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() })}\n`;
  for (;;) {
    try {
      const fd = openSync(path, "wx", 0o600);
      try {
        writeSync(fd, mine);
      } finally {
        closeSync(fd);
      }
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readHolder(path);
    if (!holder) {
      // Being written by its taker this moment, or left empty by a crash: look again shortly.
      await new Promise((r) => setTimeout(r, 50));
      if (readHolder(path)) continue;
    } else if (holderAlive(holder)) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      renameSync(path, `${path}.stale-${process.pid}`);
      unlinkSync(`${path}.stale-${process.pid}`);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
  }
}
