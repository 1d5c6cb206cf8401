import { spawn } from "node:child_process";
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, statSync, unlinkSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { DEFAULT_SQLITE_PATH, PG_APPLICATION_NAME } from "~/platform/db/db.server";
import { checkSeal, SEAL_EXT, SealError, writeSeal } from "./backup-seal.server";

/**
 * Backups and restore, on both databases.
 *
 * SQLite: an online copy through SQLite's backup API (better-sqlite3's `backup()`), which
 * reads a consistent snapshot while the server keeps writing; never a file copy, which
 * could catch a page half written or miss the WAL. PostgreSQL: `pg_dump` in its custom
 * format, restored by `pg_restore`.
 *
 * Nothing is ever half written: a backup is made under a temporary name (`.tmp`, with the
 * pid of the process making it), checked (PRAGMA integrity_check, or `pg_restore --list`),
 * synced to disk and only then renamed to its final name, so a crash or a SIGKILL at any
 * moment leaves every earlier backup as it was and at most a temporary file, which the
 * next backup removes once its process is gone.
 */

export const BACKUP_PREFIX = "fillway-";
const SQLITE_EXT = ".db";
const PG_EXT = ".dump";

export type BackupKind = "sqlite" | "postgres";

export interface BackupTarget {
  kind: BackupKind;
  /** SQLite: the database file's absolute path. PostgreSQL: the connection URL. */
  where: string;
}

/** What DATABASE_URL names, as the server opens it (unset: the SQLite file under data/). */
export function backupTarget(databaseUrl: string | undefined): BackupTarget {
  if (databaseUrl?.startsWith("postgres")) return { kind: "postgres", where: databaseUrl };
  const file = databaseUrl ? databaseUrl.slice("file:".length) : DEFAULT_SQLITE_PATH;
  if (file === ":memory:") throw new BackupError("an in-memory database cannot be backed up");
  return { kind: "sqlite", where: resolve(file) };
}

export class BackupError extends Error {}

/** The folder the data lives in: the SQLite file's, else the backups' (PostgreSQL keeps its own elsewhere). */
export function dataDirOf(env: { DATABASE_URL?: string; BACKUP_DIR: string }): string {
  const target = env.DATABASE_URL?.startsWith("postgres") || env.DATABASE_URL === "file::memory:" ? undefined : backupTarget(env.DATABASE_URL);
  return target ? dirname(target.where) : resolve(env.BACKUP_DIR);
}

export interface BackupFile {
  path: string;
  name: string;
  /** When it was taken, read from its name. */
  takenAt: Date;
  bytes: number;
}

/** 2026-11-25T19:30:00.123Z → 20261125T193000123Z: sortable, and a valid file name everywhere. */
function stamp(at: Date): string {
  return at.toISOString().replace(/[-:.]/g, "");
}

function parseStamp(s: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(s);
  if (!m) return undefined;
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`);
}

/** The finished backups in `dir`, oldest first (temporary files are not backups). */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  const out: BackupFile[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(BACKUP_PREFIX)) continue;
    const ext = name.endsWith(SQLITE_EXT) ? SQLITE_EXT : name.endsWith(PG_EXT) ? PG_EXT : undefined;
    if (!ext) continue;
    const takenAt = parseStamp(name.slice(BACKUP_PREFIX.length, -ext.length));
    if (!takenAt) continue;
    const path = join(dir, name);
    // A file pruned by another process between the listing and here is simply not listed.
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat) out.push({ path, name, takenAt, bytes: stat.size });
  }
  return out.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
}

/** The newest finished backup, or undefined. */
export function lastBackup(dir: string): BackupFile | undefined {
  return listBackups(dir).at(-1);
}

/** A backup that still holds what was just deleted, and when it is due to go. */
export interface HeldBackup {
  name: string;
  /** ISO time it was taken. */
  takenAt: string;
  /** How many more backups are taken before it is pruned (BACKUP_KEEP newer ones kept). */
  backupsUntilPruned: number;
  /** ISO time by which it is pruned, at one backup every BACKUP_EVERY_HOURS; null when nothing here schedules them (0). */
  prunedBy: string | null;
}

/**
 * The finished backups in `dir` taken before `now`: each holds what was deleted at `now`
 * until it is pruned, which happens once `keep` newer backups exist. With a backup every
 * `everyHours` (the next one due that long after the newest, or at once when that has
 * passed), the backup with `k` newer ones goes with the `keep - k`-th backup from now.
 */
export function backupsHoldingDeleted(dir: string, { keep, everyHours, now = new Date() }: { keep: number; everyHours: number; now?: Date }): HeldBackup[] {
  const older = listBackups(resolve(dir)).filter((b) => b.takenAt.getTime() <= now.getTime());
  const newest = older.at(-1);
  if (!newest) return [];
  const every = everyHours * 3_600_000;
  const next = Math.max(now.getTime(), newest.takenAt.getTime() + every);
  return older.map((b, i) => {
    const newer = older.length - 1 - i;
    const more = Math.max(1, keep - newer);
    return {
      name: b.name,
      takenAt: b.takenAt.toISOString(),
      backupsUntilPruned: more,
      prunedBy: every > 0 ? new Date(next + (more - 1) * every).toISOString() : null,
    };
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Temporary files left by a backup whose process died (a SIGKILL, a power cut). */
function removeAbandoned(dir: string): void {
  for (const name of readdirSync(dir)) {
    const m = /^\.fillway-.*\.(\d+)\.tmp$/.exec(name);
    if (m && !alive(Number(m[1]))) unlinkSync(join(dir, name));
  }
}

function syncFile(path: string): void {
  const fd = openSync(path, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function syncDir(dir: string): void {
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** PRAGMA integrity_check of a SQLite file; throws unless it says "ok". */
export function checkSqliteFile(path: string): void {
  let db: SQLite.Database;
  try {
    db = new SQLite(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${basename(path)} cannot be opened: ${(error as Error).message}`);
  }
  try {
    const rows = db.pragma("integrity_check") as { integrity_check: string }[];
    const verdict = rows.map((r) => r.integrity_check).join("; ");
    if (verdict !== "ok") throw new BackupError(`${basename(path)} failed its integrity check: ${verdict.slice(0, 500)}`);
    const migrated = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
    if (!migrated) throw new BackupError(`${basename(path)} is not a Fillway database (no migrations table)`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${basename(path)} is not a readable SQLite database: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * A finished copy of a SQLite database through the backup API, checked, made a
 * self-contained file (rollback journal, no WAL beside it) and synced, at `to`.
 * `source` is a path (a connection of its own is opened) or an open connection.
 */
async function sqliteCopy(source: string | SQLite.Database, to: string): Promise<void> {
  const own = typeof source === "string";
  const db = own ? new SQLite(source, { readonly: true, fileMustExist: true }) : source;
  try {
    // Large steps: the backup restarts when another connection writes between two steps,
    // so few steps finish even while leads keep arriving; a step of 4,096 pages (16 MB)
    // takes milliseconds, and the event loop runs between steps.
    await db.backup(to, { progress: () => 4_096 });
  } finally {
    if (own) db.close();
  }
  const copy = new SQLite(to);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  checkSqliteFile(to);
  syncFile(to);
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"], env });
    let err = "";
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("error", (error) => fail(new BackupError(`${cmd} could not run: ${error.message}`)));
    child.on("exit", (code, signal) => {
      if (code === 0) done();
      else fail(new BackupError(`${cmd} failed (${signal ?? `exit code ${code}`}): ${err.trim().slice(0, 1000)}`));
    });
  });
}

/**
 * The connection URL split for the PostgreSQL tools: the password goes in PGPASSWORD,
 * never on a command line that `ps` shows.
 */
function pgArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

async function pgDump(url: string, to: string): Promise<void> {
  const { dbname, env } = pgArgs(url);
  await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${to}`, `--dbname=${dbname}`], env);
  // The archive's table of contents must read back whole.
  await run("pg_restore", ["--list", to]);
  syncFile(to);
}

export interface BackupOptions {
  dir: string;
  /** How many finished backups to keep; older ones are deleted after a new one is made. */
  keep: number;
  now?: Date;
  /** The installation's address-hash salt: the backup is sealed under it (backup-seal.server.ts). */
  salt?: string | null;
}

/** Takes one backup into `dir` and prunes to `keep`; resolves with the new file. */
export async function takeBackup(target: BackupTarget, { dir, keep, now = new Date(), salt }: BackupOptions): Promise<BackupFile> {
  const folder = resolve(dir);
  mkdirSync(folder, { recursive: true });
  removeAbandoned(folder);
  const ext = target.kind === "sqlite" ? SQLITE_EXT : PG_EXT;
  const name = `${BACKUP_PREFIX}${stamp(now)}${ext}`;
  const final = join(folder, name);
  const tmp = join(folder, `.${name}.${process.pid}.tmp`);
  try {
    if (target.kind === "sqlite") {
      if (!existsSync(target.where)) throw new BackupError(`no database at ${target.where}`);
      await sqliteCopy(target.where, tmp);
    } else await pgDump(target.where, tmp);
    // Sealed before it is a backup: a file listed as finished always has its seal.
    if (salt) await writeSeal(tmp, salt);
    renameSync(tmp, final);
    if (salt) renameSync(`${tmp}${SEAL_EXT}`, `${final}${SEAL_EXT}`);
    syncDir(folder);
  } catch (error) {
    for (const f of [tmp, `${tmp}${SEAL_EXT}`]) if (existsSync(f)) unlinkSync(f);
    throw error;
  }
  const all = listBackups(folder);
  for (const old of all.slice(0, Math.max(0, all.length - keep))) {
    for (const f of [old.path, `${old.path}${SEAL_EXT}`]) {
      try {
        unlinkSync(f);
      } catch (error) {
        // Another process (the server, `npm run backup`) pruned it first, or it had no seal.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
  return { path: final, name, takenAt: now, bytes: statSync(final).size };
}

/** Copies of the database as it was before a restore kept, the newest first; older ones are deleted. */
export const BEFORE_RESTORE_KEEP = 3;

/** Keeps the newest BEFORE_RESTORE_KEEP files in `dir` whose names match `pattern` (they sort by their stamp). */
function pruneBeforeRestore(dir: string, pattern: RegExp): void {
  const copies = readdirSync(dir)
    .filter((n) => pattern.test(n))
    .sort();
  for (const old of copies.slice(0, Math.max(0, copies.length - BEFORE_RESTORE_KEEP))) {
    try {
      unlinkSync(join(dir, old));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

export interface RestoreResult {
  /** Where the database as it was before the restore was kept. */
  keptAside: string;
}

/**
 * Holds the SQLite file so that nothing else may use it: an exclusive lock, which fails
 * at once while any connection has the file open (every connection in WAL mode holds a
 * shared lock for as long as it is open), and which keeps a server from starting until
 * it is let go.
 */
function lockExclusively(path: string): SQLite.Database {
  const db = new SQLite(path, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 0");
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) {
      throw new BackupError(`${path} is in use (a running server, a backup or the desk tool has it open): stop the server first; nothing was changed`);
    }
    throw error;
  }
}

/**
 * Replaces the database with a backup. SQLite: refuses while any process has the file
 * open; checks the backup; keeps the current database aside (a backup-API copy next to
 * it, `….before-restore-STAMP.db`); then puts the checked copy in place by a rename.
 * PostgreSQL: refuses while a server is connected (application name "fillway"); keeps
 * the current database aside as a dump in `dir`; then `pg_restore --clean` in one
 * transaction, so a failed restore changes nothing.
 */
export async function restoreBackup(
  target: BackupTarget,
  file: string,
  { dir, now = new Date(), salt, withoutSeal = false }: { dir: string; now?: Date; salt: string | null; withoutSeal?: boolean },
): Promise<RestoreResult> {
  const from = resolve(file);
  if (!existsSync(from)) throw new BackupError(`no such file: ${from}`);
  try {
    await checkSeal(from, salt, { withoutSeal });
  } catch (error) {
    if (error instanceof SealError) throw new BackupError(error.message);
    throw error;
  }
  if (target.kind === "sqlite") return restoreSqlite(target.where, from, now);
  return restorePostgres(target.where, from, resolve(dir), now);
}

async function restoreSqlite(path: string, from: string, now: Date): Promise<RestoreResult> {
  checkSqliteFile(from);
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true });
  const keptAside = join(folder, `${basename(path, SQLITE_EXT)}.before-restore-${stamp(now)}${SQLITE_EXT}`);
  const tmp = join(folder, `.${basename(path)}.restore.${process.pid}.tmp`);
  const held = existsSync(path) ? lockExclusively(path) : undefined;
  try {
    if (held) {
      // Everything in the WAL into the file, and the WAL emptied: the file alone is the database.
      held.pragma("wal_checkpoint(TRUNCATE)");
      await sqliteCopy(held, keptAside);
    }
    await sqliteCopy(from, tmp);
    renameSync(tmp, path);
    syncDir(folder);
  } catch (error) {
    if (existsSync(tmp)) unlinkSync(tmp);
    throw error;
  } finally {
    held?.close();
  }
  // The old database's (emptied) WAL and shared-memory files must not meet the new file.
  for (const extra of ["-wal", "-shm"]) if (existsSync(path + extra)) unlinkSync(path + extra);
  const base = basename(path, SQLITE_EXT).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  pruneBeforeRestore(folder, new RegExp(`^${base}\\.before-restore-\\d{8}T\\d{9}Z\\${SQLITE_EXT}$`));
  return { keptAside: held ? keptAside : "" };
}

async function restorePostgres(url: string, from: string, dir: string, now: Date): Promise<RestoreResult> {
  await run("pg_restore", ["--list", from]).catch((error) => {
    throw new BackupError(`${basename(from)} is not a readable pg_dump archive: ${(error as Error).message}`);
  });
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url, application_name: "fillway-restore" });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
      [PG_APPLICATION_NAME],
    );
    if (Number(rows[0]?.n ?? 0) > 0) {
      throw new BackupError(`${rows[0]?.n} server connection(s) are open on this database: stop every instance first; nothing was changed`);
    }
  } finally {
    await client.end();
  }
  mkdirSync(dir, { recursive: true });
  const keptAside = join(dir, `before-restore-${stamp(now)}${PG_EXT}`);
  await pgDump(url, keptAside);
  const { dbname, env } = pgArgs(url);
  await run(
    "pg_restore",
    ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${dbname}`, from],
    env,
  );
  pruneBeforeRestore(dir, new RegExp(`^before-restore-\\d{8}T\\d{9}Z\\${PG_EXT}$`));
  return { keptAside };
}
