import type { Db } from "./db/db.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";
import type { Outbox } from "./outbox/worker.server";
import type { RateLimiter } from "./rate-limit.server";
import type { Alerts } from "./ops/alerts.server";
import type { BackupFile } from "./ops/backup.server";

/**
 * What the server process owns and hands to the API handlers and, through the load
 * context, to route loaders and actions: one database connection for the whole process.
 */
export interface Services {
  env: Env;
  db: Db;
  log: Logger;
  /** The per-client limit on public POSTs; created on first use (rate-limit.server.ts). */
  rateLimiter?: RateLimiter;
  /** The outbox of this process (e-mail, webhooks): paused where nothing may be delivered. */
  outbox: Outbox;
  /** The system's checks and backups, for /desk/system and its banner (ops/); absent while pre-rendering. */
  ops?: { alerts: Alerts; lastBackup: () => BackupFile | undefined };
}
