import { compact, type FormSpec, type Values } from "./form-spec";

/** The schemas (and zod) arrive in their own chunk, when a form first needs them. */
export const schemas = () => import("./schemas");

/**
 * Every public form of the site as a FormSpec: its inputs, the call it makes and how
 * its inputs become the JSON of section 3. The browser and the no-JavaScript page action
 * both use these, so a form behaves the same with and without JavaScript.
 */

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

export const plain = (v: Values, names: string[]) => compact(Object.fromEntries(names.map((n) => [n, v[n]])));
export const withType = (v: Values, names: string[]) => ({ ...plain(v, names), ...compact({ type: toNumber(v.type) }) });
export const empty = (names: string[]): Values => Object.fromEntries([...names, "type"].map((n) => [n, ""]));

const newsletterFields = ["email"];
export const newsletterSpec: FormSpec = {
  kind: "newsletter",
  endpoint: "/web/suscribe",
  initial: empty(newsletterFields),
  schema: () => schemas().then((m) => m.newsletterSchema),
  toPayload: (v) => withType(v, newsletterFields),
};

const personalFields = ["firstName", "lastName", "email", "phone", "city", "zipCode", "message"];
export const personalLeadSpec: FormSpec = {
  kind: "lead-personal",
  endpoint: "/web/form",
  initial: empty(personalFields),
  schema: () => schemas().then((m) => m.personalLeadSchema),
  toPayload: (v) => withType(v, personalFields),
};

const businessFields = ["bussinessName", "email", "phone", "zipCode", "bussinessAddress", "companySize", "fleetSize", "fuelType", "message"];
export const businessLeadSpec: FormSpec = {
  kind: "lead-business",
  endpoint: "/web/form",
  initial: empty(businessFields),
  schema: () => schemas().then((m) => m.businessLeadSchema),
  toPayload: (v) => withType(v, businessFields),
};

const saasFields = ["firstName", "lastName", "email", "city", "zipCode", "message"];
export const saasLeadSpec: FormSpec = {
  kind: "lead-saas",
  endpoint: "/web/form",
  initial: empty(saasFields),
  schema: () => schemas().then((m) => m.saasLeadSchema),
  toPayload: (v) => withType(v, saasFields),
};

const fleetFields = ["firstName", "lastName", "email", "phone", "companyName", "city", "stateId", "zipCode", "fleetSize", "fleetType"];
export const fleetSignupSpec: FormSpec = {
  kind: "fleet",
  endpoint: "/web/form",
  initial: empty(fleetFields),
  schema: () => schemas().then((m) => m.fleetSignupSchema),
  toPayload: (v) => withType(v, fleetFields),
};
