import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildDir } from "../../scripts/bench-lib";
import { crashRound } from "../../scripts/bench-crash";

// The real server process (server.ts on BUILD_DIR, which `npm test` builds first) on a
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
});
