import { createHash } from "node:crypto";
import type { CompiledQuery, Kysely } from "kysely";
import type { Database } from "./schema";
import { loadedOnce } from "~/platform/module-copies.server";

loadedOnce("compiled-queries");

/**
 * Statements on the hot path (a lead and its outbox rows, the replay lookup), built with
 * Kysely once per database handle and then run with each call's parameters only.
 *
 * Building and compiling a query is a good part of a small insert's cost when the lead
 * endpoint takes well over a thousand a second. Kysely still writes the SQL, for
 * whichever dialect the handle speaks (`?` or `$1`, quoting, RETURNING), and the compiled
 * query keeps its node, so the SQLite driver still sends a SELECT to its read connection
 * and plugins see it as before. The parameters must come in the order the builder put
 * them, which `compiledOnce` checks against the expected count.
 */
const cache = new WeakMap<object, Map<string, CompiledQuery>>();

export function compiledOnce(
  db: Kysely<Database>,
  key: string,
  parameterCount: number,
  build: (db: Kysely<Database>) => { compile(): CompiledQuery },
): CompiledQuery {
  let byKey = cache.get(db);
  if (!byKey) {
    byKey = new Map();
    cache.set(db, byKey);
  }
  let compiled = byKey.get(key);
  if (!compiled) {
    compiled = build(db).compile();
    if (compiled.parameters.length !== parameterCount) {
      throw new Error(`${key}: compiled with ${compiled.parameters.length} parameters, expected ${parameterCount}`);
    }
    byKey.set(key, compiled);
    prepared(compiled);
  }
  return compiled;
}

/**
 * A statement built on each call whose SQL text is one of a few (its values all
 * parameters), run as a named prepared statement on PostgreSQL like those compiled once.
 * Every distinct text is remembered for the process's life: only for texts that do not
 * grow with the data (a fixed list of templates, say).
 */
export function prepared<Q extends CompiledQuery>(compiled: Q): Q {
  if (!preparedNames.has(compiled.sql)) {
    preparedNames.set(compiled.sql, `fw_${createHash("sha1").update(compiled.sql).digest("hex").slice(0, 20)}`);
  }
  return compiled;
}

/**
 * The SQL of every statement compiled once or passed through `prepared`, each with a name
 * of its own (from its text).
 * On PostgreSQL these run as named prepared statements (db.server.ts): each connection
 * parses and plans one the first time and then only binds the parameters, where an
 * unnamed statement is parsed and planned on every run.
 */
const preparedNames = new Map<string, string>();

export function preparedName(sql: string): string | undefined {
  return preparedNames.get(sql);
}

/** A compiled query run on `executor` (a transaction's too) with these parameters. */
export async function runCompiled<R>(executor: Kysely<Database>, compiled: CompiledQuery, parameters: readonly unknown[]): Promise<R[]> {
  const { rows } = await executor.executeQuery<R>({ ...compiled, parameters } as CompiledQuery<R>);
  return rows;
}
