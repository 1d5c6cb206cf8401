import type { $ZodIssue, $ZodType } from "zod/v4/core";

/** What the visitor typed, by input name: every input of a form is a string. */
export type Values = Record<string, string>;

/** Messages by field, the shape of a 422 body's `errors` and of the form's errors. */
export type FieldErrors = Record<string, string[]>;

/**
 * Everything both sides need to know about one form: the browser uses it to validate as
 * the visitor types and to build the JSON it sends, the no-JavaScript page action uses
 * the same conversion and schema, and the API validates the JSON with the same schema.
 * Each form is one module in `kinds/`, listed once in `registry.ts`.
 */
export interface FormSpec {
  /** Identifies the form in the hidden `_form` field and in the stored lead. */
  kind: string;
  /** What the desk and the sales e-mails call the form. */
  label?: string;
  /** API path the browser calls (section 7). */
  endpoint: string;
  method?: "POST" | "PUT";
  /** The form's inputs and their empty values. */
  initial: Values;
  /**
   * Validates the JSON sent on the wire (a zod or zod/mini schema), or a loader for it:
   * the site's own forms load theirs when a visitor first focuses the form, so pages
   * do not ship the validation code to visitors who never fill a form in.
   */
  schema: $ZodType | (() => Promise<$ZodType>);
  /** Form values to wire payload (numbers parsed, derived fields computed). */
  toPayload(values: Values): Record<string, unknown>;
  /** The input that shows a wire field's error, when their names differ. */
  fieldOf?: (wireField: string) => string;
  /** The type codes (spec section 3) this form is sent with, and what each means to sales. */
  types?: Readonly<Record<number, string>>;
  /** Which layout of its feature's form those type codes show (a feature narrows it: the leads' `LeadFormSpec`). */
  layout?: string;
  /**
   * Whether a JSON body sent to `endpoint` is this form, where several forms share the
   * endpoint; by default, a body whose type code is one of `types`.
   */
  takes?: (body: Record<string, unknown>) => boolean;
  /**
   * What the API accepts (docs/deviations.md, "Wire contract"): every payload that satisfies
   * spec section 5's rules for the form. Given when our page asks for more than that;
   * without it the API uses `schema`.
   */
  wireSchema?: () => Promise<$ZodType>;
  /** Without JavaScript, the typed ZIP code fills in the rest of the address (form-action.server.ts). */
  addressFromZip?: boolean;
}

/**
 * Name of the hidden field bots fill in and people never see. Not a name any real form
 * uses, and marked autocomplete="off" so a browser's autofill leaves it empty.
 */
export const HONEYPOT_FIELD = "website";

/** A ZodError, or any object with zod issues (what a schema's "~standard" validate returns). */
export interface IssueList {
  issues: readonly $ZodIssue[];
}

export function errorsFromZod(error: IssueList, fieldOf: (f: string) => string = (f) => f): FieldErrors {
  // No prototype: a client may send a field named "__proto__" or "constructor".
  const out: FieldErrors = Object.create(null);
  const add = (field: string, message: string) => {
    const list = Object.hasOwn(out, field) ? (out[field] as string[]) : [];
    if (!list.includes(message)) list.push(message);
    out[field] = list;
  };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add(key, "This field is not accepted");
      continue;
    }
    const wire = issue.path.length ? String(issue.path[0]) : "_form";
    add(fieldOf(wire), issue.message);
  }
  return out;
}

export type Validated = { ok: true; payload: Record<string, unknown> } | { ok: false; errors: FieldErrors };

const loaded = new WeakMap<FormSpec, $ZodType>();
const loading = new WeakMap<FormSpec, Promise<$ZodType>>();

/** The spec's schema if it is at hand (given directly, or already loaded). */
export function schemaIfLoaded(spec: FormSpec): $ZodType | undefined {
  return typeof spec.schema === "function" ? loaded.get(spec) : spec.schema;
}

/** The spec's schema, loading it once if it comes from a loader. */
export function resolveSchema(spec: FormSpec): Promise<$ZodType> {
  const ready = schemaIfLoaded(spec);
  if (ready) return Promise.resolve(ready);
  let p = loading.get(spec);
  if (!p) {
    const load = spec.schema as () => Promise<$ZodType>;
    p = load().then(
      (schema) => {
        loaded.set(spec, schema);
        return schema;
      },
      (error: unknown) => {
        // A failed download (offline) may be retried on the next attempt.
        loading.delete(spec);
        throw error;
      },
    );
    loading.set(spec, p);
  }
  return p;
}

/** Converts form values as the browser sends them, and validates them with `schema`. */
export function validateWith(schema: $ZodType, spec: FormSpec, values: Values): Validated {
  const payload = spec.toPayload(values);
  // The Standard Schema entry point runs zod without importing zod here, so the page
  // bundle stays free of it until the schema chunk arrives.
  const result = schema["~standard"].validate(payload) as { value?: unknown; issues?: readonly $ZodIssue[] };
  if (!result.issues) return { ok: true, payload: result.value as Record<string, unknown> };
  return { ok: false, errors: errorsFromZod({ issues: result.issues }, spec.fieldOf) };
}

/** Converts and validates form values exactly as the server will (the schema must be loaded). */
export function validateValues(spec: FormSpec, values: Values): Validated {
  const schema = schemaIfLoaded(spec);
  if (!schema) throw new Error(`The schema of form "${spec.kind}" is not loaded yet (resolveSchema).`);
  return validateWith(schema, spec, values);
}

/** The inputs of a form, in order, restricted to what the spec knows (no-JS posts). */
export function pickValues(spec: FormSpec, source: (name: string) => string | null | undefined): Values {
  const values: Values = {};
  for (const name of Object.keys(spec.initial)) values[name] = source(name) ?? spec.initial[name] ?? "";
  return values;
}

/**
 * A posted form's fields that hold a NUL character (no database stores one in text, and
 * no keyboard types one), each with the error to show beside it, and the values with the
 * character taken out to show again; null when there is none.
 */
export function nulFields(values: Values): { errors: FieldErrors; values: Values } | null {
  const names = Object.keys(values).filter((k) => values[k]?.includes("\0"));
  if (!names.length) return null;
  const errors: FieldErrors = Object.create(null);
  for (const n of names) errors[n] = ["Remove the NUL character"];
  return { errors, values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.replaceAll("\0", "")])) };
}

/** Empty strings become absent, so an optional field left blank is simply not sent. */
export function compact(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined && v !== ""));
}
