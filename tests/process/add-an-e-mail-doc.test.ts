import { describe, expect, it } from "vitest";
import { exampleSteps, passes, repositoryCopy, typechecks } from "./doc-example";

/**
 * docs/architecture.md's "Adding an e-mail", followed as written in a copy of the
 * repository: each step's code block written to the new file the step names, or its
 * import added to the feature's module and the message's name to the list it names, then
 * the commands of its last step run there (the typecheck, the example's own integration
 * test, and the import boundaries). Nothing else is edited, so a doc that leaves a step
 * out, or code that no longer fits the outbox, fails here.
 */

const repo = repositoryCopy("add-an-e-mail");
const { run } = repo;

describe("docs/architecture.md, Adding an e-mail", () => {
  it("applied to a copy of the repository, typechecks and passes its test and the import boundaries", () => {
    repo.make();

    const all = exampleSteps(repo.read("docs/architecture.md"), "### Adding an e-mail");
    const created: string[] = [];
    const commands: string[] = [];
    for (const step of all) {
      const newFile = /a new file `([^`]+)`/.exec(step.words)?.[1];
      const addedTo = /`(\w+)` added to `(\w+)` in `([^`]+)`/.exec(step.words);
      if (newFile) {
        // "…, a new file `path`": the block is the whole file.
        repo.create(newFile, step.code);
        created.push(newFile);
      } else if (addedTo) {
        // "`name` added to `list` in `path`, with its import": the block's imports go after
        // the module's last import, and the name at the end of the list.
        const [, name = "", list = "", file = ""] = addedTo;
        const source = repo.read(file);
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
        repo.write(file, edited);
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

    typechecks(run, typecheck ?? "");

    passes(run, integration ?? "", intTests);
    passes(run, unit ?? "", ["tests/unit/import-boundary.test.ts"]);
  }, 600_000);
});
