// zod/mini: the same checks as classic zod, but tree-shaken, so every page's form costs
// a few kilobytes of JavaScript instead of the whole library.
import * as z from "zod/mini";
import { isFormType } from "./form-types";
import { usStates } from "~/shared/forms/us-states";

/**
 * The field rules the forms share (name, e-mail, phone, ZIP, free text, the hidden meta
 * fields), which each form's module (`kinds/*.ts`) composes into its schema. This module
 * and zod arrive in one chunk the browser fetches when a visitor first focuses a form;
 * the API and the no-JavaScript page action load it too. Messages are those of spec
 * section 5, character for character; the few rules the spec leaves unnamed (lengths,
 * control characters, unknown fields) have messages of ours.
 */

/**
 * The zod functions the form modules build their schemas with. Named one by one: handing
 * out zod's whole namespace would put all of zod in this chunk.
 */
export const zod = { strictObject: z.strictObject, extend: z.extend, custom: z.custom, refine: z.refine };

export const tooLong = (max: number) => `Must be at most ${max} characters`;
export const CONTROL_CHARACTERS = "Please remove special characters such as tabs or line breaks";
export const NOT_TEXT = "Must be text";
export const UNKNOWN_TYPE = "Unknown form type";

/** C0/C1 control characters and line/paragraph separators: never in a one-line field. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Free text may hold line breaks and tabs, nothing else of that kind. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * "Letters and spaces" (spec 5), read the way a visitor expects: letters of any
 * alphabet, and the apostrophe, hyphen and full stop that real names carry
 * (O'Brien, Mary-Jane, St. John). Digits and other symbols are refused.
 */
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;
/** Company names are letters and spaces too, plus the ampersand, comma and digits they commonly hold (7-Eleven, Smith & Sons, Inc.). */
export const BUSINESS_NAME_PATTERN = /^[\p{L}\p{M}\d][\p{L}\p{M}\d '’.,&()/-]*$/u;
export const DIGITS_PATTERN = /^\d+$/;
/** A general phone pattern: optional +, digits with spaces, dots, dashes or brackets. */
export const PHONE_PATTERN = /^\+?\(?\d[\d\s().-]*\d$/;
/**
 * zod's own e-mail pattern, copied (referring to z.regexes would ship every format
 * pattern zod has), with RFC 5321's cap of 64 octets on the local part; LIMITS.email
 * caps the whole address at 254.
 */
export const EMAIL_PATTERN = /^(?=[^@]{1,64}@)(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const COORDINATE_PATTERN = /^-?\d{1,3}(\.\d{1,8})?$/;

export const LIMITS = {
  name: 60,
  email: 254,
  phone: 10,
  zip: 5,
  city: 80,
  businessName: 120,
  address: 200,
  message: 2000,
  county: 80,
  country: 60,
} as const;

export interface TextRule {
  required: string;
  invalid: string;
  max: number;
  pattern?: RegExp;
  multiline?: boolean;
}

/** A required string: missing or blank → `required`, wrong type or pattern → `invalid`. */
export function requiredText({ required, invalid, max, pattern, multiline }: TextRule) {
  return z.string({ error: (i) => (i.input === undefined ? required : invalid) }).check(
    z.trim(),
    z.minLength(1, { error: required, abort: true }),
    z.maxLength(max, { error: tooLong(max), abort: true }),
    z.refine((v: string) => !(multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(v), { error: CONTROL_CHARACTERS, abort: true }),
    ...(pattern ? [z.regex(pattern, { error: invalid, abort: true })] : []),
  );
}

/** An optional string; blank is allowed, the same length and character limits apply. */
export function optionalText(max: number, multiline = false, pattern?: { re: RegExp; message: string }) {
  return z.optional(
    z.string({ error: NOT_TEXT }).check(
      z.trim(),
      z.maxLength(max, { error: tooLong(max), abort: true }),
      z.refine((v: string) => !(multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(v), { error: CONTROL_CHARACTERS, abort: true }),
      ...(pattern ? [z.refine<string>((v) => v === "" || pattern.re.test(v), { error: pattern.message })] : []),
    ),
  );
}

const stateCodes = usStates.map(([code]) => code) as [string, ...string[]];

/** A choice from a fixed list; anything else (or nothing) gets the one message. */
export function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** A whole number sent as a JSON number. */
export function count(required: string, invalid: string, max: number) {
  return z
    .number({ error: (i) => (i.input === undefined ? required : invalid) })
    .check(z.refine((n: number) => Number.isInteger(n) && n >= 1 && n <= max, { error: invalid }));
}

/** An integer sent as a JSON number, with one message for every way it can be wrong. */
export const integer = (message: string) => z.number({ error: message }).check(z.refine((n: number) => Number.isInteger(n), { error: message }));

// --- Fields shared by several forms (messages from spec 5) ---

export const email = () => requiredText({ required: "Email required", invalid: "Please enter a valid email", max: LIMITS.email, pattern: EMAIL_PATTERN });
export const firstName = () =>
  requiredText({ required: "First name required", invalid: "Please enter valid firstname", max: LIMITS.name, pattern: NAME_PATTERN });
export const lastName = () => requiredText({ required: "Last name required", invalid: "Please enter valid lastname", max: LIMITS.name, pattern: NAME_PATTERN });
export const digits = (required: string, max: number) => requiredText({ required, invalid: "Must be only digits", max, pattern: DIGITS_PATTERN });
export const PHONE_LENGTH = "Please enter a 10-digit phone number";
export const ZIP_LENGTH = "Please enter a 5-digit ZIP code";
/** Exactly `length` digits, as our pages ask: a shorter answer is told what is missing. */
const exactDigits = (required: string, length: number, message: string) =>
  digits(required, length).check(z.refine((v: string) => v.length === length, { error: message }));
export const phone = () => exactDigits("phone is required", LIMITS.phone, PHONE_LENGTH);
export const zipCode = () => exactDigits("ZipCode is required", LIMITS.zip, ZIP_LENGTH);
/** The quote forms name their phone field `phoneNumber`, with a message of its own. */
export const phoneNumber = () => exactDigits("phoneNumber is required", LIMITS.phone, PHONE_LENGTH);
/** A US state by its two-letter code. */
export const state = (message: string) => choice(stateCodes, message);
/** A phone number written any common way (+, brackets, dots, dashes), of 10 digits. */
export const writtenPhone = (required: string, invalid: string) =>
  requiredText({ required, invalid, max: LIMITS.phone, pattern: PHONE_PATTERN }).check(
    z.refine((v: string) => v.replace(/\D/g, "").length === LIMITS.phone, { error: PHONE_LENGTH }),
  );
export const businessName = () =>
  requiredText({
    required: "businessName name required",
    invalid: "Please enter valid businessName",
    max: LIMITS.businessName,
    pattern: BUSINESS_NAME_PATTERN,
  });

const numbers = new WeakSet<object>();

/**
 * Marks a rule that checks its value by hand (`zod.custom`) as one that takes a number, so
 * the API reads the number's text as the number (forms/wire.ts). Returns the rule.
 */
export function numeric<T extends object>(rule: T): T {
  numbers.add(rule);
  return rule;
}

/** Whether a rule was marked with `numeric`. */
export const isNumeric = (rule: object): boolean => numbers.has(rule);

/** A form type code (spec section 3) from `codes`, or any of the twenty when none are given. */
export function typeIn(codes?: readonly number[]) {
  return numeric(z.custom<number>((v) => isFormType(v) && (!codes || codes.includes(v)), { error: UNKNOWN_TYPE }));
}

/** A whole number of digits that may be left out; when sent, it is checked like its required twin. */
export const optionalDigits = (max: number) => optionalText(max, false, { re: DIGITS_PATTERN, message: "Must be only digits" });

/**
 * What every public form may send besides its own fields: the browser's submission id
 * (a retry stores once), the page it was sent from, and the honeypot.
 */
export const metaShape = {
  submissionId: z.optional(z.string({ error: "Must be a UUID" }).check(z.regex(UUID_PATTERN, { error: "Must be a UUID" }))),
  pagePath: z.optional(
    z.string({ error: NOT_TEXT }).check(
      z.maxLength(300, { error: tooLong(300) }),
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
      z.regex(/^\/[^\s\u0000-\u001f\u007f]*$/, { error: "Must be a path on this site" }),
    ),
  ),
  website: z.optional(z.string({ error: NOT_TEXT }).check(z.maxLength(500, { error: tooLong(500) }))),
};

// --- What the API accepts where our pages ask for more ---

/** A number sent for text is read as its digits; text is trimmed. */
const asText = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" ? v.trim() : v);

/** The list's value written in any letter case (or a number for a numeric value) is that value. */
function lenientChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.pipe(
    z.transform((v: unknown) => {
      const t = asText(v);
      return typeof t === "string" ? (values.find((x) => x.toLowerCase() === t.toLowerCase()) ?? t) : t;
    }),
    z.enum(values, { error: message }),
  );
}

/** Up to `max` digits (the specification's rule), a JSON number included. */
const lenientDigits = (required: string, max: number) => z.pipe(z.transform(asText), digits(required, max));

/** A whole number sent as a JSON number or as its digits. */
function lenientCount(required: string, invalid: string, max: number) {
  return z.pipe(
    z.transform((v: unknown) => (typeof v === "string" && DIGITS_PATTERN.test(v.trim()) ? Number(v.trim()) : v)),
    count(required, invalid, max),
  );
}

/** A state's code for its code or name in any letter case; anything else as it came. */
const toStateCode = (v: unknown) => {
  const t = typeof v === "string" ? v.trim().toLowerCase() : v;
  return usStates.find(([code, name]) => code.toLowerCase() === t || name.toLowerCase() === t)?.[0] ?? v;
};

/** A state by its code or its name, in any letter case, stored as its code. */
const lenientState = (message: string) => z.pipe(z.transform(toStateCode), z.enum(stateCodes, { error: message }));

/**
 * The rules the API reads a form with where they differ from our pages' (decisions: a
 * payload the specification's form would send is never refused): phone numbers and ZIP
 * codes of up to 10 and 5 digits, numbers as numbers or text, choices in any letter case,
 * a state by code or name. What is stored is the normal form (the list's value, the code).
 * A form module's `wireSchema` is built from them with `fromWireRules`.
 */
export const wire = {
  choice: lenientChoice,
  count: lenientCount,
  state: lenientState,
  phone: () => lenientDigits("phone is required", LIMITS.phone),
  zipCode: () => lenientDigits("ZipCode is required", LIMITS.zip),
  phoneNumber: () => lenientDigits("phoneNumber is required", LIMITS.phone),
  /** A state's code or name, or nothing (a blank answer is kept blank). */
  optionalState: (message: string) =>
    z.optional(
      z.pipe(
        z.transform((v: unknown) => (typeof v === "string" && v.trim() === "" ? "" : toStateCode(v))),
        z.enum(["", ...stateCodes], { error: message }),
      ),
    ),
  /** Required free text, a number sent for it read as its digits. */
  text: (required: string, max: number) => z.pipe(z.transform(asText), requiredText({ required, invalid: required, max })),
  writtenPhone: (required: string, invalid: string) =>
    z.pipe(z.transform(asText), requiredText({ required, invalid, max: LIMITS.phone, pattern: PHONE_PATTERN })),
};
