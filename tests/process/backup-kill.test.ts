import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { backupTarget, checkSqliteFile, listBackups, takeBackup } from "~/platform/ops/backup.server";

/** `npm run backup` killed half way, in a process of its own: the earlier backups stay whole. */

const root = process.cwd();
const tmp = (what: string) => mkdtempSync(join(tmpdir(), `fillway-${what}-`));

describe("SQLite backups", () => {
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
