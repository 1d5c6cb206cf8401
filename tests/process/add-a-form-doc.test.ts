import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * docs/forms.md's "Adding a form", followed as written in a copy of the repository: the
 * module of its step 1 written to the file it names, its step 2's import and `builtIn`
 * entry added to the registry, then the typecheck and the forms' unit tests run there.
 * Nothing else is edited, so a test that pins the forms' codes, or a doc that leaves a
 * step out, fails here.
 */

const root = process.cwd();
const copy = mkdtempSync(join(tmpdir(), "fillway-add-a-form-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const SKIP = new Set(["node_modules", ".git", "build", "data", "test-results", ".react-router", "playwright-report"]);

function run(command: string, args: string[]) {
  const r = spawnSync(command, args, {
    cwd: copy,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "test", NO_COLOR: "1", FORCE_COLOR: "0" },
    timeout: 300_000,
  });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

describe("docs/forms.md, Adding a form", () => {
  it("applied to a copy of the repository, typechecks and passes the forms' tests", () => {
    cpSync(root, copy, { recursive: true, filter: (src) => !SKIP.has(relative(root, src).split("/")[0] ?? "") });
    symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");

    const doc = readFileSync(join(copy, "docs/forms.md"), "utf8");
    // Step 1: "Write the module, a new file `…`", then its code block.
    const step1 = /1\. Write the module, a new file `([^`]+)`[\s\S]*?```ts\n([\s\S]*?)```/.exec(doc);
    expect(step1, "step 1 names a file and shows its module").not.toBeNull();
    const [, file = "", block = ""] = step1 ?? [];
    const module = block
      .split("\n")
      .map((l) => l.replace(/^ {3}/, ""))
      .join("\n");
    expect(existsSync(join(copy, file))).toBe(false);
    writeFileSync(join(copy, file), module);

    // Step 2: "Add `callback` to `builtIn` in `registry.ts` (`import …;`)".
    const step2 = /2\. Add `(\w+)` to `builtIn` in `registry\.ts` \(`(import [^`]+;)`\)/.exec(doc.replace(/\n\s+/g, " "));
    expect(step2, "step 2 names the registry's line and its import").not.toBeNull();
    const [, name = "", importLine = ""] = step2 ?? [];
    const registryFile = join(copy, "app/features/leads/forms/registry.ts");
    const registry = readFileSync(registryFile, "utf8");
    const edited = registry
      .replace(/^(import [^\n]+\n)(?!import )/m, `$1${importLine}\n`)
      .replace(/const builtIn = \[([^\]]*)\] as const;/, (_, list: string) => `const builtIn = [${list}, ${name}] as const;`);
    expect(edited).not.toBe(registry);
    writeFileSync(registryFile, edited);

    const typecheck = run("npm", ["run", "-s", "typecheck"]);
    expect(typecheck.output).not.toMatch(/error TS/);
    expect(typecheck.status).toBe(0);

    const tests = run("npx", ["vitest", "run", "--project", "unit", "app/features/leads", "tests/unit/import-boundary.test.ts"]);
    const failed = [...tests.output.matchAll(/(?:×|FAIL)[^\n]*/g)].map((m) => m[0]);
    expect(failed).toEqual([]);
    expect(tests.status, tests.output.slice(-3000)).toBe(0);
    expect(tests.output).toMatch(/Tests\s+\S*\d+ passed/);
  }, 600_000);
});
