import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrations } from "~/platform/db/migrations/index";

/**
 * Processes that open one SQLite file at once migrate it one after the other: on a first
 * start the server and `npm run desk -- user add` (the install steps' last line) run side
 * by side, and both ran the same ALTER TABLE ("duplicate column name"), so the account
 * was never made. Here four `npm run desk` commands start together on a new file.
 */

const root = resolve(import.meta.dirname, "../..");

function desk(file: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/desk.ts", ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `file:${file}`, LOG_LEVEL: "silent" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c) => {
      stderr += c;
    });
    child.on("exit", (code) => done({ code, stderr }));
  });
}

describe("several processes opening one new SQLite file at once", () => {
  it("each finds every migration applied once, and every command does its work", { timeout: 180_000 }, async () => {
    const file = join(mkdtempSync(join(tmpdir(), "fillway-migrate-")), "t.db");
    const runs = await Promise.all([0, 1, 2, 3].map((i) => desk(file, ["user", "add", `staff${i}@fillway.test`, "--role", "sales"])));
    for (const r of runs) expect(r.stderr).toBe("");
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    const db = new Database(file, { readonly: true });
    try {
      const names = db.prepare("SELECT name FROM kysely_migration ORDER BY name").pluck().all();
      expect(names).toEqual(Object.keys(migrations("sqlite")).sort());
      expect(db.prepare("SELECT count(*) FROM staff").pluck().get()).toBe(4);
    } finally {
      db.close();
    }
    expect(existsSync(`${file}.migrate-lock`)).toBe(false);
  });
});
