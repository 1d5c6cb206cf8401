import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { crashRound } from "../../scripts/bench-crash";
import { buildDir, tempDbFile } from "../../scripts/bench-lib";

// The real server process (server.js on BUILD_DIR, which `npm test` builds first) on a
// SQLite file, killed with SIGKILL while leads stream in, then started again on that file.
describe("crash safety", () => {
  it("keeps every lead that was answered 2xx when the process is killed mid-stream", { timeout: 120_000 }, async () => {
    expect(existsSync(join(buildDir, "server/index.js")), `no build in ${buildDir}: run the build first`).toBe(true);
    const round = await crashRound({ concurrency: 8, beforeKill: 300 });
    expect(round.restartedAndServing).toBe(true);
    expect(round.acked).toBeGreaterThanOrEqual(300);
    expect(round.lost, `lost acknowledged leads: ${round.lostExamples.join(", ")}`).toBe(0);
    // Everything stored is either acknowledged or was committed as the process died.
    expect(round.storedAfterRestart).toBeGreaterThanOrEqual(round.acked);
  });

  it("keeps every write the group-commit queue acknowledged when its process is killed", { timeout: 60_000 }, async () => {
    const file = tempDbFile("queue-crash");
    const child = spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "fixtures/queue-writer.ts"), file, "32"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const acked: string[] = [];
    let buffer = "";
    await new Promise<void>((resolve, reject) => {
      child.on("exit", (code) => reject(new Error(`writer exited early with ${code}`)));
      child.stdout.on("data", (d: Buffer) => {
        buffer += d;
        const lines = buffer.split("\n");
        buffer = lines.pop() ?? "";
        for (const l of lines) if (l.includes("@")) acked.push(l);
        if (acked.length >= 2000) resolve();
      });
    });
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    await exited;
    const db = new Database(file, { readonly: true });
    const stored = new Set((db.prepare("SELECT email FROM leads").all() as { email: string }[]).map((r) => r.email));
    db.close();
    const lost = acked.filter((e) => !stored.has(e));
    expect(lost, `acknowledged but not stored: ${lost.slice(0, 5).join(", ")}`).toEqual([]);
    expect(stored.size).toBeGreaterThanOrEqual(acked.length);
  });
});
