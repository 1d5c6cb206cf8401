import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "~/platform/db/db.server";
import { openTestDb } from "~/platform/db/test-db";
import { createAccount } from "~/features/staff/accounts.server";
import { loadEnv } from "~/platform/env.server";
import { storeLead } from "~/features/leads/store.server";
import { BackupError, backupTarget, checkSqliteFile, listBackups, restoreBackup, takeBackup } from "./backup.server";

/**
 * Backups and restore on real databases: a SQLite file (always) and, in the PostgreSQL
 * leg (DATABASE_URL=postgres://…), pg_dump and pg_restore against that server.
 */

const root = process.cwd();
const env = { ...loadEnv({ ...process.env, DATABASE_URL: "file:/tmp/unused.db" }), IP_HASH_SALT: "a-salt-for-these-tests-only" };

async function addPost(db: Db, id: string, title: string) {
  const now = new Date().toISOString();
  await db.kysely
    .insertInto("posts")
    .values({
      id,
      title,
      sub_title: "",
      description_html: "",
      body_text: "",
      created_on: now,
      is_published: 1,
      is_article: 0,
      updated_at: now,
      image_thumbnail: null,
      image_original: null,
      article_url: null,
      video_url: null,
      published_by: null,
      source_file: null,
      source_hash: null,
    })
    .execute();
}

async function addLead(db: Db, email: string) {
  await storeLead(db, { kind: "lead-personal", type: 1, email, payload: { email, type: 1, firstName: "Dana" } });
}

/** What a restore must bring back exactly: every lead, post and account. */
async function contents(db: Db) {
  const leads = await db.kysely.selectFrom("leads").select(["id", "email", "kind", "payload"]).orderBy("id").execute();
  const posts = await db.kysely.selectFrom("posts").select(["id", "title"]).orderBy("id").execute();
  const staff = await db.kysely.selectFrom("staff").select(["id", "email", "role"]).orderBy("id").execute();
  return { leads: leads.map((l) => ({ ...l, id: Number(l.id) })), posts, staff: staff.map((s) => ({ ...s, id: Number(s.id) })) };
}

const tmp = (what: string) => mkdtempSync(join(tmpdir(), `fillway-${what}-`));

describe("SQLite backups", () => {
  const dir = tmp("backups");
  const file = join(tmp("db"), "site.db");
  const target = backupTarget(`file:${file}`);
  let db: Db;

  afterAll(async () => {
    await db?.close();
  });

  it("takes a checked, self-contained copy while the database is open and written, and keeps the newest BACKUP_KEEP", async () => {
    db = await openDb(`file:${file}`);
    await addLead(db, "first@example.com");
    const at = (n: number) => new Date(Date.UTC(2026, 10, 25, n));
    const taken = [];
    for (let n = 0; n < 4; n++) {
      // Writes go on during the backup; the copy is a consistent snapshot either way.
      const writing = addLead(db, `during-${n}@example.com`);
      taken.push(await takeBackup(target, { dir, keep: 3, now: at(n) }));
      await writing;
    }
    const kept = listBackups(dir);
    expect(kept.map((b) => b.name)).toEqual(taken.slice(1).map((b) => b.name));
    expect(kept[0]?.name).toBe("fillway-20261125T010000000Z.db");
    for (const b of kept) {
      checkSqliteFile(b.path);
      // One file: no WAL beside it, and it opens on its own.
      expect(existsSync(`${b.path}-wal`)).toBe(false);
      const copy = new Database(b.path, { readonly: true });
      expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
      expect((copy.prepare("SELECT count(*) AS n FROM leads").get() as { n: number }).n).toBeGreaterThanOrEqual(1);
      copy.close();
    }
    // Nothing temporary is left behind.
    expect(readdirSync(dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("refuses to restore while a server has the database open, and changes nothing", async () => {
    const [latest] = listBackups(dir).slice(-1);
    const before = await contents(db);
    await expect(restoreBackup(target, latest!.path, { dir })).rejects.toThrow(/in use/);
    expect(await contents(db)).toEqual(before);
  });

  it("refuses a file that is not a good backup", async () => {
    await db.close();
    const junk = join(tmp("junk"), "junk.db");
    writeFileSync(junk, "not a database at all, just some text that is long enough to look like something");
    await expect(restoreBackup(target, junk, { dir })).rejects.toBeInstanceOf(BackupError);
    await expect(restoreBackup(target, join(dir, "missing.db"), { dir })).rejects.toThrow(/no such file/);
  });

  it("restores exactly the leads, posts and accounts of the backup, and keeps the current database aside", async () => {
    const fresh = join(tmp("db"), "site.db");
    const freshTarget = backupTarget(`file:${fresh}`);
    let site = await openDb(`file:${fresh}`);
    await addLead(site, "kept-1@example.com");
    await addLead(site, "kept-2@example.com");
    await addPost(site, "p-kept", "A post in the backup");
    await createAccount(site, env, { email: "admin@fillway.example", role: "admin" });
    const inBackup = await contents(site);
    const backup = await takeBackup(freshTarget, { dir: tmp("backups"), keep: 5 });
    // After the backup: a lead added, one changed, a post deleted, an account added.
    await addLead(site, "later@example.com");
    await site.kysely.updateTable("leads").set({ email: "changed@example.com" }).where("email", "=", "kept-1@example.com").execute();
    await site.kysely.deleteFrom("posts").where("id", "=", "p-kept").execute();
    await createAccount(site, env, { email: "sales@fillway.example", role: "sales" });
    const beforeRestore = await contents(site);
    await site.close();

    const { keptAside } = await restoreBackup(freshTarget, backup.path, { dir });
    site = await openDb(`file:${fresh}`);
    expect(await contents(site)).toEqual(inBackup);
    await site.close();
    // The database as it was is kept, whole.
    const aside = await openDb(`file:${keptAside}`);
    expect(await contents(aside)).toEqual(beforeRestore);
    await aside.close();
  });

  it("leaves every earlier backup intact when a backup is killed (SIGKILL) half way", async () => {
    const bigDir = tmp("kill");
    const big = join(bigDir, "big.db");
    const raw = new Database(big);
    raw.exec("CREATE TABLE kysely_migration (name TEXT); CREATE TABLE filler (b BLOB)");
    const insert = raw.prepare("INSERT INTO filler VALUES (randomblob(65536))");
    raw.transaction(() => {
      for (let i = 0; i < 1_200; i++) insert.run();
    })();
    raw.close();
    const backups = join(bigDir, "backups");
    const bigTarget = backupTarget(`file:${big}`);
    await takeBackup(bigTarget, { dir: backups, keep: 10, now: new Date(Date.UTC(2026, 0, 1)) });
    await takeBackup(bigTarget, { dir: backups, keep: 10, now: new Date(Date.UTC(2026, 0, 2)) });
    const earlier = listBackups(backups);

    // `npm run backup` in a process of its own, killed once its temporary file exists.
    let killedMidway = false;
    for (let attempt = 0; attempt < 5 && !killedMidway; attempt++) {
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/backup.ts"], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: `file:${big}`, BACKUP_DIR: backups, BACKUP_KEEP: "10" },
        stdio: "ignore",
      });
      const exited = new Promise((r) => child.once("exit", r));
      while (child.exitCode === null) {
        if (readdirSync(backups).some((n) => n.endsWith(".tmp"))) {
          child.kill("SIGKILL");
          break;
        }
        await new Promise((r) => setTimeout(r, 2));
      }
      await exited;
      killedMidway = child.signalCode === "SIGKILL" && readdirSync(backups).some((n) => n.endsWith(".tmp"));
      // A run that finished before the kill made a whole backup; take it out of the picture.
      for (const b of listBackups(backups)) if (!earlier.some((e) => e.name === b.name)) checkSqliteFile(b.path);
    }
    expect(killedMidway).toBe(true);
    // The earlier backups are still there, each passes its integrity check, and no half
    // backup carries a backup's name.
    const after = listBackups(backups);
    for (const e of earlier) {
      const same = after.find((b) => b.name === e.name);
      expect(same?.bytes).toBe(e.bytes);
      checkSqliteFile(e.path);
    }
    for (const b of after) checkSqliteFile(b.path);
    // The next backup clears the dead process's temporary file.
    await takeBackup(bigTarget, { dir: backups, keep: 10 });
    expect(readdirSync(backups).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  }, 120_000);
});

const pgUrl = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : undefined;
const havePgTools = spawnSync("pg_dump", ["--version"]).status === 0;

describe.skipIf(!pgUrl || !havePgTools)("PostgreSQL backups (pg_dump / pg_restore, custom format)", () => {
  it("round-trips the leads, posts and accounts, and refuses while a server is connected", async () => {
    const target = backupTarget(pgUrl);
    const dir = tmp("pg-backups");
    let db = await openTestDb();
    await addLead(db, "pg-kept@example.com");
    await addPost(db, "p-pg", "A post in the PostgreSQL backup");
    await createAccount(db, env, { email: "pg-admin@fillway.example", role: "admin" });
    const inBackup = await contents(db);
    const backup = await takeBackup(target, { dir, keep: 3 });
    expect(backup.name).toMatch(/^fillway-\d{8}T\d{9}Z\.dump$/);
    await addLead(db, "pg-later@example.com");
    await db.kysely.deleteFrom("posts").where("id", "=", "p-pg").execute();
    // A server's connection is open: refused, nothing changed.
    await expect(restoreBackup(target, backup.path, { dir })).rejects.toThrow(/server connection/);
    await db.close();

    const { keptAside } = await restoreBackup(target, backup.path, { dir });
    expect(existsSync(keptAside)).toBe(true);
    db = await openDb(pgUrl);
    expect(await contents(db)).toEqual(inBackup);
    // Sequences come back too: the next lead gets a fresh id.
    await addLead(db, "pg-after-restore@example.com");
    const ids = (await db.kysely.selectFrom("leads").select("id").execute()).map((r) => Number(r.id));
    expect(new Set(ids).size).toBe(ids.length);
    await sql`SELECT 1`.execute(db.kysely);
    await db.close();
  }, 120_000);
});
