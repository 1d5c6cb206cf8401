import type { ZodError, ZodType } from "zod";

/** What the visitor typed, by input name: every input of a form is a string. */
export type Values = Record<string, string>;

/** Messages by field, the shape of a 422 body's `errors` and of the form's errors. */
export type FieldErrors = Record<string, string[]>;

/**
 * Everything both sides need to know about one form: the browser uses it to validate as
 * the visitor types and to build the JSON it sends, the no-JavaScript page action uses
 * the same conversion and schema, and the API validates the JSON with the same schema.
 */
export interface FormSpec {
  /** Identifies the form in the hidden `_form` field and in the stored lead. */
  kind: string;
  /** API path the browser calls (section 7). */
  endpoint: string;
  method?: "POST" | "PUT";
  /** The form's inputs and their empty values. */
  initial: Values;
  /** Validates the JSON sent on the wire. */
  schema: ZodType;
  /** Form values to wire payload (numbers parsed, derived fields computed). */
  toPayload(values: Values): Record<string, unknown>;
  /** The input that shows a wire field's error, when their names differ. */
  fieldOf?: (wireField: string) => string;
}

/**
 * Name of the hidden field bots fill in and people never see. Not a name any real form
 * uses, and marked autocomplete="off" so a browser's autofill leaves it empty.
 */
export const HONEYPOT_FIELD = "website";

/** Fields the API accepts on every public form besides the form's own. */
export const META_FIELDS = ["submissionId", "pagePath", HONEYPOT_FIELD] as const;

export function errorsFromZod(error: ZodError, fieldOf: (f: string) => string = (f) => f): FieldErrors {
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

/** Converts and validates form values exactly as the server will. */
export function validateValues(spec: FormSpec, values: Values): Validated {
  const payload = spec.toPayload(values);
  const parsed = spec.schema.safeParse(payload);
  if (parsed.success) return { ok: true, payload: parsed.data as Record<string, unknown> };
  return { ok: false, errors: errorsFromZod(parsed.error, spec.fieldOf) };
}

/** The inputs of a form, in order, restricted to what the spec knows (no-JS posts). */
export function pickValues(spec: FormSpec, source: (name: string) => string | null | undefined): Values {
  const values: Values = {};
  for (const name of Object.keys(spec.initial)) values[name] = source(name) ?? spec.initial[name] ?? "";
  return values;
}

/** Empty strings become absent, so an optional field left blank is simply not sent. */
export function compact(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined && v !== ""));
}
