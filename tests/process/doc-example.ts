import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, expect } from "vitest";

/**
 * What the tests that follow a doc's worked example share (add-a-form-doc, add-a-desk-screen-doc,
 * add-an-e-mail-doc): a copy of the repository to apply it to, a shell in that copy, the
 * example's numbered steps, and a check that a vitest command passed and ran given files.
 */

const SKIP = new Set(["node_modules", ".git", "build", "data", "test-results", ".react-router", "playwright-report"]);

/** A copy of the working tree (without its build and data, sharing node_modules), removed after the file's tests. */
export function repositoryCopy(name: string) {
  const root = process.cwd();
  const copy = mkdtempSync(join(tmpdir(), `fillway-${name}-`));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  return {
    copy,
    make() {
      cpSync(root, copy, { recursive: true, filter: (src) => !SKIP.has(relative(root, src).split("/")[0] ?? "") });
      symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");
    },
    read: (file: string) => readFileSync(join(copy, file), "utf8"),
    write: (file: string, text: string) => writeFileSync(join(copy, file), text),
    /** Writes a file the doc calls new; it must not exist yet. */
    create(file: string, text: string) {
      expect(existsSync(join(copy, file)), `${file} is new`).toBe(false);
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      writeFileSync(join(copy, file), text);
    },
    /** A shell command in the copy, as a reader would type it. */
    run(command: string) {
      const r = spawnSync("sh", ["-c", command], {
        cwd: copy,
        encoding: "utf8",
        env: { ...process.env, NODE_ENV: "test", NO_COLOR: "1", FORCE_COLOR: "0" },
        timeout: 300_000,
      });
      return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
    },
  };
}

/** A numbered step of an example: its words, and the code block that follows them. */
export interface Step {
  words: string;
  lang: string;
  code: string;
}

/** The numbered steps under `heading` (up to the next heading of level 2 or 3), each with its indented code block. */
export function exampleSteps(doc: string, heading: string): Step[] {
  const start = doc.indexOf(heading);
  expect(start, `the doc has "${heading}"`).toBeGreaterThan(-1);
  const rest = doc.slice(start);
  const end = rest.slice(4).search(/\n#{2,3} /);
  const section = end === -1 ? rest : rest.slice(0, end + 4);
  return [...section.matchAll(/^\d+\. ([\s\S]*?)^ {3}```(\w+)\n([\s\S]*?)^ {3}```$/gm)].map((m) => ({
    words: (m[1] ?? "").replace(/\s+/g, " "),
    lang: m[2] ?? "",
    code: (m[3] ?? "")
      .split("\n")
      .map((l) => l.replace(/^ {3}/, ""))
      .join("\n"),
  }));
}

/** Runs one vitest command in the copy and checks that nothing failed and that each of `files` ran. */
export function passes(run: (command: string) => { status: number | null; output: string }, command: string, files: string[]) {
  const tests = run(command);
  const failed = [...tests.output.matchAll(/(?:×|FAIL)[^\n]*/g)].map((m) => m[0]);
  expect(failed, command).toEqual([]);
  expect(tests.status, tests.output.slice(-3000)).toBe(0);
  for (const file of files) expect(tests.output, `${file} ran`).toContain(file);
  expect(tests.output).toMatch(/Tests\s+\S*\d+ passed/);
}

/** Runs the typecheck command in the copy and checks it found nothing. */
export function typechecks(run: (command: string) => { status: number | null; output: string }, command: string) {
  const checked = run(command);
  expect(checked.output).not.toMatch(/error TS/);
  expect(checked.status, checked.output.slice(-3000)).toBe(0);
}
