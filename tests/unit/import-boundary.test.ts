import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Server code depends on plain modules only: never on components, routes or anything that
// imports React, however indirectly. The shared protocol (field names, messages, the
// action's reply, the comment schema, blog types) lives in plain modules under app/lib.
const root = resolve(import.meta.dirname, "../..");
const app = join(root, "app");

const REACT = /^(react|react-dom|lucide-react|embla-carousel-react)(\/|$)/;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** The file an import of the app resolves to, or undefined for a package. */
function resolveImport(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith("~/")) base = join(app, spec.slice(2));
  else if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const importsOf = new Map<string, string[]>();
function imports(file: string): string[] {
  let list = importsOf.get(file);
  if (!list) {
    list = ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.map((f) => f.fileName);
    importsOf.set(file, list);
  }
  return list;
}

/** Why a module may not be reached from server code, or undefined when it may. */
function forbidden(file: string): string | undefined {
  const rel = relative(app, file);
  if (rel.startsWith("components/")) return "a component";
  if (rel.startsWith("routes/") || rel === "root.tsx") return "a route";
  if (file.endsWith(".tsx")) return "a React module";
  const react = imports(file).find((s) => REACT.test(s));
  return react ? `imports ${react}` : undefined;
}

/** Every import on the way from a server module to a module it may not reach, as "importer → module (why)". */
function crossings(start: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>([start]);
  const queue: string[][] = [[start]];
  while (queue.length) {
    const path = queue.shift() as string[];
    const file = path[path.length - 1] as string;
    for (const spec of imports(file)) {
      const target = resolveImport(file, spec);
      if (!target || seen.has(target)) continue;
      seen.add(target);
      const why = forbidden(target);
      const next = [...path, target];
      if (why) found.push(`${relative(root, file)} → ${relative(root, target)} (${why})`);
      else queue.push(next);
    }
  }
  return found;
}

describe("the server's import boundary", () => {
  it("no module under app/server reaches a component, a route or a module that imports React", () => {
    const server = [...sources(join(app, "server"))];
    expect(server.length).toBeGreaterThan(20);
    const all = server.flatMap((file) => (forbidden(file) ? [`${relative(root, file)} (${forbidden(file)})`] : crossings(file)));
    expect([...new Set(all)]).toEqual([]);
  });

  it("notices a crossing", () => {
    const here = join(app, "server", "x.server.ts");
    expect(resolveImport(here, "~/components/forms/field")).toBe(join(app, "components/forms/field.tsx"));
    expect(forbidden(join(app, "components/forms/field.tsx"))).toBe("a component");
    expect(forbidden(join(app, "lib/forms/use-form.ts"))).toMatch(/imports react/);
  });
});
