import { describe, expect, it } from "vitest";
import { exampleSteps, passes, repositoryCopy, typechecks } from "./doc-example";

/**
 * docs/desk.md's "Example: who holds the open leads", followed as written in a copy of the
 * repository: each step's code block written to the new file the step names, or added to
 * the list of screens it names, then the commands of its last step run there (the
 * typecheck and the tests that hold desk screens to their rules, the example's own test
 * among them). Nothing else is edited, so a doc that leaves a step out, or a rule that
 * the example breaks, fails here.
 */

const repo = repositoryCopy("add-a-desk-screen");
const { run } = repo;

describe("docs/desk.md, Writing a desk screen, its example", () => {
  it("applied to a copy of the repository, typechecks and passes the desk screens' tests", () => {
    repo.make();

    const all = exampleSteps(repo.read("docs/desk.md"), "### Example: who holds the open leads");
    const created: string[] = [];
    const commands: string[] = [];
    for (const step of all) {
      const newFile = /a new file `([^`]+)`/.exec(step.words)?.[1];
      const addedTo = /added to `(\w+)` in `([^`]+)`/.exec(step.words);
      if (newFile) {
        // "…, a new file `path`": the block is the whole file.
        repo.create(newFile, step.code);
        created.push(newFile);
      } else if (addedTo) {
        // "…, added to `list` in `path`": the block's lines go at the end of that list.
        const [, list = "", file = ""] = addedTo;
        const source = repo.read(file);
        const edited = source.replace(
          new RegExp(`(export const ${list}\\b[^=]*= \\[[\\s\\S]*?)\\n\\];`),
          (_, head: string) => `${head}\n${step.code.replace(/^/gm, "  ").trimEnd()}\n];`,
        );
        expect(edited, `${file} has the list ${list}`).not.toBe(source);
        repo.write(file, edited);
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

    typechecks(run, typecheck ?? "");

    // The desk screens' rules and every test file the example writes ran.
    passes(run, vitest ?? "", ["tests/unit/desk-screens.test.ts", ...created.filter((f) => /\.test\.tsx?$/.test(f))]);
  }, 600_000);
});
