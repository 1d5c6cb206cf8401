import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "kysely";
import { type LoadContext, requestOf } from "~/platform/http/request-context.server";
import { outboxBacklog } from "~/platform/outbox/store.server";
import type { Services } from "~/platform/services.server";
import type { AlertState } from "./alerts.server";
import { type BackupFile, backupTarget } from "./backup.server";

/** What /desk/system shows an admin: the running system at a glance. */
export interface SystemReport {
  version: string;
  node: string;
  startedAt: string;
  uptimeSeconds: number;
  database: { kind: string; bytes: number | null };
  lastBackup: { name: string; takenAt: string; ageSeconds: number; bytes: number } | null;
  backupEveryHours: number;
  outbox: { waiting: number; failed: number; oldestWaitingSeconds: number; sentByThisProcess: number; failedByThisProcess: number };
  alerts: AlertState | null;
}

let version: string | undefined;
/** The commit the server runs (when it runs from a git checkout), else the build's time. */
function appVersion(): string {
  if (version) return version;
  const git = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8", timeout: 2_000 });
  const commit = git.status === 0 ? git.stdout.trim() : "";
  const build = resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
  const built = existsSync(build) ? `built ${statSync(build).mtime.toISOString().slice(0, 16).replace("T", " ")} UTC` : "development";
  version = commit ? `${commit} (${built})` : built;
  return version;
}

async function databaseBytes(services: Pick<Services, "db" | "env">): Promise<number | null> {
  if (services.db.dialect === "postgres") {
    const r = await sql<{ n: string }>`SELECT pg_database_size(current_database())::text AS n`.execute(services.db.kysely);
    return Number(r.rows[0]?.n ?? 0);
  }
  try {
    const { where } = backupTarget(services.env.DATABASE_URL);
    return ["", "-wal"].reduce((sum, ext) => sum + (existsSync(where + ext) ? statSync(where + ext).size : 0), 0);
  } catch {
    return null;
  }
}

export async function systemReport(
  services: Pick<Services, "db" | "env" | "outbox">,
  ops: { lastBackup?: () => BackupFile | undefined; alerts?: () => AlertState; now?: () => number },
): Promise<SystemReport> {
  const now = ops.now?.() ?? Date.now();
  const { waiting, failed, oldest } = await outboxBacklog(services.db, now);
  const last = ops.lastBackup?.();
  const uptime = process.uptime();
  return {
    version: appVersion(),
    node: process.version,
    startedAt: new Date(now - uptime * 1000).toISOString(),
    uptimeSeconds: Math.round(uptime),
    database: { kind: services.db.dialect === "postgres" ? "PostgreSQL" : "SQLite", bytes: await databaseBytes(services) },
    lastBackup: last
      ? { name: last.name, takenAt: last.takenAt.toISOString(), ageSeconds: Math.round((now - last.takenAt.getTime()) / 1000), bytes: last.bytes }
      : null,
    backupEveryHours: services.env.BACKUP_EVERY_HOURS,
    outbox: {
      waiting,
      failed,
      oldestWaitingSeconds: Math.round(oldest),
      sentByThisProcess: services.outbox.stats.sent,
      failedByThisProcess: services.outbox.stats.failed,
    },
    alerts: ops.alerts?.() ?? null,
  };
}

/** The bad checks, for the desk's banner (admins only; the layout checks the role). */
export function firingAlerts(context: LoadContext): { id: string; title: string; detail: string }[] {
  return (requestOf(context).services?.ops?.alerts.state().firing ?? []).map((c) => ({ id: c.id, title: c.title, detail: c.detail }));
}
