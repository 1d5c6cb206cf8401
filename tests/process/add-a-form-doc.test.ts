import { describe, expect, it } from "vitest";
import { passes, repositoryCopy, typechecks } from "./doc-example";

/**
 * docs/forms.md's "Adding a form", followed as written in a copy of the repository: the
 * module of its step 1 written to the file it names, its step 2's import and `builtIn`
 * entry added to the registry, then the typecheck and the forms' unit tests run there.
 * Nothing else is edited, so a test that pins the forms' codes, or a doc that leaves a
 * step out, fails here.
 */

const repo = repositoryCopy("add-a-form");
const { run } = repo;

describe("docs/forms.md, Adding a form", () => {
  it("applied to a copy of the repository, typechecks and passes the forms' tests", () => {
    repo.make();

    const doc = repo.read("docs/forms.md");
    // Step 1: "Write the module, a new file `…`", then its code block.
    const step1 = /1\. Write the module, a new file `([^`]+)`[\s\S]*?```ts\n([\s\S]*?)```/.exec(doc);
    expect(step1, "step 1 names a file and shows its module").not.toBeNull();
    const [, file = "", block = ""] = step1 ?? [];
    const module = block
      .split("\n")
      .map((l) => l.replace(/^ {3}/, ""))
      .join("\n");
    repo.create(file, module);

    // Step 2: "Add `callback` to `builtIn` in `registry.ts` (`import …;`)".
    const step2 = /2\. Add `(\w+)` to `builtIn` in `registry\.ts` \(`(import [^`]+;)`\)/.exec(doc.replace(/\n\s+/g, " "));
    expect(step2, "step 2 names the registry's line and its import").not.toBeNull();
    const [, name = "", importLine = ""] = step2 ?? [];
    const registryFile = "app/features/leads/forms/registry.ts";
    const registry = repo.read(registryFile);
    const edited = registry
      .replace(/^(import [^\n]+\n)(?!import )/m, `$1${importLine}\n`)
      .replace(/const builtIn = \[([^\]]*)\] as const;/, (_, list: string) => `const builtIn = [${list}, ${name}] as const;`);
    expect(edited).not.toBe(registry);
    repo.write(registryFile, edited);

    typechecks(run, "npm run -s typecheck");
    passes(run, "npx vitest run --project unit app/features/leads tests/unit/import-boundary.test.ts", ["tests/unit/import-boundary.test.ts"]);
  }, 600_000);
});
