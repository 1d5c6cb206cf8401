import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * A path that the docs or a code comment names exists in the repository, so a reader who
 * follows it finds the file. Checked: every Markdown file under docs/ and the README, and
 * the comments of the code. A path counts as named when it starts at one of the repository's
 * top folders (app/, tests/, scripts/, docs/, deploy/, bench/); it exists when it is a file,
 * a folder, a module named without its extension, or the start of a file's name
 * (`bench/crash` for bench/crash.json and bench/crash.md).
 *
 * A worked example that creates a file names it after the words "new file" on the same line
 * or in the sentence before (docs/forms.md's form module): those paths are not looked up.
 *
 * A decision record is superseded rather than grown (docs/decisions/README.md): one over
 * 120 lines must say `Status: superseded by NNN`.
 */

// The working tree's files: those committed and those added but not yet committed (not the ignored ones).
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => f && existsSync(f));
const folders = new Set(
  files.flatMap((f) =>
    f
      .split("/")
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
  ),
);
const exists = (path: string) => files.includes(path) || folders.has(path) || files.some((f) => f.startsWith(`${path}.`) || f.startsWith(`${path}-`));

const MAX_RECORD_LINES = 120;

const NAMED = /(?<![\w./~$-])((?:app|tests|scripts|docs|deploy|bench)\/[\w./@+-]*\w)/g;

/** The text in which paths are looked for: a Markdown file whole, only the comments of code. */
function prose(file: string, text: string): string {
  if (file.endsWith(".md")) return text;
  return text
    .split("\n")
    .map((line) => /(?:^\s*(?:\/\/|\/\*|\*|#)|\s\/\/\s)(.*)$/.exec(line)?.[1] ?? "")
    .join("\n");
}

function brokenPaths(): string[] {
  const broken: string[] = [];
  const checked = files.filter(
    (f) =>
      (/^docs\/.*\.md$/.test(f) || f === "README.md" || /^(app|tests|scripts|deploy)\/.*\.(ts|tsx|mjs|js|sh)$/.test(f)) &&
      f !== "tests/unit/named-paths.test.ts",
  );
  for (const file of checked) {
    const lines = prose(file, readFileSync(file, "utf8")).split("\n");
    lines.forEach((line, i) => {
      if (/new file/i.test(`${lines[i - 1] ?? ""} ${line}`)) return;
      for (const m of line.matchAll(NAMED)) {
        const path = (m[1] as string).replace(/[./]+$/, "");
        if (path.includes("*")) continue;
        if (!exists(path)) broken.push(`${file}:${i + 1} names ${path}`);
      }
    });
  }
  return broken;
}

describe("paths named in the docs and in code comments", () => {
  it("all exist", () => {
    expect(brokenPaths()).toEqual([]);
  });
});

describe("decision records", () => {
  it("are at most 120 lines, unless superseded", () => {
    const long = files
      .filter((f) => /^docs\/decisions\/\d+-.*\.md$/.test(f))
      .map((f) => ({ f, text: readFileSync(f, "utf8") }))
      .map(({ f, text }) => ({ f, lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0), status: /^Date: .*Status: (.*)$/m.exec(text)?.[1] ?? "" }))
      .filter(({ lines, status }) => lines > MAX_RECORD_LINES && !/^superseded by \d+/.test(status))
      .map(({ f, lines }) => `${f}: ${lines} lines; supersede it with a new record instead of growing it`);
    expect(long).toEqual([]);
  });
});
