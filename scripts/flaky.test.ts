import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flakyTests, judgeFlaky, readKnownFlaky } from "./flaky.mjs";

// The shape of Playwright's JSON report, trimmed to what matters here.
const report = {
  suites: [
    {
      title: "forms.spec.ts",
      file: "forms.spec.ts",
      specs: [{ title: "top-level test", file: "forms.spec.ts", tests: [{ status: "expected" }] }],
      suites: [
        {
          title: "contact form",
          file: "forms.spec.ts",
          specs: [
            { title: "sends a lead", file: "forms.spec.ts", tests: [{ status: "flaky" }] },
            { title: "shows errors", file: "forms.spec.ts", tests: [{ status: "unexpected" }] },
          ],
        },
      ],
    },
    { title: "home.spec.ts", file: "home.spec.ts", specs: [{ title: "pop-up", file: "home.spec.ts", tests: [{ status: "flaky" }] }] },
  ],
};

describe("flaky tests", () => {
  it("names every test that passed only on retry, with its file and groups", () => {
    expect(flakyTests(report)).toEqual(["forms.spec.ts › contact form › sends a lead", "home.spec.ts › pop-up"]);
    expect(flakyTests(null)).toEqual([]);
  });

  it("excuses only the tests the known-flaky list gives a reason for", () => {
    const known = [{ test: "home.spec.ts › pop-up", reason: "the pop-up's 1 s timer races the first paint" }];
    expect(judgeFlaky(flakyTests(report), known)).toEqual({
      excused: [{ test: "home.spec.ts › pop-up", reason: "the pop-up's 1 s timer races the first paint" }],
      unexcused: ["forms.spec.ts › contact form › sends a lead"],
    });
  });

  it("reads the list and refuses an entry without a reason", () => {
    const dir = mkdtempSync(join(tmpdir(), "flaky-"));
    expect(readKnownFlaky(join(dir, "missing.json"))).toEqual([]);
    writeFileSync(join(dir, "ok.json"), JSON.stringify([{ test: "a › b", reason: "why" }]));
    expect(readKnownFlaky(join(dir, "ok.json"))).toEqual([{ test: "a › b", reason: "why" }]);
    writeFileSync(join(dir, "bad.json"), JSON.stringify([{ test: "a › b", reason: " " }]));
    expect(() => readKnownFlaky(join(dir, "bad.json"))).toThrow(/"a › b" has no "reason"/);
  });
});
