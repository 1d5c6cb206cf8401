import { statSync } from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "./db.server";
import { FALLBACK_PAGES } from "./checkpointer.server";
import { DROPPED_LEAD_INDEXES } from "./migrations/029-drop-name-indexes";
import { openTestDb } from "../../../tests/helpers/test-db";

describe("database", () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it("stores and reads a row through the one query layer", async () => {
    await db.kysely
      .insertInto("leads")
      .values({
        kind: "lead",
        type: 1,
        email: "a@b.co",
        payload: "{}",
        submission_id: null,
        page_path: "/",
        user_agent: null,
        ip_hash: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const rows = await db.kysely.selectFrom("leads").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe("a@b.co");
  });

  it("reads a query's rows as arrays in the order it selects its columns", async () => {
    const query = db.kysely.selectFrom("leads").select(["email", "id", "page_path"]).where("email", "=", "a@b.co").compile();
    const rows = await db.readArrays(query);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe("a@b.co");
    expect(Number(rows[0]?.[1])).toBeGreaterThan(0);
    expect(rows[0]?.[2]).toBe("/");
    expect(await db.readArrays(db.kysely.selectFrom("leads").select("id").where("email", "=", "nobody@b.co").compile())).toEqual([]);
  });

  it("refuses a DATABASE_URL that names neither a SQLite file nor PostgreSQL, rather than opening another file", async () => {
    await expect(openDb("/var/lib/fillway/leads.db")).rejects.toThrow('DATABASE_URL must start with "file:" (a SQLite file) or "postgres"');
  });

  it("runs migrations idempotently on reopen", async () => {
    if (db.dialect !== "sqlite") {
      const again = await openDb(process.env.DATABASE_URL);
      await again.close();
      return;
    }
    const file = db.describe.slice("sqlite:".length);
    const again = await openDb(`file:${file}`);
    const count = await again.kysely
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    expect(Number(count?.n)).toBeGreaterThanOrEqual(1);
    await again.close();
  });

  it("uses WAL with full sync on SQLite", async (ctx) => {
    ctx.skip(db.dialect !== "sqlite", "journal mode and synchronous are SQLite settings");
    const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db.kysely);
    const sync = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db.kysely);
    expect(mode.rows[0]?.journal_mode).toBe("wal");
    expect(sync.rows[0]?.synchronous).toBe(2);
  });

  it("copies the write-ahead log into the file on a thread of its own, the writer's threshold far above", async (ctx) => {
    ctx.skip(db.dialect !== "sqlite", "the write-ahead log file is SQLite's");
    const file = db.describe.slice("sqlite:".length);
    const threshold = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db.kysely);
    expect(threshold.rows[0]?.wal_autocheckpoint).toBe(FALLBACK_PAGES);
    await sql`CREATE TABLE IF NOT EXISTS wal_probe (body TEXT)`.execute(db.kysely);
    const before = statSync(file).size;
    // About 400 pages: far below the writer's own threshold, so only the thread copies them.
    for (let i = 0; i < 200; i++) await sql`INSERT INTO wal_probe VALUES (${"x".repeat(6000)})`.execute(db.kysely);
    await expect.poll(() => statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(before + 1_000_000);
  });

  it("keeps none of the indexes that searches no longer read", async () => {
    const names =
      db.dialect === "sqlite"
        ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'leads'`.execute(db.kysely)).rows
        : (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'leads'`.execute(db.kysely)).rows;
    const present = names.map((r) => r.name);
    expect(present).toContain("leads_email_norm");
    for (const dropped of DROPPED_LEAD_INDEXES) expect(present).not.toContain(dropped);
  });
});
