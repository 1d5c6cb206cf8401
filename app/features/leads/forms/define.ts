import type { $ZodType } from "zod/v4/core";
import { compact, type FormSpec, type Values } from "~/shared/forms/form-spec";
import type * as Rules from "~/features/leads/forms/schemas";

/**
 * What a form's module (`kinds/*.ts`) is built from: its schema loader, its choices and
 * the conversion of its inputs to the JSON of spec section 3. Kept apart from the form
 * kit (form-spec.ts), which pages without a lead form (a blog post's comments) also load.
 */

/**
 * A schema loader built from the shared field rules: the rules and zod arrive in one chunk
 * when a form first needs them, so no page ships validation code up front. Built once.
 */
export function fromRules(build: (r: typeof Rules) => $ZodType): () => Promise<$ZodType> {
  let built: Promise<$ZodType> | undefined;
  return () => {
    built ??= import("~/features/leads/forms/schemas").then(build, (error: unknown) => {
      // A failed download (offline) may be retried on the next attempt.
      built = undefined;
      throw error;
    });
    return built;
  };
}

/**
 * The loader of what the API accepts (a form module's `wireSchema`): the same build with
 * the shared rules' lenient twins (`wire` in schemas.ts) in place of the page's rules.
 */
export function fromWireRules(build: (r: typeof Rules) => $ZodType): () => Promise<$ZodType> {
  // The twins parse to the same output types; only their zod classes differ.
  return fromRules((r) => build({ ...r, ...r.wire } as unknown as typeof Rules));
}

/** The codes of a form's `types`, as numbers. */
export function typeCodes(spec: Pick<FormSpec, "types">): number[] {
  return Object.keys(spec.types ?? {}).map(Number);
}

/** A form's choices for a select: the values sent, with the words shown where they differ. */
export function options<const T extends string>(values: readonly T[], labels?: Partial<Record<T, string>>) {
  return values.map((value) => ({ value, label: labels?.[value] ?? value }));
}

/**
 * "" → absent; a whole number → a number, thousands written as people write them
 * ("4,000", "4 000", "4 000" with a no-break space) included; anything else stays text so
 * the schema can say why.
 */
export function toNumber(v: string | undefined): number | string | undefined {
  const t = (v ?? "").trim();
  if (t === "") return undefined;
  if (/^\d{1,15}$/.test(t)) return Number(t);
  if (/^\d{1,3}(?:([, \u00a0\u202f])\d{3})(?:\1\d{3}){0,3}$/.test(t)) return Number(t.replace(/\D/g, ""));
  return t;
}

/** The named inputs as they are, blanks left out. */
export const plain = (v: Values, names: string[]) => compact(Object.fromEntries(names.map((n) => [n, v[n]])));
/** The named inputs and the form's type code (a number). */
export const withType = (v: Values, names: string[]) => ({ ...plain(v, names), ...compact({ type: toNumber(v.type) }) });
/** Empty values for the named inputs and the type code. */
export const empty = (names: string[]): Values => Object.fromEntries([...names, "type"].map((n) => [n, ""]));
