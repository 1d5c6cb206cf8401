import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

describe("perf-doc", () => {
  it("writes a page that names every benchmark file in bench/", () => {
    const out = join(mkdtempSync(join(tmpdir(), "fillway-perf-doc-")), "performance.md");
    const r = spawnSync(process.execPath, ["scripts/perf-doc.mjs", "--out", out], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    const page = readFileSync(out, "utf8");
    const files = readdirSync("bench").filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(page).toContain(`bench/${f}`);
    expect(page).not.toContain("not described by this page yet");
  });
});
