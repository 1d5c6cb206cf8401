import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * docs/desk.md's "Example: who holds the open leads", followed as written in a copy of the
 * repository: each step's code block written to the new file the step names, or added to
 * the list of screens it names, then the commands of its last step run there (the
 * typecheck and the tests that hold desk screens to their rules, the example's own test
 * among them). Nothing else is edited, so a doc that leaves a step out, or a rule that
 * the example breaks, fails here.
 */

const root = process.cwd();
const copy = mkdtempSync(join(tmpdir(), "fillway-add-a-desk-screen-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const SKIP = new Set(["node_modules", ".git", "build", "data", "test-results", ".react-router", "playwright-report"]);

function run(command: string) {
  const r = spawnSync("sh", ["-c", command], {
    cwd: copy,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "test", NO_COLOR: "1", FORCE_COLOR: "0" },
    timeout: 300_000,
  });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

/** A numbered step of the example: its words, and the code block that follows them. */
interface Step {
  words: string;
  lang: string;
  code: string;
}

function steps(doc: string): Step[] {
  const start = doc.indexOf("### Example: who holds the open leads");
  expect(start, "docs/desk.md has the example").toBeGreaterThan(-1);
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

describe("docs/desk.md, Writing a desk screen, its example", () => {
  it("applied to a copy of the repository, typechecks and passes the desk screens' tests", () => {
    cpSync(root, copy, { recursive: true, filter: (src) => !SKIP.has(relative(root, src).split("/")[0] ?? "") });
    symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");

    const all = steps(readFileSync(join(copy, "docs/desk.md"), "utf8"));
    const created: string[] = [];
    const commands: string[] = [];
    for (const step of all) {
      const newFile = /a new file `([^`]+)`/.exec(step.words)?.[1];
      const addedTo = /added to `(\w+)` in `([^`]+)`/.exec(step.words);
      if (newFile) {
        // "…, a new file `path`": the block is the whole file.
        expect(existsSync(join(copy, newFile)), `${newFile} is new`).toBe(false);
        mkdirSync(dirname(join(copy, newFile)), { recursive: true });
        writeFileSync(join(copy, newFile), step.code);
        created.push(newFile);
      } else if (addedTo) {
        // "…, added to `list` in `path`": the block's lines go at the end of that list.
        const [, list = "", file = ""] = addedTo;
        const source = readFileSync(join(copy, file), "utf8");
        const edited = source.replace(
          new RegExp(`(export const ${list}\\b[^=]*= \\[[\\s\\S]*?)\\n\\];`),
          (_, head: string) => `${head}\n${step.code.replace(/^/gm, "  ").trimEnd()}\n];`,
        );
        expect(edited, `${file} has the list ${list}`).not.toBe(source);
        writeFileSync(join(copy, file), edited);
      } else if (step.lang === "sh") {
        commands.push(...step.code.split("\n").filter((l) => l.trim() !== ""));
      } else {
        expect.fail(`a step with a code block names no new file and no list: "${step.words}"`);
      }
    }
    expect(
      created.filter((f) => f.includes("/routes/desk/")),
      "the example writes a desk route module",
    ).toHaveLength(1);
    const typecheck = commands.find((c) => /\bnpm run -s typecheck$/.test(c));
    const vitest = commands.find((c) => /^npx vitest run --project unit /.test(c));
    expect(typecheck, "the last step runs the typecheck").toBeDefined();
    expect(vitest, "the last step runs the unit tests").toMatch(/tests\/unit\/desk-screens\.test\.ts/);

    const checked = run(typecheck ?? "");
    expect(checked.output).not.toMatch(/error TS/);
    expect(checked.status, checked.output.slice(-3000)).toBe(0);

    const tests = run(vitest ?? "");
    const failed = [...tests.output.matchAll(/(?:×|FAIL)[^\n]*/g)].map((m) => m[0]);
    expect(failed).toEqual([]);
    expect(tests.status, tests.output.slice(-3000)).toBe(0);
    // The desk screens' rules and every test file the example writes ran.
    for (const file of ["tests/unit/desk-screens.test.ts", ...created.filter((f) => /\.test\.tsx?$/.test(f))]) {
      expect(tests.output, `${file} ran`).toContain(file);
    }
    expect(tests.output).toMatch(/Tests\s+\S*\d+ passed/);
  }, 600_000);
});
