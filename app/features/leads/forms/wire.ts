import type { $ZodType } from "zod/v4/core";
import { isNumeric } from "./schemas";

/**
 * How the JSON API reads a body before a schema checks it (the decisions page's wire
 * contract): a client may send every number the specification names as a number or as its
 * text ("19", " 19 "), every text field as text or a number (ZIP 75201, a latitude 32.78),
 * and a boolean as `true` or `"true"` in any letter case. Which of the three a field is,
 * is read from the field's own rule in the schema, so a form module says nothing more.
 * What cannot be read as its kind ("19abc") is left as it came, and the schema refuses it
 * with the same message as any other wrong value. Only the API reads bodies this way; our
 * pages send numbers as numbers.
 */

export type WireKind = "number" | "text" | "boolean";

interface Def {
  type?: string;
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
  entries?: Record<string, unknown>;
  shape?: Record<string, $ZodType>;
}

const defOf = (schema: $ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What a field's rule takes: a number, a text or a boolean; undefined when it says nothing of the kind. */
export function wireKind(schema: $ZodType): WireKind | undefined {
  if (isNumeric(schema)) return "number";
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
      return def.innerType ? wireKind(def.innerType) : undefined;
    case "pipe":
      // A lenient rule is a transform piped into its rule: the rule says what it takes.
      return (def.out && wireKind(def.out)) ?? (def.in && wireKind(def.in));
    case "string":
      return "text";
    case "number":
    case "int":
      return "number";
    case "boolean":
      return "boolean";
    case "enum": {
      const values = Object.values(def.entries ?? {});
      if (values.length && values.every((v) => typeof v === "string")) return "text";
      if (values.length && values.every((v) => typeof v === "number")) return "number";
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The fields of an object schema, by name; empty for any other schema. */
export function wireShape(schema: $ZodType): Record<string, $ZodType> {
  return defOf(schema).shape ?? {};
}

/** A number written as text: digits, an optional sign and decimals, blanks around it. */
const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/** `value` read as `kind`, or as it came when it cannot be. */
export function asWireKind(kind: WireKind | undefined, value: unknown): unknown {
  switch (kind) {
    case "number":
      if (typeof value !== "string") return value;
      // A blank number is a number not sent: the rule says it is required.
      if (value.trim() === "") return undefined;
      return NUMBER_TEXT.test(value) ? Number(value) : value;
    case "text":
      return typeof value === "number" && Number.isFinite(value) ? String(value) : value;
    case "boolean": {
      if (typeof value !== "string") return value;
      const t = value.trim().toLowerCase();
      return t === "true" ? true : t === "false" ? false : value;
    }
    default:
      return value;
  }
}

const kindsOf = new WeakMap<$ZodType, Map<string, WireKind | undefined>>();

/** The kind of each field of an object schema, read once per schema. */
function fieldKinds(schema: $ZodType): Map<string, WireKind | undefined> {
  let kinds = kindsOf.get(schema);
  if (!kinds) {
    kinds = new Map(Object.entries(wireShape(schema)).map(([name, rule]) => [name, wireKind(rule)]));
    kindsOf.set(schema, kinds);
  }
  return kinds;
}

/** `body` with each field the schema describes read as its rule's kind; other fields as they came. */
export function readWire(schema: $ZodType, body: Record<string, unknown>): Record<string, unknown> {
  const kinds = fieldKinds(schema);
  let out: Record<string, unknown> | undefined;
  for (const name of Object.keys(body)) {
    if (!kinds.has(name)) continue;
    const value = body[name];
    const read = asWireKind(kinds.get(name), value);
    if (read === value) continue;
    // A copy on the first change (body as sent, when it is already as its rules take it).
    // defineProperty: a field a client names "__proto__" stays a field.
    out ??= { ...body };
    if (read === undefined) delete out[name];
    else Object.defineProperty(out, name, { value: read, writable: true, enumerable: true, configurable: true });
  }
  return out ?? body;
}

/** A form type code as the API reads it: a number, or its digits as text. */
export const wireTypeCode = (value: unknown): unknown => asWireKind("number", value);
