import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "./db/db.server";
import { openTestDb } from "./db/test-db";
import { loadEnv } from "./env.server";
import { withIpHashSalt } from "./settings.server";

describe("IP hash salt", () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    // The PostgreSQL leg shares one database between test files: start without a salt.
    await db.kysely.deleteFrom("settings").execute();
  });
  afterAll(() => db.close());

  it("has no public default", () => {
    expect(loadEnv({}).IP_HASH_SALT).toBeUndefined();
    expect(() => loadEnv({ IP_HASH_SALT: "short" })).toThrow(/IP_HASH_SALT/);
  });

  it("is made at random on first start and kept with the data", async () => {
    const first = await withIpHashSalt(loadEnv({}), db);
    expect(first.IP_HASH_SALT).toMatch(/^[\w-]{43}$/);
    // A restart on the same database: another connection, the same salt.
    const other = await openDb(db.dialect === "sqlite" ? `file:${db.describe.slice("sqlite:".length)}` : process.env.DATABASE_URL);
    try {
      expect((await withIpHashSalt(loadEnv({}), other)).IP_HASH_SALT).toBe(first.IP_HASH_SALT);
    } finally {
      await other.close();
    }
  });

  it("is the same for instances starting at once", async () => {
    await db.kysely.deleteFrom("settings").execute();
    const connections = await Promise.all(
      [1, 2, 3].map(() => openDb(db.dialect === "sqlite" ? `file:${db.describe.slice("sqlite:".length)}` : process.env.DATABASE_URL)),
    );
    try {
      const salts = await Promise.all([db, ...connections].map((c) => withIpHashSalt(loadEnv({}), c).then((e) => e.IP_HASH_SALT)));
      expect(new Set(salts).size).toBe(1);
      const rows = await db.kysely.selectFrom("settings").selectAll().execute();
      expect(rows.map((r) => [r.key, r.value])).toEqual([["ip_hash_salt", salts[0]]]);
    } finally {
      await Promise.all(connections.map((c) => c.close()));
    }
  });

  it("differs between installations", async () => {
    if (db.dialect !== "sqlite") return; // one database in the PostgreSQL leg
    const another = await openTestDb();
    try {
      const a = await withIpHashSalt(loadEnv({}), db);
      const b = await withIpHashSalt(loadEnv({}), another);
      expect(a.IP_HASH_SALT).not.toBe(b.IP_HASH_SALT);
    } finally {
      await another.close();
    }
  });

  it("is IP_HASH_SALT when that is set, and then nothing is stored", async () => {
    await db.kysely.deleteFrom("settings").execute();
    const env = await withIpHashSalt(loadEnv({ IP_HASH_SALT: "an-operator-chosen-salt" }), db);
    expect(env.IP_HASH_SALT).toBe("an-operator-chosen-salt");
    expect(await db.kysely.selectFrom("settings").selectAll().execute()).toEqual([]);
  });
});
