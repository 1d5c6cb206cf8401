// zod/mini: the same checks as classic zod, but tree-shaken, so every page's form costs
// a few kilobytes of JavaScript instead of the whole library.
import * as z from "zod/mini";
import { type FormType, formTypes, isFormType, newsletterTypes } from "./form-types";
import { companySizes, fleetSignupSizes, fleetTypes, frequencies, leadFleetSizes, leadFuelTypes, quoteFuelTypes, stateCodes, tankTypes } from "./options";
import { deliveryWindows, employeeSizeValue } from "./quote";

/**
 * One zod schema per form, validating the JSON that goes over the wire. The browser runs
 * it on what the visitor typed (after the same conversion, see specs.ts), the API and the
 * no-JavaScript page action run it on what arrives. Messages are those of spec section 5,
 * character for character; the few rules the spec leaves unnamed (lengths, control
 * characters, unknown fields) have messages of ours.
 */

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
function optionalText(max: number, multiline = false, pattern?: { re: RegExp; message: string }) {
  return z.optional(
    z.string({ error: NOT_TEXT }).check(
      z.trim(),
      z.maxLength(max, { error: tooLong(max), abort: true }),
      z.refine((v: string) => !(multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(v), { error: CONTROL_CHARACTERS, abort: true }),
      ...(pattern ? [z.refine<string>((v) => v === "" || pattern.re.test(v), { error: pattern.message })] : []),
    ),
  );
}

/** A choice from a fixed list; anything else (or nothing) gets the one message. */
function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** A whole number sent as a JSON number. */
function count(required: string, invalid: string, max: number) {
  return z
    .number({ error: (i) => (i.input === undefined ? required : invalid) })
    .check(z.refine((n: number) => Number.isInteger(n) && n >= 1 && n <= max, { error: invalid }));
}

/** An integer sent as a JSON number, with one message for every way it can be wrong. */
const integer = (message: string) => z.number({ error: message }).check(z.refine((n: number) => Number.isInteger(n), { error: message }));

// --- Fields shared by several forms (messages from spec 5) ---

const email = () => requiredText({ required: "Email required", invalid: "Please enter a valid email", max: LIMITS.email, pattern: EMAIL_PATTERN });
const firstName = () => requiredText({ required: "First name required", invalid: "Please enter valid firstname", max: LIMITS.name, pattern: NAME_PATTERN });
const lastName = () => requiredText({ required: "Last name required", invalid: "Please enter valid lastname", max: LIMITS.name, pattern: NAME_PATTERN });
const digits = (required: string, max: number) => requiredText({ required, invalid: "Must be only digits", max, pattern: DIGITS_PATTERN });
const phone = () => digits("phone is required", LIMITS.phone);
const zipCode = () => digits("ZipCode is required", LIMITS.zip);
const businessName = () =>
  requiredText({
    required: "businessName name required",
    invalid: "Please enter valid businessName",
    max: LIMITS.businessName,
    pattern: BUSINESS_NAME_PATTERN,
  });

/** The form type code, restricted to the codes of one variant. */
function typeOf(accept: (t: FormType) => boolean) {
  return z.custom<FormType>((v) => isFormType(v) && accept(v), { error: UNKNOWN_TYPE });
}
const variantIs =
  (...variants: string[]) =>
  (t: FormType) =>
    variants.includes(formTypes[t].variant);

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

// --- Newsletter (POST /web/suscribe) ---

export const newsletterSchema = z.strictObject({
  email: requiredText({ required: "Email Is Required", invalid: "Email Should be valid", max: LIMITS.email, pattern: EMAIL_PATTERN }),
  type: z.custom<1 | 3 | 4>((v) => typeof v === "number" && v in newsletterTypes, { error: UNKNOWN_TYPE }),
  ...metaShape,
});

// --- Lead/contact forms (POST /web/form) ---

export const personalLeadSchema = z.strictObject({
  firstName: firstName(),
  lastName: lastName(),
  email: email(),
  phone: phone(),
  city: optionalText(LIMITS.city),
  zipCode: zipCode(),
  message: optionalText(LIMITS.message, true),
  type: typeOf(variantIs("personal")),
  ...metaShape,
});

/** decisions.md: the wire field stays `bussinessName` and carries the businessName rules. */
export const businessLeadSchema = z.strictObject({
  bussinessName: businessName(),
  email: email(),
  phone: phone(),
  zipCode: zipCode(),
  bussinessAddress: optionalText(LIMITS.address),
  companySize: choice(companySizes, "Please enter company size"),
  fleetSize: choice(leadFleetSizes, "Please enter fleet size"),
  fuelType: choice(leadFuelTypes, "Please select fuel type"),
  message: optionalText(LIMITS.message, true),
  type: typeOf(variantIs("business")),
  ...metaShape,
});

/** SaaS pages (decisions.md: they submit, as type 18): city and message optional. */
export const saasLeadSchema = z.strictObject({
  firstName: firstName(),
  lastName: lastName(),
  email: email(),
  city: optionalText(LIMITS.city),
  zipCode: zipCode(),
  message: optionalText(LIMITS.message, true),
  type: typeOf(variantIs("saas")),
  ...metaShape,
});

export const fleetSignupSchema = z.strictObject({
  firstName: firstName(),
  lastName: requiredText({ required: "Last name Required", invalid: "Please enter valid lastname", max: LIMITS.name, pattern: NAME_PATTERN }),
  email: email(),
  phone: requiredText({ required: "Phone number required", invalid: "Phone number is not valid", max: LIMITS.phone, pattern: PHONE_PATTERN }),
  companyName: requiredText({
    required: "Company name required",
    invalid: "Please enter valid companyname",
    max: LIMITS.businessName,
    pattern: BUSINESS_NAME_PATTERN,
  }),
  city: requiredText({ required: "City name required", invalid: "City name required", max: LIMITS.city }),
  stateId: choice(stateCodes as [string, ...string[]], "Please select a state"),
  zipCode: zipCode(),
  fleetSize: choice(fleetSignupSizes, "fleetsize is required"),
  fleetType: choice(fleetTypes, "fleettype is required"),
  type: typeOf(variantIs("fleet")),
  ...metaShape,
});

// --- Quote requests (POST /campaign/createCampaign) ---

const phoneNumber = () => digits("phoneNumber is required", LIMITS.phone);
const quoteType = () => typeOf(() => true);

/** The short form: the spec leaves its schema unnamed; we ask for what sales needs to call back. */
export const quoteShortSchema = z.strictObject({
  firstName: firstName(),
  lastName: lastName(),
  email: email(),
  phoneNumber: phoneNumber(),
  businessAddress: requiredText({ required: "Business address is required", invalid: "Business address is required", max: LIMITS.address }),
  city: optionalText(LIMITS.city),
  zipCode: zipCode(),
  descriptionQuote: optionalText(LIMITS.message, true),
  type: quoteType(),
  ...metaShape,
});

const windowStarts = deliveryWindows.map((w) => w.start);
const DELIVERY_WINDOW = "Please select a delivery window";

export const quoteBusinessSchema = z
  .strictObject({
    businessName: businessName(),
    email: email(),
    phoneNumber: phoneNumber(),
    businessAddress: requiredText({ required: "Please enter the street address", invalid: "Please enter the street address", max: 400 }),
    address2: requiredText({ required: "Please enter the street address", invalid: "Please enter the street address", max: LIMITS.address }),
    address1: optionalText(LIMITS.city),
    city: requiredText({ required: "City name required", invalid: "City name required", max: LIMITS.city }),
    state: choice(stateCodes as [string, ...string[]], "Please select a state"),
    zipCode: zipCode(),
    county: optionalText(LIMITS.county),
    country: optionalText(LIMITS.country),
    lat: optionalText(20, false, { re: COORDINATE_PATTERN, message: "Must be a latitude" }),
    long: optionalText(20, false, { re: COORDINATE_PATTERN, message: "Must be a longitude" }),
    employeeSize: z.custom<number>((v) => Object.values(employeeSizeValue).includes(v as number), { error: "Please select employee size" }),
    fleetSize: count("Please enter fleet size", "Please enter fleet size", 100_000),
    gallons: count("Please enter gallons", "Please enter gallons", 10_000_000),
    numberOfLocation: count("Number of location is required", "Must be only digits", 10_000),
    frequency: choice(frequencies, "Please select Frequency"),
    fuelType: choice(quoteFuelTypes, "Please select fuel type"),
    tankType: choice(tankTypes, "Please select tank type"),
    deliveryWindowStartTime: z.custom<number>((v) => windowStarts.includes(v as number), { error: DELIVERY_WINDOW }),
    deliveryWindowEndTime: integer(DELIVERY_WINDOW),
    campaignStartDate: integer("Campaign dates are required"),
    campaignEndDate: integer("Campaign dates are required"),
    descriptionQuote: optionalText(LIMITS.message, true),
    type: quoteType(),
    ...metaShape,
  })
  .check(
    z.refine((q) => q.deliveryWindowEndTime === q.deliveryWindowStartTime + 4 * 60 * 60 * 1000, {
      path: ["deliveryWindowEndTime"],
      error: DELIVERY_WINDOW,
      when: (p) => {
        const v = p.value as Record<string, unknown>;
        return typeof v.deliveryWindowStartTime === "number" && typeof v.deliveryWindowEndTime === "number";
      },
    }),
    z.refine((q) => q.campaignEndDate > q.campaignStartDate, {
      path: ["campaignEndDate"],
      error: "The campaign must end after it starts",
      when: (p) => {
        const v = p.value as Record<string, unknown>;
        return typeof v.campaignStartDate === "number" && typeof v.campaignEndDate === "number";
      },
    }),
  );

// --- "Tell me when you arrive" (POST /api/waitlist) ---

/** E-mail and ZIP code of a visitor outside our markets; the server adds the ZIP's market. */
export const waitlistSchema = z.strictObject({
  email: email(),
  zipCode: zipCode(),
  type: quoteType(),
  ...metaShape,
});

// --- What the API accepts (decisions.md, "Wire contract") ---

/** An optional field that is checked like its required twin when it is sent ("" counts as not sent). */
const optionalDigits = (max: number) => optionalText(max, false, { re: DIGITS_PATTERN, message: "Must be only digits" });

/**
 * The API accepts every payload that satisfies spec section 5's rules for its form, so a
 * client built on the specification's forms is never turned away; what our own pages ask
 * for on top (a phone number on the business lead form, the state and ZIP of the fleet
 * sign-up, the names on the short quote) is required in the browser only. So each server
 * schema is its page schema with those extra requirements relaxed: a field that is sent
 * is still checked with the same rule and message. Unknown fields are dropped (and
 * logged) by the API before these run, never a reason to refuse a lead.
 */
export const wireSchemas = {
  newsletter: newsletterSchema,
  "lead-personal": personalLeadSchema,
  // Spec 5 does not require a phone number on the business form.
  "lead-business": z.extend(businessLeadSchema, { phone: optionalDigits(LIMITS.phone) }),
  "lead-saas": saasLeadSchema,
  // Spec 5 requires neither state nor ZIP on the fleet sign-up, and names no choices for
  // its fleet size and type: any answer is kept.
  fleet: z.extend(fleetSignupSchema, {
    stateId: optionalText(2, false, { re: new RegExp(`^(?:${stateCodes.join("|")})$`), message: "Please select a state" }),
    zipCode: optionalDigits(LIMITS.zip),
    fleetSize: requiredText({ required: "fleetsize is required", invalid: "fleetsize is required", max: LIMITS.name }),
    fleetType: requiredText({ required: "fleettype is required", invalid: "fleettype is required", max: LIMITS.name }),
  }),
  // The specification's short quote form has name inputs but does not send them.
  "quote-short": z.extend(quoteShortSchema, {
    firstName: optionalText(LIMITS.name, false, { re: NAME_PATTERN, message: "Please enter valid firstname" }),
    lastName: optionalText(LIMITS.name, false, { re: NAME_PATTERN, message: "Please enter valid lastname" }),
  }),
  "quote-business": quoteBusinessSchema,
  waitlist: waitlistSchema,
} as const;

export type WireKind = keyof typeof wireSchemas;

export type NewsletterPayload = z.infer<typeof newsletterSchema>;
export type PersonalLeadPayload = z.infer<typeof personalLeadSchema>;
export type BusinessLeadPayload = z.infer<typeof businessLeadSchema>;
export type FleetSignupPayload = z.infer<typeof fleetSignupSchema>;
export type QuoteShortPayload = z.infer<typeof quoteShortSchema>;
export type QuoteBusinessPayload = z.infer<typeof quoteBusinessSchema>;
export type WaitlistPayload = z.infer<typeof waitlistSchema>;
