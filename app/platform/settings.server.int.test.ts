import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Db, openDb } from "./db/db.server";
import { openTestDb } from "../../tests/helpers/test-db";
import { openTotpSecret } from "./totp-key.server";
import { loadEnv } from "./env.server";
import { keyFilePath, withIpHashSalt } from "./settings.server";
import { sealTotpSecrets } from "~/features/staff/totp-secrets.server";

/** A key file of its own for each test, so the PostgreSQL leg (one database) is covered too. */
const keyFile = () => join(mkdtempSync(join(tmpdir(), "fillway-key-")), "fillway.key");

describe("the installation's secrets", () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  // Each test starts as a database no instance has used yet.
  beforeEach(async () => {
    await db.kysely.deleteFrom("settings").execute();
  });
  // The PostgreSQL leg shares the database with later test files: leave no salt check behind.
  afterAll(async () => {
    await db.kysely.deleteFrom("settings").execute();
    await db.close();
  });

  it("have no public default", () => {
    expect(loadEnv({}).IP_HASH_SALT).toBeUndefined();
    expect(() => loadEnv({ IP_HASH_SALT: "short" })).toThrow(/IP_HASH_SALT/);
    expect(() => loadEnv({ TOTP_KEY: "not a key" })).toThrow(/TOTP_KEY/);
  });

  it("are made at random on first start, kept in a key file of mode 0600 beside the database, never in it", async () => {
    const first = await withIpHashSalt(loadEnv({}), db);
    expect(first.IP_HASH_SALT).toMatch(/^[\w-]{43}$/);
    const path = keyFilePath(loadEnv({}), db);
    expect(path).not.toBeNull();
    if (db.dialect === "sqlite") expect(path).toBe(`${db.describe.slice("sqlite:".length)}.key`);
    expect(statSync(path!).mode & 0o777).toBe(0o600);
    expect(readFileSync(path!, "utf8")).toContain(first.IP_HASH_SALT);
    const kept = await db.kysely.selectFrom("settings").select("value").execute();
    expect(kept.map((r) => r.value).join()).not.toContain(first.IP_HASH_SALT);
    if (db.dialect !== "sqlite") return;
    // A restart on the same database: another connection, the same secrets.
    const other = await openDb(`file:${db.describe.slice("sqlite:".length)}`);
    try {
      const again = await withIpHashSalt(loadEnv({}), other);
      expect([again.IP_HASH_SALT, again.TOTP_KEY]).toEqual([first.IP_HASH_SALT, first.TOTP_KEY]);
    } finally {
      await other.close();
    }
  });

  it("are the same for instances starting at once", async () => {
    const file = keyFile();
    const connections = await Promise.all(
      [1, 2, 3].map(() => openDb(db.dialect === "sqlite" ? `file:${db.describe.slice("sqlite:".length)}` : process.env.DATABASE_URL)),
    );
    try {
      const envs = await Promise.all([db, ...connections].map((c) => withIpHashSalt(loadEnv({ KEY_FILE: file }), c)));
      expect(new Set(envs.map((e) => e.IP_HASH_SALT)).size).toBe(1);
      expect(new Set(envs.map((e) => e.TOTP_KEY)).size).toBe(1);
    } finally {
      await Promise.all(connections.map((c) => c.close()));
    }
  });

  it("differ between installations", async (ctx) => {
    ctx.skip(db.dialect !== "sqlite", "the PostgreSQL leg has one database: no second installation to compare with");
    const another = await openTestDb();
    try {
      const a = await withIpHashSalt(loadEnv({}), db);
      const b = await withIpHashSalt(loadEnv({}), another);
      expect(a.IP_HASH_SALT).not.toBe(b.IP_HASH_SALT);
      expect(a.TOTP_KEY).not.toBe(b.TOTP_KEY);
    } finally {
      await another.close();
    }
  });

  it("stop the start of an instance whose salt is not the database's", async () => {
    await withIpHashSalt(loadEnv({ KEY_FILE: keyFile() }), db);
    await expect(withIpHashSalt(loadEnv({ KEY_FILE: keyFile() }), db)).rejects.toThrow(/IP_HASH_SALT/);
    await expect(withIpHashSalt(loadEnv({ IP_HASH_SALT: "another-operator-salt" }), db)).rejects.toThrow(/same IP_HASH_SALT/);
    const rows = await db.kysely.selectFrom("settings").select(["key", "value"]).execute();
    expect(rows.map((r) => r.key)).toEqual(["ip_hash_salt_check"]);
  });

  it("are IP_HASH_SALT and TOTP_KEY when those are set, and then no key file is made", async () => {
    const file = keyFile();
    const totpKey = "ab".repeat(32);
    const env = await withIpHashSalt(loadEnv({ IP_HASH_SALT: "an-operator-chosen-salt", TOTP_KEY: totpKey, KEY_FILE: file }), db);
    expect([env.IP_HASH_SALT, env.TOTP_KEY]).toEqual(["an-operator-chosen-salt", totpKey]);
    expect(existsSync(file)).toBe(false);
    expect(await db.kysely.selectFrom("settings").select("key").execute()).toEqual([{ key: "ip_hash_salt_check" }]);
  });

  it("move an installation's salt from the database into the new key file, so its stored hashes still match", async () => {
    const file = keyFile();
    await db.kysely
      .insertInto("settings")
      .values({ key: "ip_hash_salt", value: "the-salt-of-an-older-install", created_at: new Date().toISOString() })
      .execute();
    const env = await withIpHashSalt(loadEnv({ KEY_FILE: file }), db);
    expect(env.IP_HASH_SALT).toBe("the-salt-of-an-older-install");
    expect(JSON.parse(readFileSync(file, "utf8")).ipHashSalt).toBe("the-salt-of-an-older-install");
    expect(await db.kysely.selectFrom("settings").select("key").execute()).toEqual([{ key: "ip_hash_salt_check" }]);
  });

  it("refuse a key file the server did not write", async () => {
    const file = keyFile();
    writeFileSync(file, "salt=abc\n");
    await expect(withIpHashSalt(loadEnv({ KEY_FILE: file }), db)).rejects.toThrow(/not one this server wrote/);
  });

  it("encrypt two-factor secrets stored in plain text at start, and stop the start under another key", async () => {
    const file = keyFile();
    const inserted = await db.kysely
      .insertInto("staff")
      .values({
        email: `plain-${Date.now()}@staff.test`,
        role: "admin",
        created_at: new Date().toISOString(),
        totp_secret: "JBSWY3DPEHPK3PXP",
        totp_enabled_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    const env = await withIpHashSalt(loadEnv({ KEY_FILE: file }), db);
    await sealTotpSecrets(env, db);
    const row = await db.kysely.selectFrom("staff").select("totp_secret").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1:/);
    expect(openTotpSecret(env, id, row.totp_secret ?? "")).toBe("JBSWY3DPEHPK3PXP");
    // Bound to its account: under another staff id it does not open.
    expect(() => openTotpSecret(env, id + 1, row.totp_secret ?? "")).toThrow();
    const otherKey = await withIpHashSalt(loadEnv({ KEY_FILE: file, TOTP_KEY: "cd".repeat(32) }), db);
    await expect(sealTotpSecrets(otherKey, db)).rejects.toThrow(/two-factor secrets were encrypted with/);
    await db.kysely.deleteFrom("staff").where("id", "=", id).execute();
  });
});
