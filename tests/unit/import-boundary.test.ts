import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The house's rules, read from the imports themselves:
// - server code depends on plain modules only: never on components, routes or anything that
//   imports React, however indirectly;
// - app/platform knows no feature: features register with it at the composition root;
// - app/shared holds plain helpers: no React, no Node, no server code;
// - app/ui and app/shared sit below the features: they import none (app/site brings features
//   together on a page), and no feature imports the composition root (app/server);
// - routes and components reach the database only through a feature's *.server.ts services.
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
  if (rel.startsWith("ui/") || rel.includes("/components/")) return "a component";
  if (rel.startsWith("routes/") || rel.includes("/routes/") || rel === "root.tsx") return "a route";
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

/** The part of the app a file belongs to. */
function area(file: string): string {
  const rel = relative(app, file).split(sep).join("/");
  if (rel.startsWith("platform/")) return "platform";
  if (rel.startsWith("features/")) return `feature:${rel.split("/")[1]}`;
  if (rel.startsWith("shared/")) return "shared";
  if (rel.startsWith("ui/")) return "ui";
  if (rel.startsWith("copy/")) return "copy";
  if (rel.startsWith("server/")) return "server";
  return "app";
}

const isServer = (file: string) => /\.server\.tsx?$/.test(file) || area(file) === "platform";
const isView = (file: string) => /\.tsx$/.test(file) || /(^|\/)(routes|components)\//.test(relative(app, file).split(sep).join("/"));

/** Every rule an import from `file` to `target` breaks. */
function broken(file: string, target: string): string[] {
  const out: string[] = [];
  const from = area(file);
  const to = area(target);
  if (from === "platform" && to.startsWith("feature:")) out.push("the platform imports a feature");
  if ((from === "ui" || from === "shared") && to.startsWith("feature:")) out.push("the shared components or helpers import a feature");
  if (from.startsWith("feature:") && to === "server") out.push("a feature imports the composition root");
  if (from === "shared" && (isServer(target) || /\.tsx$/.test(target) || to === "ui")) out.push("shared code imports a component or server code");
  if (isView(file) && !isServer(file) && relative(app, target).split(sep).join("/").startsWith("platform/db/") && !target.endsWith("faults.server.ts"))
    out.push("a route or component imports the database");
  return out;
}

describe("the house's boundaries", () => {
  const all = [...sources(app)];

  it("no server module reaches a component, a route or a module that imports React", () => {
    const server = all.filter((f) => isServer(f) && !f.endsWith(".tsx"));
    expect(server.length).toBeGreaterThan(60);
    const found = server.flatMap((file) => (forbidden(file) ? [`${relative(root, file)} (${forbidden(file)})`] : crossings(file)));
    expect([...new Set(found)]).toEqual([]);
  });

  it("the platform, the shared components and helpers import no feature, no feature the composition root, shared code no React or server code, and no route or component the database", () => {
    const found: string[] = [];
    for (const file of all) {
      for (const spec of imports(file)) {
        const target = resolveImport(file, spec);
        if (target) for (const why of broken(file, target)) found.push(`${relative(root, file)} → ${relative(root, target)} (${why})`);
      }
      if (area(file) === "shared") {
        const bad = imports(file).find((s) => REACT.test(s) || s.startsWith("node:"));
        if (bad) found.push(`${relative(root, file)} → ${bad} (shared code imports React or Node)`);
      }
    }
    expect(found).toEqual([]);
  });

  it("notices a crossing", () => {
    const here = join(app, "platform", "x.server.ts");
    expect(resolveImport(here, "~/ui/forms/field")).toBe(join(app, "ui/forms/field.tsx"));
    expect(forbidden(join(app, "ui/forms/field.tsx"))).toBe("a component");
    expect(forbidden(join(app, "features/leads/components/contact-form.tsx"))).toBe("a component");
    expect(broken(here, join(app, "features/leads/store.server.ts"))).toEqual(["the platform imports a feature"]);
    expect(broken(join(app, "features/leads/routes/desk/lead.tsx"), join(app, "platform/db/db.server.ts"))).toEqual([
      "a route or component imports the database",
    ]);
    expect(broken(join(app, "shared/seo.ts"), join(app, "ui/nonce.tsx"))).toHaveLength(1);
  });

  it("every table has one owner, and only its owner queries it", async () => {
    const owners = new Map<string, string>();
    const parts = [...readdirSync(join(app, "features")).map((f) => `features/${f}`), "platform/db"];
    for (const part of parts) {
      const file = join(app, part, "tables.ts");
      if (!existsSync(file)) continue;
      const { tables } = (await import(file)) as { tables: readonly string[] };
      for (const t of tables) {
        expect(owners.get(t), `${t} is declared by ${owners.get(t)} and ${part}`).toBeUndefined();
        owners.set(t, part === "platform/db" ? "platform" : `feature:${part.split("/")[1]}`);
      }
    }
    const schema = readFileSync(join(app, "platform/db/schema.ts"), "utf8");
    const declared = [...schema.slice(schema.indexOf("export interface Database")).matchAll(/^ {2}([a-z_]+):/gm)].map((m) => m[1] as string);
    expect(declared.filter((t) => !owners.has(t))).toEqual([]);
    const found: string[] = [];
    for (const file of all) {
      const rel = relative(app, file).split(sep).join("/");
      if (rel.startsWith("platform/db/migrations/")) continue;
      for (const t of tablesQueried(readFileSync(file, "utf8"), declared)) {
        const owner = owners.get(t);
        const from = area(file) === "server" || area(file) === "app" ? undefined : area(file);
        if (owner && from && owner !== from) found.push(`${rel} → ${t}`);
      }
    }
    // No module queries another part's table: it asks the owner's service (the newsletter's
    // subscribers, stored as leads of kind "newsletter", through the leads feature's
    // subscribers.server.ts; the outbox through its own API).
    expect(found).toEqual([]);
  });

  it("reads the tables a module queries, in the query builder and in SQL", () => {
    const known = ["leads", "staff", "outbox"];
    expect(tablesQueried('k.selectFrom("leads as l").leftJoin("staff", (j) => j)', known)).toEqual(["leads", "staff"]);
    expect(tablesQueried("sql`SELECT count(*) FROM outbox WHERE x`", known)).toEqual(["outbox"]);
    expect(tablesQueried("sql<{ n: number }>`SELECT count(*) AS n FROM outbox`", known)).toEqual(["outbox"]);
    expect(tablesQueried('const leads = 1; "staff"', known)).toEqual([]);
  });
});

/** The tables of `known` a module's source queries: by the query builder's calls, and by name after FROM, JOIN, UPDATE or INTO in SQL. */
function tablesQueried(src: string, known: readonly string[]): string[] {
  const found = new Set<string>();
  for (const m of src.matchAll(
    /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto|replaceInto)\(\s*"([a-z_]+)/g,
  ))
    found.add(m[1] as string);
  if (/\bsql(?:<[^`]*>)?`|sql\.raw\(/.test(src))
    for (const m of src.matchAll(/\b(?:FROM|JOIN|UPDATE|INTO|from|join)\s+"?([a-z_]+)"?/g)) found.add(m[1] as string);
  return [...found].filter((t) => known.includes(t)).sort();
}
