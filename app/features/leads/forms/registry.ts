import type { FormSpec } from "~/shared/forms/form-spec";
import type { FormLayout } from "./form-types";
import { type ContactFields, commonFieldLabels, type FormKind, type LeadFormSpec } from "./kind";
import { fleetSignup } from "./kinds/fleet";
import { businessLead } from "./kinds/lead-business";
import { personalLead } from "./kinds/lead-personal";
import { saasLead } from "./kinds/lead-saas";
import { newsletter } from "./kinds/newsletter";
import { quoteBusiness } from "./kinds/quote-business";
import { quoteShort } from "./kinds/quote-short";
import { waitlist } from "./kinds/waitlist";

type Body = Record<string, unknown>;

/**
 * Every public form, one line each: its module (`kinds/`) holds its fields, rules,
 * messages, choices, payload, type codes, the labels of what it stores and who sent it.
 * The JSON API finds a body's form here by its endpoint and, where forms share one, by
 * the form's `takes` (by default the type code on /web/form); the no-JavaScript page
 * action by the `_form` field (the form's `kind`); the desk, the sales e-mail and the
 * LEADS_NOTIFY_TO_<KIND> settings read it too. Pages import only the modules of the
 * forms they show, never this list, so no page carries every form.
 */
const builtIn = [newsletter, personalLead, businessLead, saasLead, fleetSignup, quoteShort, quoteBusiness, waitlist] as const;

type CodesOf<K> = K extends { spec: { types: infer T } } ? Extract<keyof T, number> : never;

/** The form type codes (spec section 3): every code a form in the registry declares. */
export type FormType = CodesOf<(typeof builtIn)[number]>;

const kinds: FormKind[] = [...builtIn];
/** The forms' specs, in registry order. */
export const forms: LeadFormSpec[] = kinds.map((k) => k.spec);

interface FormTypeInfo {
  label: string;
  layout: FormLayout;
}

/** The form type codes (spec section 3), from the forms that take them. */
export const formTypes: Record<number, FormTypeInfo> = {};
/** The codes of `formTypes`, in order. */
export const formTypeCodes: number[] = [];
const byKind = new Map<string, FormKind>();

function add(kind: FormKind) {
  if (byKind.has(kind.spec.kind)) throw new Error(`Two forms are called "${kind.spec.kind}"`);
  byKind.set(kind.spec.kind, kind);
  const f = kind.spec;
  for (const [code, label] of Object.entries(f.types ?? {})) {
    const n = Number(code);
    if (f.layout && !formTypes[n]) {
      formTypes[n] = { label, layout: f.layout };
      formTypeCodes.push(n);
    }
  }
  formTypeCodes.sort((a, b) => a - b);
}
for (const k of kinds) add(k);

/**
 * Adds a form after start-up, as if it had its line in the list above (a fixture form
 * in tests; docs/forms.md). Everything derived from the registry sees it.
 */
export function registerForm(kind: FormKind): void {
  add(kind);
  kinds.push(kind);
  forms.push(kind.spec);
}

/** Every form with what the server keeps of it. */
export function formKinds(): readonly FormKind[] {
  return kinds;
}

/** A type code of the registry (the newsletter's codes are a numbering of their own). */
export function isRegisteredType(n: unknown): n is FormType {
  return typeof n === "number" && Object.hasOwn(formTypes, n);
}

/**
 * Whether a submission of `spec` may carry this type code: one of the registry's, unless
 * the form has a numbering of its own (the newsletter) or sends no number (its schema
 * then says what is wrong).
 */
export function takesTypeOf(spec: FormSpec, type: unknown): boolean {
  return byKind.get(spec.kind)?.lead === false || typeof type !== "number" || isRegisteredType(type);
}

/** The form a no-JavaScript post names in its `_form` field. */
export function formByKind(kind: unknown): FormSpec | undefined {
  return typeof kind === "string" ? byKind.get(kind)?.spec : undefined;
}

function takes(kind: FormKind, body: Body): boolean {
  const spec = kind.spec;
  // A form that is sent with a page's type code takes only the registry's codes.
  const known = kind.lead === false || typeof body.type !== "number" || isRegisteredType(body.type);
  if (spec.takes) return known && spec.takes(body);
  if (spec.types) return isRegisteredType(body.type) && Object.hasOwn(spec.types, body.type);
  return known;
}

/** The form a JSON body sent to `endpoint` is, or undefined when none of that endpoint's forms takes it. */
export function formForBody(endpoint: string, body: Body): FormSpec | undefined {
  return kinds.find((k) => k.spec.endpoint === endpoint && takes(k, body))?.spec;
}

/** The kinds whose submissions are leads (a newsletter sign-up is a subscriber). */
export function leadFormKinds(): string[] {
  return kinds.filter((k) => k.lead !== false).map((k) => k.spec.kind);
}

/**
 * Every field a form stores with its label, in registry order (a field two forms store
 * once, with the label of the first). The desk orders them (labels.server.ts).
 */
export function storedFieldLabels(): Map<string, string> {
  const out = new Map<string, string>();
  for (const k of kinds) {
    const own = k.labels ?? {};
    for (const name of [...Object.keys(k.spec.initial), ...Object.keys(own)]) {
      const label = own[name] ?? commonFieldLabels[name];
      if (label && !out.has(name)) out.set(name, label);
    }
  }
  return out;
}

/** The fields one form stores (its own and those the server adds, `labels`), for the columns an export of its leads needs. */
export function storedFieldsOf(kind: string): string[] {
  const k = kinds.find((x) => x.spec.kind === kind);
  return k ? [...new Set([...Object.keys(k.spec.initial), ...Object.keys(k.labels ?? {})])] : [];
}

/** Who a lead is from, as its form declares it (`contact` in its module). */
export interface Contact {
  name: string;
  business: string;
  phone: string;
  zip: string;
  city: string;
  address: string;
}

const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const first = (payload: Body, keys: readonly string[]) => keys.map((k) => str(payload[k])).find(Boolean) ?? "";

function project(c: ContactFields, payload: Body): Contact {
  return {
    name: (c.name ?? [])
      .map((k) => str(payload[k]))
      .filter(Boolean)
      .join(" "),
    business: c.business ? str(payload[c.business]) : "",
    phone: c.phone ? str(payload[c.phone]) : "",
    zip: c.zip ? str(payload[c.zip]) : "",
    city: c.city ? str(payload[c.city]) : "",
    address: c.address ? str(payload[c.address]) : "",
  };
}

/** A field of `contact` as every form names it, in registry order (for a lead whose form is unknown). */
const anyKeys = (field: Exclude<keyof ContactFields, "name">) => [...new Set(kinds.flatMap((k) => k.contact[field] ?? []))];

/**
 * The contact projection of a stored submission: name, business, phone, ZIP code,
 * city and address, read from the fields its form declares. Without a known kind (a lead stored by a
 * form since removed), each is the first field any form declares for it that is filled.
 */
export function contactOf(kind: string | undefined, payload: Body): Contact {
  const known = kind === undefined ? undefined : byKind.get(kind);
  if (known) return project(known.contact, payload);
  const name = [...new Set(kinds.flatMap((k) => k.contact.name ?? []))];
  return {
    name: name
      .map((k) => str(payload[k]))
      .filter(Boolean)
      .join(" "),
    business: first(payload, anyKeys("business")),
    phone: first(payload, anyKeys("phone")),
    zip: first(payload, anyKeys("zip")),
    city: first(payload, anyKeys("city")),
    address: first(payload, anyKeys("address")),
  };
}

/** The setting that routes one form's sales e-mail: LEADS_NOTIFY_TO_LEAD_PERSONAL for "lead-personal". */
export function notifyVariable(kind: string): string {
  return `LEADS_NOTIFY_TO_${kind.toUpperCase().replace(/-/g, "_")}`;
}

/** The LEADS_NOTIFY_TO_<KIND> settings there are: one per form whose submissions are leads. */
export function notifyVariables(): string[] {
  return leadFormKinds().map(notifyVariable);
}
