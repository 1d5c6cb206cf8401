// Tests that passed only on retry. Playwright retries a failed test once; a test that then
// passes is reported "flaky". It is named above the summary line and counts as failed
// unless tests/known-flaky.json lists it with a reason.
import { readFileSync } from "node:fs";

/** "file › describe › title" of every test Playwright's JSON report marks flaky. */
export function flakyTests(report) {
  const names = [];
  const walk = (suite, path) => {
    const here = suite.title && suite.title !== suite.file ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "flaky") names.push([spec.file ?? suite.file, ...here, spec.title].filter(Boolean).join(" › "));
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return names;
}

/**
 * The known-flaky list: `[{ "test": "file › describe › title", "reason": "…" }]`.
 * A missing file is an empty list; an entry without a reason is an error, so nobody
 * silences a test without saying why.
 */
export function readKnownFlaky(path) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  const list = JSON.parse(text);
  if (!Array.isArray(list)) throw new Error(`${path}: expected a list of { "test", "reason" }`);
  for (const [i, entry] of list.entries()) {
    if (typeof entry?.test !== "string" || entry.test.trim() === "") throw new Error(`${path}: entry ${i + 1} has no "test"`);
    if (typeof entry?.reason !== "string" || entry.reason.trim() === "") throw new Error(`${path}: "${entry.test}" has no "reason"`);
  }
  return list;
}

/** Splits flaky tests into those the list excuses (with its reason) and those it does not. */
export function judgeFlaky(names, known) {
  const reasons = new Map(known.map((k) => [k.test, k.reason]));
  return {
    excused: names.filter((n) => reasons.has(n)).map((n) => ({ test: n, reason: reasons.get(n) })),
    unexcused: names.filter((n) => !reasons.has(n)),
  };
}
