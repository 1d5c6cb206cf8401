import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * docs/architecture.md's "Adding an e-mail", followed as written in a copy of the
 * repository: each step's code block written to the new file the step names, or its
 * import added to the feature's module and the message's name to the list it names, then
 * the commands of its last step run there (the typecheck, the example's own integration
 * test, and the import boundaries). Nothing else is edited, so a doc that leaves a step
 * out, or code that no longer fits the outbox, fails here.
 */

const root = process.cwd();
const copy = mkdtempSync(join(tmpdir(), "fillway-add-an-e-mail-"));
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
  const start = doc.indexOf("### Adding an e-mail");
  expect(start, "docs/architecture.md has the example").toBeGreaterThan(-1);
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

/** Runs one vitest command and checks that nothing failed and that each of `files` ran. */
function passes(command: string, files: string[]) {
  const tests = run(command);
  const failed = [...tests.output.matchAll(/(?:×|FAIL)[^\n]*/g)].map((m) => m[0]);
  expect(failed, command).toEqual([]);
  expect(tests.status, tests.output.slice(-3000)).toBe(0);
  for (const file of files) expect(tests.output, `${file} ran`).toContain(file);
  expect(tests.output).toMatch(/Tests\s+\S*\d+ passed/);
}

describe("docs/architecture.md, Adding an e-mail", () => {
  it("applied to a copy of the repository, typechecks and passes its test and the import boundaries", () => {
    cpSync(root, copy, { recursive: true, filter: (src) => !SKIP.has(relative(root, src).split("/")[0] ?? "") });
    symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");

    const all = steps(readFileSync(join(copy, "docs/architecture.md"), "utf8"));
    const created: string[] = [];
    const commands: string[] = [];
    for (const step of all) {
      const newFile = /a new file `([^`]+)`/.exec(step.words)?.[1];
      const addedTo = /`(\w+)` added to `(\w+)` in `([^`]+)`/.exec(step.words);
      if (newFile) {
        // "…, a new file `path`": the block is the whole file.
        expect(existsSync(join(copy, newFile)), `${newFile} is new`).toBe(false);
        mkdirSync(dirname(join(copy, newFile)), { recursive: true });
        writeFileSync(join(copy, newFile), step.code);
        created.push(newFile);
      } else if (addedTo) {
        // "`name` added to `list` in `path`, with its import": the block's imports go after
        // the module's last import, and the name at the end of the list.
        const [, name = "", list = "", file = ""] = addedTo;
        const source = readFileSync(join(copy, file), "utf8");
        const imports = step.code.trim();
        expect(imports, "the block is the import of the name").toMatch(new RegExp(`^import \\{[^}]*\\b${name}\\b[^}]*\\} from "[^"]+";$`));
        const lastImport = [...source.matchAll(/^import [\s\S]*?;\n/gm)].at(-1);
        expect(lastImport, `${file} has imports`).toBeDefined();
        const at = (lastImport?.index ?? 0) + (lastImport?.[0].length ?? 0);
        const withImport = `${source.slice(0, at)}${imports}\n${source.slice(at)}`;
        const edited = withImport.replace(
          new RegExp(`(export const ${list}\\b[^=]*= \\[)([\\s\\S]*?)(,?\\s*)\\]`),
          (_, head: string, items: string, tail: string) => `${head}${items}, ${name}${tail.replace(/^,/, "")}]`,
        );
        expect(edited, `${file} has the list ${list}`).not.toBe(withImport);
        writeFileSync(join(copy, file), edited);
      } else if (step.lang === "sh") {
        commands.push(...step.code.split("\n").filter((l) => l.trim() !== ""));
      } else {
        expect.fail(`a step with a code block names no new file and no list: "${step.words}"`);
      }
    }
    const intTests = created.filter((f) => /\.int\.test\.ts$/.test(f));
    expect(
      created.filter((f) => /\.server\.ts$/.test(f)),
      "the example writes the message's module",
    ).toHaveLength(1);
    expect(intTests, "the example writes an integration test").toHaveLength(1);
    const typecheck = commands.find((c) => /\bnpm run -s typecheck$/.test(c));
    const integration = commands.find((c) => /^npx vitest run --project integration /.test(c));
    const unit = commands.find((c) => /^npx vitest run --project unit /.test(c));
    expect(typecheck, "the last step runs the typecheck").toBeDefined();
    expect(integration, "the last step runs the example's test").toContain(intTests[0]);
    expect(unit, "the last step runs the import boundaries").toMatch(/tests\/unit\/import-boundary\.test\.ts/);

    const checked = run(typecheck ?? "");
    expect(checked.output).not.toMatch(/error TS/);
    expect(checked.status, checked.output.slice(-3000)).toBe(0);

    passes(integration ?? "", intTests);
    passes(unit ?? "", ["tests/unit/import-boundary.test.ts"]);
  }, 600_000);
});
