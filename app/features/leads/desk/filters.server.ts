import { z } from "zod";
import { formTypeCodes } from "~/features/leads/forms/registry";
import {
  leadKinds,
  leadStatuses,
  type LeadKind,
  type LeadStatus,
  type SubscriberStatus,
  subscriberStatuses,
  subscriberTypes,
  type SubscriberType,
} from "./labels.server";

/** A position in the inbox's order (created_at desc, id desc): the keyset of a page. */
export interface Cursor {
  at: string;
  id: number;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.at}|${c.id}`, "utf8").toString("base64url");
}

/** The cursor in a URL, or null when it is not one this desk wrote. */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(text)) return null;
  const [at, id, extra] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (extra !== undefined || !at || !id || !ISO_TIME.test(at) || !/^[1-9]\d{0,15}$/.test(id)) return null;
  if (Number.isNaN(Date.parse(at))) return null;
  return { at, id: Number(id) };
}

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const day = (name: string) =>
  opt(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-01-31`)
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${name} is not a real date`),
  );

const cursor = (name: string) =>
  opt(
    z.string().transform((v, ctx) => {
      const c = decodeCursor(v);
      if (!c) {
        ctx.addIssue({ code: "custom", message: `The ${name} page link is not valid; start again from the first page` });
        return z.NEVER;
      }
      return c;
    }),
  );

const search = opt(z.string().trim().max(120, "Search is at most 120 characters"));
/** A utm_* value; matched in any case (query.server.ts `attributionKey`, migration 018's indexes). */
const utm = (name: string) => opt(z.string().trim().max(300, `${name} is at most 300 characters`));

/**
 * Where leads came from (migration 007's columns, each indexed by its lower-cased value
 * with the inbox's order, migration 018): the landing page, the referrer's host (with or
 * without "www.") and three of the utm_* parameters.
 */
const attributionFilters = {
  landing: opt(z.string().trim().max(300, "Landing page is at most 300 characters").regex(/^\//, "Landing page must be a path starting with /")),
  referrer: opt(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]{1,253}$/, "Referrer must be a host name like www.google.com"),
  ),
  utm_source: utm("utm_source"),
  utm_medium: utm("utm_medium"),
  utm_campaign: utm("utm_campaign"),
};
const range = {
  from: day("From"),
  to: day("To"),
  after: cursor("next"),
  before: cursor("previous"),
};

/** The forms' codes, as the registry has them (1 to 20 by spec section 3; a form added later adds its own). */
const typeCodeMessage = `Type code must be a number from ${Math.min(...formTypeCodes)} to ${Math.max(...formTypeCodes)}`;

const leadFilterSchema = z
  .object({
    kind: opt(z.enum(leadKinds as [LeadKind, ...LeadKind[]], "Form is not one of the desk's forms")),
    type: opt(
      z
        .string()
        .regex(/^\d{1,3}$/, typeCodeMessage)
        .transform(Number)
        .refine((n) => formTypeCodes.includes(n), typeCodeMessage),
    ),
    page: opt(z.string().trim().max(300, "Page is at most 300 characters").regex(/^\//, "Page must be a path starting with /")),
    status: opt(z.enum(leadStatuses, "Status is not one of new, contacted, qualified, won, lost, spam")),
    assignee: opt(
      z.union(
        [
          z.literal("none"),
          z
            .string()
            .regex(/^[1-9]\d{0,9}$/)
            .transform(Number),
        ],
        "Assignee must be a member of staff or none",
      ),
    ),
    q: search,
    ...attributionFilters,
    /** Leads that arrived after this moment ("N new since your last visit"). */
    since: opt(
      z
        .string()
        .regex(ISO_TIME, "Since must be a time like 2026-01-31T09:00:00.000Z")
        .refine((v) => !Number.isNaN(Date.parse(v)), "Since is not a real time"),
    ),
    ...range,
  })
  .refine((f) => !(f.from && f.to && f.from > f.to), { message: "From must be on or before To", path: ["from"] });

const subscriberFilterSchema = z
  .object({
    type: opt(z.enum(Object.keys(subscriberTypes) as [SubscriberType, ...SubscriberType[]], "Type must be home, careers or retail")),
    status: opt(z.enum(subscriberStatuses, "Status must be pending, subscribed or unsubscribed")),
    q: search,
    ...range,
  })
  .refine((f) => !(f.from && f.to && f.from > f.to), { message: "From must be on or before To", path: ["from"] });

export interface LeadFilters {
  kind?: LeadKind;
  type?: number;
  page?: string;
  status?: LeadStatus;
  assignee?: number | "none";
  /** Leads not answered and stored before this time (the overdue view; never from the URL). */
  unansweredBefore?: string;
  /** Only leads whose last message came from the person (the replied view; never from the URL). */
  replied?: boolean;
  q?: string;
  landing?: string;
  referrer?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  since?: string;
  from?: string;
  to?: string;
  after?: Cursor;
  before?: Cursor;
}

export interface SubscriberFilters {
  type?: SubscriberType;
  status?: SubscriberStatus;
  q?: string;
  from?: string;
  to?: string;
  after?: Cursor;
  before?: Cursor;
}

export type Parsed<T> = { ok: true; filters: T } | { ok: false; errors: string[] };

const FILTER_KEYS = [
  "kind",
  "type",
  "page",
  "status",
  "assignee",
  "q",
  "landing",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "since",
  "from",
  "to",
  "after",
  "before",
] as const;

/** The raw filter values of a URL, as typed (for showing them back). */
export function rawFilters(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v !== null && v !== "") out[k] = v.slice(0, 300);
  }
  return out;
}

function parseWith<T>(schema: z.ZodType<T>, params: URLSearchParams): Parsed<T> {
  const result = schema.safeParse(rawFilters(params));
  if (result.success) return { ok: true, filters: result.data };
  return { ok: false, errors: [...new Set(result.error.issues.map((i) => i.message))] };
}

/** The inbox's saved views, each a filter in the URL (`?view=mine`). */
export type LeadView = "mine" | "unassigned" | "today" | "spam" | "overdue" | "replied";

/**
 * The URL's filters with its view applied: a view sets the filters it stands for and
 * the rest of the query refines it (`?view=mine&kind=fleet`). An unknown view is an error.
 */
export function withView(
  params: URLSearchParams,
  me: { id: number },
  now = new Date(),
): { params: URLSearchParams; view: LeadView | null; error: string | null } {
  const view = params.get("view");
  if (!view) return { params, view: null, error: null };
  const out = new URLSearchParams(params);
  out.delete("view");
  if (view === "mine") out.set("assignee", String(me.id));
  else if (view === "unassigned") out.set("assignee", "none");
  else if (view === "today") out.set("from", now.toISOString().slice(0, 10));
  else if (view === "spam") out.set("status", "spam");
  // Overdue needs the response time: the inbox's loader adds `unansweredBefore`; replied, `replied`.
  else if (view !== "overdue" && view !== "replied")
    return { params: out, view: null, error: "View must be mine, unassigned, today, spam, overdue or replied" };
  return { params: out, view, error: null };
}

/** The filters a view adds that the URL cannot carry: overdue's time, replied's condition. */
export function viewFilters(view: LeadView | null, filters: LeadFilters, cutoff: string): LeadFilters {
  if (view === "overdue") return { ...filters, unansweredBefore: cutoff };
  if (view === "replied") return { ...filters, replied: true };
  return filters;
}

export const parseLeadFilters = (params: URLSearchParams) => parseWith(leadFilterSchema as z.ZodType<LeadFilters>, params);
export const parseSubscriberFilters = (params: URLSearchParams) => parseWith(subscriberFilterSchema as z.ZodType<SubscriberFilters>, params);
