import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openDb } from "./db.server";

/**
 * This build on a database a newer build migrated (decision record 041): it starts beside
 * migrations that only add, as in a rolling upgrade or a rollback, and otherwise refuses
 * with one line naming them and what to do. Written against SQLite files of its own: on the
 * PostgreSQL leg the shared database's migration history is not the test's to change (the
 * same SQL runs there at every start).
 */
describe.skipIf(process.env.DATABASE_URL?.startsWith("postgres"))("a build beside a newer database", () => {
  async function upgradedBy(later: { name: string; contract: number | null }[]) {
    const file = join(mkdtempSync(join(tmpdir(), "fillway-compat-")), "site.db");
    await (await openDb(`file:${file}`)).close();
    // What a newer build leaves: its migrations applied, and each one's kind recorded.
    const raw = new Database(file);
    for (const m of later) {
      raw.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)").run(m.name, new Date().toISOString());
      if (m.contract !== null) raw.prepare("INSERT INTO schema_migration_kinds (name, contract) VALUES (?, ?)").run(m.name, m.contract);
    }
    raw.close();
    return `file:${file}`;
  }

  it("records, for older builds, which of its migrations contract", async () => {
    const url = await upgradedBy([]);
    const raw = new Database(url.slice("file:".length), { readonly: true });
    const kinds = raw.prepare("SELECT name, contract FROM schema_migration_kinds ORDER BY name").all() as { name: string; contract: number }[];
    raw.close();
    expect(kinds.map((k) => k.name)).toContain("001-leads");
    expect(kinds.every((k) => k.contract === 0)).toBe(true);
  });

  it("starts beside migrations it does not know that only add, and works", async () => {
    const db = await openDb(await upgradedBy([{ name: "900-later-expand", contract: 0 }]));
    try {
      expect(await db.kysely.selectFrom("leads").select("id").execute()).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it("refuses one that contracts, or whose kind is not recorded, naming them and what to do, and changes nothing", async () => {
    const url = await upgradedBy([
      { name: "900-later-expand", contract: 0 },
      { name: "901-later-contract", contract: 1 },
      { name: "902-later-unrecorded", contract: null },
    ]);
    await expect(openDb(url)).rejects.toThrow(
      'This database was migrated by a newer build (901-later-contract, 902-later-unrecorded), which this build cannot run beside: start the newer build again, or restore the backup taken before the upgrade ("Upgrading" in docs/operations.md).',
    );
    const raw = new Database(url.slice("file:".length), { readonly: true });
    const names = (raw.prepare("SELECT name FROM kysely_migration WHERE name >= '900'").all() as { name: string }[]).map((r) => r.name);
    raw.close();
    expect(names).toEqual(["900-later-expand", "901-later-contract", "902-later-unrecorded"]);
  });
});
