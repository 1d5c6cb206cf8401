/**
 * The fields a template may hold, written in braces: `Hello {first name},`. Browser-safe
 * (the templates screen lists them). A field is filled from the lead when the template is
 * picked; a field the lead lacks stays as written, and a message still holding one is not
 * sent. Letter case and the spaces inside the braces do not matter: `{First Name}` and
 * `{ first name }` are `{first name}`.
 */
export const templateFields = [
  { key: "first name", says: "the person's first name" },
  { key: "name", says: "the person's full name" },
  { key: "business", says: "the business they named" },
  { key: "reference", says: "the lead's reference (#3F9A2C1B)" },
  { key: "owner name", says: "the name of the person the lead is assigned to" },
  { key: "my name", says: "your name" },
] as const;

export type TemplateField = (typeof templateFields)[number]["key"];
export type FieldValues = Partial<Record<TemplateField, string>>;

const known = new Set<string>(templateFields.map((f) => f.key));

/** Every `{…}` marker: its text between the braces, folded (lower case, single spaces). */
const MARKER = /\{([^{}\n]{1,40})\}/g;
const fold = (inner: string) => inner.trim().replace(/\s+/g, " ").toLowerCase();

/** The markers in `text` that name no field (a template that holds one is refused). */
export function unknownFields(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(MARKER)) {
    const name = fold(m[1] ?? "");
    if (!known.has(name)) out.add(`{${m[1]}}`);
  }
  return [...out];
}

/** The fields still written as markers in `text`, in the order they first appear. */
export function remainingFields(text: string): TemplateField[] {
  const out = new Set<TemplateField>();
  for (const m of text.matchAll(MARKER)) {
    const name = fold(m[1] ?? "");
    if (known.has(name)) out.add(name as TemplateField);
  }
  return [...out];
}

/** `text` with each field the lead has filled in; the fields it lacks stay as markers and are listed. */
export function fillFields(text: string, values: FieldValues): { text: string; missing: TemplateField[] } {
  const missing = new Set<TemplateField>();
  const filled = text.replace(MARKER, (whole, inner: string) => {
    const name = fold(inner);
    if (!known.has(name)) return whole;
    const value = values[name as TemplateField]?.trim();
    if (value) return value;
    missing.add(name as TemplateField);
    return whole;
  });
  return { text: filled, missing: [...missing] };
}

/** "first name and business" for a warning. */
export function fieldList(fields: readonly string[]): string {
  const named = fields.map((f) => `{${f}}`);
  return named.length <= 1 ? (named[0] ?? "") : `${named.slice(0, -1).join(", ")} and ${named[named.length - 1]}`;
}
