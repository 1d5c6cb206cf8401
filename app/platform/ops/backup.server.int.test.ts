import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { createAccount } from "~/features/staff/accounts.server";
import { loadEnv } from "~/platform/env.server";
import { storeLead } from "~/features/leads/store.server";
import { BackupError, backupTarget, checkSqliteFile, listBackups, restoreBackup, takeBackup } from "./backup.server";

/**
 * Backups and restore on real databases: a SQLite file (always) and, in the PostgreSQL
 * leg (DATABASE_URL=postgres://…), pg_dump and pg_restore against that server.
 */

const SALT = "a-salt-for-these-tests-only";
const env = { ...loadEnv({ ...process.env, DATABASE_URL: "file:/tmp/unused.db" }), IP_HASH_SALT: SALT };

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
      taken.push(await takeBackup(target, { salt: SALT, dir, keep: 3, now: at(n) }));
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
    await expect(restoreBackup(target, latest!.path, { dir, salt: SALT })).rejects.toThrow(/in use/);
    expect(await contents(db)).toEqual(before);
  });

  it("refuses a file that is not a good backup", async () => {
    await db.close();
    const junk = join(tmp("junk"), "junk.db");
    writeFileSync(junk, "not a database at all, just some text that is long enough to look like something");
    await expect(restoreBackup(target, junk, { dir, salt: SALT })).rejects.toBeInstanceOf(BackupError);
    await expect(restoreBackup(target, join(dir, "missing.db"), { dir, salt: SALT })).rejects.toThrow(/no such file/);
  });

  it("refuses a backup changed, cut short, sealed by another installation, or without its seal, with one line each, and changes nothing", async () => {
    const site = join(tmp("sealed"), "site.db");
    const sealed = await openDb(`file:${site}`);
    await addPost(sealed, "sealed-post", "Kept as it was");
    await sealed.close();
    const siteTarget = backupTarget(`file:${site}`);
    const backups = tmp("sealed-backups");
    const backup = await takeBackup(siteTarget, { dir: backups, keep: 5, salt: SALT });
    expect(existsSync(`${backup.path}.seal`)).toBe(true);
    const copy = (name: string) => {
      const to = join(backups, name);
      copyFileSync(backup.path, to);
      return to;
    };
    const refused = async (file: string, salt: string | null, message: RegExp) => {
      const before = readFileSync(site);
      await expect(restoreBackup(siteTarget, file, { dir: backups, salt })).rejects.toThrow(message);
      expect(readFileSync(site).equals(before)).toBe(true);
    };
    // A row changed in a copy (an account made admin, say): one byte is enough.
    const changed = copy("changed.db");
    copyFileSync(`${backup.path}.seal`, `${changed}.seal`);
    const bytes = readFileSync(changed);
    bytes[bytes.length - 100] = (bytes[bytes.length - 100] ?? 0) ^ 1;
    writeFileSync(changed, bytes);
    await refused(changed, SALT, /^changed\.db does not match its seal under this installation's key: .*; nothing was changed$/);
    const cut = copy("cut.db");
    copyFileSync(`${backup.path}.seal`, `${cut}.seal`);
    truncateSync(cut, 4096);
    await refused(cut, SALT, /^cut\.db is 4096 bytes where its seal says \d+: it was cut short or changed after it was made; nothing was changed$/);
    await refused(backup.path, "another-installation-s-salt", /comes from another installation/);
    await refused(backup.path, null, /^this installation's key is missing .*put the key file back/);
    const bare = copy("bare.db");
    await refused(bare, SALT, /^bare\.db has no seal \(bare\.db\.seal\).*--without-seal; nothing was changed$/);
    // Trusted as it is, by saying so.
    await restoreBackup(siteTarget, bare, { dir: backups, salt: SALT, withoutSeal: true });
    // The sealed backup itself goes back in.
    const { keptAside } = await restoreBackup(siteTarget, backup.path, { dir: backups, salt: SALT });
    expect(keptAside).not.toBe("");
    // Each restore keeps the database as it was; only the newest three such copies stay.
    for (let i = 0; i < 3; i++) await restoreBackup(siteTarget, backup.path, { dir: backups, salt: SALT, now: new Date(Date.UTC(2030, 0, 1 + i)) });
    const copies = readdirSync(join(site, "..")).filter((n) => n.includes(".before-restore-"));
    expect(copies).toEqual([
      "site.before-restore-20300101T000000000Z.db",
      "site.before-restore-20300102T000000000Z.db",
      "site.before-restore-20300103T000000000Z.db",
    ]);
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
    const backup = await takeBackup(freshTarget, { salt: SALT, dir: tmp("backups"), keep: 5 });
    // After the backup: a lead added, one changed, a post deleted, an account added.
    await addLead(site, "later@example.com");
    await site.kysely.updateTable("leads").set({ email: "changed@example.com" }).where("email", "=", "kept-1@example.com").execute();
    await site.kysely.deleteFrom("posts").where("id", "=", "p-kept").execute();
    await createAccount(site, env, { email: "sales@fillway.example", role: "sales" });
    const beforeRestore = await contents(site);
    await site.close();

    const { keptAside } = await restoreBackup(freshTarget, backup.path, { dir, salt: SALT });
    site = await openDb(`file:${fresh}`);
    expect(await contents(site)).toEqual(inBackup);
    await site.close();
    // The database as it was is kept, whole.
    const aside = await openDb(`file:${keptAside}`);
    expect(await contents(aside)).toEqual(beforeRestore);
    await aside.close();
  });
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
    const backup = await takeBackup(target, { salt: SALT, dir, keep: 3 });
    expect(backup.name).toMatch(/^fillway-\d{8}T\d{9}Z\.dump$/);
    await addLead(db, "pg-later@example.com");
    await db.kysely.deleteFrom("posts").where("id", "=", "p-pg").execute();
    // A server's connection is open: refused, nothing changed.
    await expect(restoreBackup(target, backup.path, { dir, salt: SALT })).rejects.toThrow(/server connection/);
    await db.close();

    const { keptAside } = await restoreBackup(target, backup.path, { dir, salt: SALT });
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
