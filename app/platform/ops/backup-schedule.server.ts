import { resolve } from "node:path";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";
import { type BackupFile, backupTarget, lastBackup, takeBackup } from "./backup.server";

/** The schedule's last attempt that failed, while no attempt has succeeded since. */
export interface BackupFailure {
  at: Date;
  /** What went wrong, naming the folder and file. */
  message: string;
}

export interface BackupSchedule {
  /** The newest finished backup in BACKUP_DIR (by any process: the server or `npm run backup`). */
  last(): BackupFile | undefined;
  /** The last failed attempt, until one succeeds (shown on the system page and alerted at once). */
  failure(): BackupFailure | undefined;
  /** Waits for a backup in progress, and takes no more. */
  stop(): Promise<void>;
}

const HOUR = 3_600_000;

/**
 * The server's own backups on SQLite: one every BACKUP_EVERY_HOURS, the first when the
 * newest backup in BACKUP_DIR is that old (at once when there is none), so a restart
 * neither skips one nor takes an extra. On PostgreSQL (or with BACKUP_EVERY_HOURS=0)
 * nothing is scheduled here: a timer runs `npm run backup` (docs/operations.md).
 */
export function startBackupSchedule({ env, log, now = () => Date.now() }: { env: Env; log: Logger; now?: () => number }): BackupSchedule {
  const dir = env.BACKUP_DIR;
  const last = () => {
    try {
      return lastBackup(dir);
    } catch {
      return undefined;
    }
  };
  const interval = env.BACKUP_EVERY_HOURS * HOUR;
  let target: ReturnType<typeof backupTarget> | undefined;
  try {
    target = backupTarget(env.DATABASE_URL);
  } catch {
    target = undefined;
  }
  if (!interval || target?.kind !== "sqlite") return { last, failure: () => undefined, stop: async () => {} };
  let failure: BackupFailure | undefined;
  const sqlite = target;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    const newest = last();
    const due = newest ? Math.max(0, newest.takenAt.getTime() + interval - now()) : 0;
    // Node's timers take at most about 24.8 days; the interval is at most a week.
    timer = setTimeout(tick, due);
    timer.unref();
  };
  const tick = () => {
    running = takeBackup(sqlite, { dir, keep: env.BACKUP_KEEP, now: new Date(now()), salt: env.IP_HASH_SALT })
      .then((file) => {
        failure = undefined;
        log.info({ backup: file.name, bytes: file.bytes }, "backup taken");
      })
      .catch((error) => {
        // SQLite's own errors (SQLITE_CANTOPEN) name no file: say which database and folder.
        const reason = error instanceof Error ? error.message : String(error);
        const code = (error as { code?: string }).code;
        failure = {
          at: new Date(now()),
          message: `${reason}${code && !reason.includes(code) ? ` (${code})` : ""}, backing up ${sqlite.where} into ${resolve(dir)}`,
        };
        log.error({ err: error, backupDir: resolve(dir), database: sqlite.where }, "backup failed");
      })
      .finally(() => {
        running = undefined;
        // After a failure, try again in a tenth of the interval rather than a whole one.
        if (!stopped) {
          const newest = last();
          const fresh = newest && now() - newest.takenAt.getTime() < interval;
          if (fresh) schedule();
          else {
            timer = setTimeout(tick, Math.max(60_000, interval / 10));
            timer.unref();
          }
        }
      });
  };
  schedule();
  return {
    last,
    failure: () => failure,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
