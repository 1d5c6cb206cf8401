import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { deskScreens } from "~/routes/desk/screens";

// The desk's screens are declared once (app/routes/desk/screens.ts collects each feature's
// desk-screens.ts); routes, menu and access all come from there.
const root = resolve(import.meta.dirname, "../..");
const app = join(root, "app");

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** Route modules of the desk: everything under a routes/desk folder but the shell itself. */
const SHELL = new Set(["routes/desk/layout.tsx", "routes/desk/screens.ts"]);
const deskRouteFiles = [...files(app)].map((f) => relative(app, f).split("\\").join("/")).filter((f) => /(^|\/)routes\/desk\//.test(f) && !SHELL.has(f));

/** Every route module of the site: the public pages and the desk's screens. */
const routeModules = [...files(app)]
  .map((f) => relative(app, f).split("\\").join("/"))
  .filter((f) => /(^|\/)routes\//.test(f) && f !== "routes/desk/screens.ts");

const MAX_ROUTE_LINES = 150;

describe("desk screens", () => {
  it("declares every desk route module, and only existing ones", () => {
    const declared = new Set(deskScreens.map((s) => s.file));
    expect(deskRouteFiles.filter((f) => !declared.has(f))).toEqual([]);
    expect([...declared].filter((f) => !deskRouteFiles.includes(f))).toEqual([]);
  });

  it("declares each address once", () => {
    const paths = deskScreens.map((s) => s.path ?? "");
    expect(paths.length).toBe(new Set(paths).size);
  });

  it("marks read-only exactly the screens without an action", () => {
    for (const s of deskScreens) {
      const source = readFileSync(join(app, s.file), "utf8");
      const hasAction = /export (async )?function action\b|export const action\b/.test(source);
      expect(Boolean(s.readOnly), s.file).toBe(!hasAction);
    }
  });

  it("keeps every route module at most 150 lines (the parts live in components, hooks and services)", () => {
    const long = routeModules
      .map((f) => ({ f, lines: readFileSync(join(app, f), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > MAX_ROUTE_LINES)
      .map(({ f, lines }) => `${f}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
