/**
 * Modules whose state must exist once per process (the write queue, the rate limiter, the
 * metrics hooks) count their loads here, in a table on globalThis that every copy of this
 * module shares. A second load means two copies of the module, and with them two write
 * queues batching apart: the production server refuses to start (app/server/main.server.ts)
 * and /metrics shows the count. In development Vite loads an edited module again; that is
 * counted too, and allowed.
 */
const KEY = Symbol.for("fillway.module-copies");
const table = globalThis as typeof globalThis & { [KEY]?: Map<string, number> };
table[KEY] ??= new Map();
const loads: Map<string, number> = table[KEY];

/** Called once at the top level of a module with state. */
export function loadedOnce(name: string): void {
  loads.set(name, (loads.get(name) ?? 0) + 1);
}

/** How many times each module with state was loaded in this process. */
export const moduleCopies = (): ReadonlyMap<string, number> => loads;

/** The modules with state loaded more than once. */
export const duplicatedModules = (): string[] => [...loads].filter(([, n]) => n > 1).map(([name]) => name);
