import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exitCode, type Started, start } from "./server";

/**
 * One server process per SQLite file: a second server on the same file exits, naming the
 * first (its pid and address); the first keeps serving. After the first is killed with
 * SIGKILL its lock is stale and the next server takes it over. The desk's command line
 * still works beside a running server.
 */

const root = resolve(import.meta.dirname, "../..");
const file = join(mkdtempSync(join(tmpdir(), "fillway-one-")), "t.db");
const env = { PORT: "0", HOST: "127.0.0.1", DATABASE_URL: `file:${file}` };
const started: Started[] = [];

const run = (e: Record<string, string>) => {
  const s = start(e);
  started.push(s);
  return s;
};

afterAll(async () => {
  for (const s of started) {
    if (s.child.exitCode === null && s.child.signalCode === null) {
      s.child.kill("SIGTERM");
      await exitCode(s.child);
    }
  }
});

describe("a second server on one SQLite file", () => {
  it("exits naming the first, which keeps serving; a killed first's lock is taken over", { timeout: 120_000 }, async () => {
    const first = run(env);
    const base = await first.listening();
    const second = run(env);
    expect(await exitCode(second.child)).not.toBe(0);
    const port = new URL(base).port;
    expect(second.err()).toContain(`Another Fillway server (pid ${first.child.pid}`);
    expect(second.err()).toContain(`listening on 127.0.0.1:${port}`);
    expect(second.err()).toContain(file);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    // The desk's command line works beside the running server.
    const cli = spawnSync(process.execPath, ["--import", "tsx", "scripts/desk.ts", "user", "add", "beside@staff.test", "--role", "sales"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `file:${file}`, LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    expect(cli.status, cli.stderr).toBe(0);

    // Killed without a chance to clean up: the lock stays, naming a process that is gone.
    first.child.kill("SIGKILL");
    await exitCode(first.child);
    const lock = `${file}.server-lock`;
    expect(JSON.parse(readFileSync(lock, "utf8")).pid).toBe(first.child.pid);
    const third = run(env);
    const again = await third.listening();
    expect((await fetch(`${again}/healthz`)).status).toBe(200);
    expect(JSON.parse(readFileSync(lock, "utf8")).pid).toBe(third.child.pid);

    // A clean stop removes the lock.
    third.child.kill("SIGTERM");
    expect(await exitCode(third.child)).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });
});
