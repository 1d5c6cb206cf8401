import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { Database, Db } from "~/platform/db/db.server";
import { type Cursor, encodeCursor, type LeadFilters, type SubscriberFilters } from "./filters.server";
import { incompleteMarks, kindLabel, leadKinds, type LeadStatus, parsePayload, phoneOf, subscriberTypes, typeLabel, whoOf } from "./labels.server";
import { normaliseText } from "./search-columns.server";
import {
  ftsMatch,
  idsBelowWithin,
  lookup,
  newestLeadId,
  prefixEnd,
  probe,
  RECENT_IDS,
  recent,
  type SearchRead,
  searchCondition,
  searchRead,
  searchWords,
} from "./search.server";
import type { Dialect } from "~/platform/db/migrations/index";
import { ATTRIBUTION_FILTER_KEYS } from "~/platform/db/migrations/018-lead-search";

export { prefixEnd };
import { unsubscribeAddress } from "~/features/newsletter/subscriptions.server";
import { ATTRIBUTION_FIELDS } from "../attribution.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { repliedLeadIds } from "~/features/conversations/desk.server";

export const PAGE_SIZE = 50;

type LeadsQuery = SelectQueryBuilder<Database, "leads", object>;
type Eb = ExpressionBuilder<Database, "leads">;

type SearchColumn = "email_norm" | "submission_id";
type Branch = (eb: Eb) => ReturnType<Eb["and"]>;

/**
 * A column equal to the term, and a column that starts with the term and goes on: two
 * branches, so the exact matches come from the index already in the inbox's order
 * (column, created_at, id) and only longer values need sorting.
 */
const matches = (column: SearchColumn, term: string): Branch[] => [
  (eb) => eb.and([eb(column, "=", term)]),
  (eb: Eb) => eb.and([eb(column, ">", term), eb(column, "<", prefixEnd(term))]),
];

/**
 * The search box as index lookups, each branch run as its own keyset query and their
 * pages merged. Leads: the reference the visitor was given (the start of the submission
 * id, through its unique index), or every word of the search as the start of a word of
 * the lead (`searchCondition`: migration 018's index). Subscribers: the e-mail address or
 * its start. Never a scan of the table.
 */
export function searchBranches(q: string, scope: "leads" | "subscribers", dialect: Dialect = "sqlite"): SearchBranch[] {
  const text = normaliseText(q);
  if (scope === "subscribers") return matches("email_norm", text).map((where) => ({ where }));
  const words = searchWords(text);
  const byWords: SearchBranch[] = words
    ? [{ where: (eb) => eb.and([searchCondition(dialect, words)]), match: dialect === "sqlite" ? (ftsMatch(words) ?? undefined) : undefined }]
    : [];
  // The reference shown to the visitor ("939BBDDE", quoted with or without "#"): the start
  // of the submission id, found through its unique index (ids are stored as sent, so both cases).
  const reference = /^#?\s*([0-9a-f]{8})$/.exec(text)?.[1];
  if (!reference) return byWords;
  const cases = [...new Set([reference, reference.toUpperCase()])];
  const byReference = cases.map((r): SearchBranch => ({ where: (eb) => eb.and([eb("submission_id", ">=", r), eb("submission_id", "<", prefixEnd(r))]) }));
  return text.startsWith("#") ? byReference : [...byReference, ...byWords];
}

/** One keyset query of a search; `match`: its words' FTS5 query on SQLite, whose count says how to read the leads (`searchRead`). */
interface SearchBranch {
  where: Branch;
  match?: string;
}

function dayStart(day: string): string {
  return `${day}T00:00:00.000Z`;
}
function nextDayStart(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

function applyLeadFilters(q: LeadsQuery, f: LeadFilters, leading: LeadingColumn | undefined): LeadsQuery {
  const eq = equalsFor(leading);
  let out = f.kind ? eq(q, "kind", f.kind) : q.where("kind", "<>", "newsletter");
  // Spam stays out of every list that does not ask for it by its status.
  if (!f.status) out = out.where("status", "<>", "spam");
  if (f.type !== undefined) out = eq(out, "type", f.type);
  if (f.page) out = eq(out, "page_path", f.page);
  if (f.status) out = eq(out, "status", f.status);
  if (f.assignee === "none") out = out.where("assignee_id", "is", null);
  else if (f.assignee !== undefined) out = eq(out, "assignee_id", f.assignee);
  for (const [name, column] of ATTRIBUTION_FILTERS) {
    const value = f[name];
    if (value) out = keyEquals(out, column, attributionKey(column, value), column === leading);
  }
  // Not answered in time (`?view=overdue`): read from the partial index of unanswered leads.
  if (f.unansweredBefore) out = out.where("first_touch_at", "is", null).where("created_at", "<", f.unansweredBefore);
  // Waiting on us (`?view=replied`): the leads whose last message is theirs (features/conversations).
  if (f.replied) out = out.where("id", "in", (eb) => repliedLeadIds(eb as unknown as Kysely<Database>));
  return applyRange(out, f);
}

/** The attribution filters and the column each compares, by its lower-cased key (migration 018). */
const ATTRIBUTION_FILTERS = [
  ["landing", "landing_page"],
  ["referrer", "referrer_host"],
  ["utm_source", "utm_source"],
  ["utm_medium", "utm_medium"],
  ["utm_campaign", "utm_campaign"],
] as const;
type AttributionColumn = (typeof ATTRIBUTION_FILTERS)[number][1];
const isAttribution = (c: LeadingColumn): c is AttributionColumn => c in ATTRIBUTION_FILTER_KEYS;

/** What a filter value is compared as: lower case, and a host without "www.". */
export function attributionKey(column: AttributionColumn, value: string): string {
  const key = value.toLowerCase();
  return column === "referrer_host" && key.startsWith("www.") ? key.slice(4) : key;
}

/**
 * `key(column) = value` on the lower-cased key's partial index (IS NOT NULL says so to
 * SQLite); as the leading column, the same as a range (see `equalsFor`).
 */
function keyEquals(q: LeadsQuery, column: AttributionColumn, value: string, leading: boolean): LeadsQuery {
  const key = sql.raw(ATTRIBUTION_FILTER_KEYS[column]);
  const out = q.where(column, "is not", null);
  return leading ? out.where(sql<boolean>`${key} >= ${value}`).where(sql<boolean>`${key} <= ${value}`) : out.where(sql<boolean>`${key} = ${value}`);
}

/** The ORDER BY of the leading column: an attribution filter's lower-cased key. */
const orderOf = (leading: LeadingColumn) => (isAttribution(leading) ? sql.raw(ATTRIBUTION_FILTER_KEYS[leading]) : sql.ref(leading));

function applySubscriberFilters(q: LeadsQuery, f: SubscriberFilters, leading: LeadingColumn | undefined): LeadsQuery {
  const eq = equalsFor(leading);
  let out = eq(q, "kind", "newsletter");
  if (f.type) out = out.where("type", "=", subscriberTypes[f.type]);
  if (f.status) out = eq(out, "status", f.status);
  return applyRange(out, f);
}

/**
 * `column = value`, except for the leading column (see `leadingColumn`), which is written
 * `column >= value AND column <= value`: the same rows, but PostgreSQL does not take the
 * column for a constant and drop it from the ORDER BY, so only that column's index gives
 * the order, and it is read.
 */
const equalsFor =
  (leading: LeadingColumn | undefined) =>
  (q: LeadsQuery, column: LeadingColumn, value: string | number): LeadsQuery =>
    column === leading ? q.where(column, ">=", value).where(column, "<=", value) : q.where(column, "=", value);

function applyRange(q: LeadsQuery, f: { from?: string; to?: string; since?: string }): LeadsQuery {
  let out = q;
  if (f.since) out = out.where("created_at", ">", f.since);
  if (f.from) out = out.where("created_at", ">=", dayStart(f.from));
  if (f.to) out = out.where("created_at", "<", nextDayStart(f.to));
  return out;
}

/** A column with an index (column, created_at, id) that an equality filter holds to one value. */
type LeadingColumn = "status" | "assignee_id" | "type" | "page_path" | "utm_campaign" | "utm_source" | "utm_medium" | "referrer_host" | "landing_page" | "kind";

/**
 * The filter whose index a list is read from: its column is named first in the ORDER BY
 * (it has one value throughout, so the order is the same). Otherwise PostgreSQL may walk
 * the newest leads by time and drop those that do not match: when the newest thousands
 * are all "new", a filter on "won" read 200,000 rows (675 ms; from this index, 1 ms).
 * None with a search, whose branches have indexes of their own (`listQuery`).
 */
function leadingColumn(f: LeadFilters): LeadingColumn | undefined {
  if (f.status) return "status";
  // Not "nobody assigned" (IS NULL): PostgreSQL then sorts the whole table instead of reading the index.
  if (f.assignee !== undefined && f.assignee !== "none") return "assignee_id";
  if (f.type !== undefined) return "type";
  if (f.page) return "page_path";
  if (f.utm_campaign) return "utm_campaign";
  if (f.utm_source) return "utm_source";
  if (f.utm_medium) return "utm_medium";
  if (f.referrer) return "referrer_host";
  if (f.landing) return "landing_page";
  return f.kind ? "kind" : undefined;
}

const subscriberLeading = (f: SubscriberFilters): LeadingColumn => (f.status ? "status" : "kind");

type Scope = { leads: LeadFilters } | { subscribers: SubscriberFilters };

/** A list's query: its filters, the branches of its search, and (without a search) the column whose index gives its order. */
interface ListQuery {
  db: Db;
  base: LeadsQuery;
  /** The same filters read from another FROM (a search's, `searchRead`). */
  from: (table: SearchRead["table"]) => LeadsQuery;
  branches: SearchBranch[] | null;
  leading: LeadingColumn | undefined;
}

function listQuery(db: Db, scope: Scope): ListQuery {
  const table = (t: SearchRead["table"]) => db.kysely.selectFrom(t === "leads" ? "leads" : ((typeof t === "string" ? sql.raw(t) : t) as unknown as "leads"));
  if ("leads" in scope) {
    const branches = scope.leads.q ? searchBranches(scope.leads.q, "leads", db.dialect) : null;
    const leading = branches ? undefined : leadingColumn(scope.leads);
    const from = (t: SearchRead["table"]) => applyLeadFilters(table(t), scope.leads, leading);
    return { db, base: from("leads"), from, branches, leading };
  }
  const branches = scope.subscribers.q ? searchBranches(scope.subscribers.q, "subscribers") : null;
  const leading = branches ? undefined : subscriberLeading(scope.subscribers);
  const from = (t: SearchRead["table"]) => applySubscriberFilters(table(t), scope.subscribers, leading);
  return { db, base: from("leads"), from, branches, leading };
}

/** The list's filters read as the search's words say (SQLite's FTS5 table). */
const withWords = (from: (table: SearchRead["table"]) => LeadsQuery, read: SearchRead) => from(read.table).where(read.where);

/** Rows older than the cursor (newest first), or newer (read oldest first, then reversed). */
function keyset(q: LeadsQuery, after: Cursor | undefined, before: Cursor | undefined, limit: number, leading?: LeadingColumn): LeadsQuery {
  if (before) {
    const newer = q.where(sql<boolean>`(created_at, id) > (${before.at}, ${before.id})`);
    return (leading ? newer.orderBy(orderOf(leading), "asc") : newer).orderBy("created_at", "asc").orderBy("id", "asc").limit(limit);
  }
  const older = after ? q.where(sql<boolean>`(created_at, id) < (${after.at}, ${after.id})`) : q;
  return (leading ? older.orderBy(orderOf(leading), "desc") : older).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit);
}

export interface LeadRow {
  id: number;
  kind: string;
  form: string;
  type: number;
  typeLabel: string;
  who: string;
  email: string;
  phone: string;
  zip: string;
  /** "ZIP incomplete", "phone incomplete": values shorter than a full one. */
  incomplete: string[];
  /** The first words of the visitor's message, if the form has one. */
  preview: string;
  city: string;
  page: string;
  createdAt: string;
  status: string;
  assigneeId: number | null;
  /** The first status change, note, call or follow-up by staff (migration 020). */
  firstTouchAt: string | null;
  /** The first lead of the same person (contacts.server.ts); null when this is the first. */
  contactId: number | null;
}

export interface Page<T> {
  rows: T[];
  /** Older rows follow (the "Next" link). */
  next: string | null;
  /** Newer rows exist (the "Previous" link); null on the first page. */
  prev: string | null;
}

const listColumns = [
  "id",
  "kind",
  "type",
  "email",
  "payload",
  "page_path",
  "created_at",
  "status",
  "assignee_id",
  "zip",
  "city",
  "first_touch_at",
  "contact_id",
] as const;

type ListRaw = { id: number; created_at: string };

const newestFirst = (a: ListRaw, b: ListRaw) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : Number(b.id) - Number(a.id));

/**
 * Up to `limit` rows after (older than) or before (newer than) a cursor, in the query's
 * order (newest first; oldest first when going back). With search branches, each branch
 * is its own keyset query and their rows are merged without duplicates.
 */
async function fetchRows<R extends ListRaw>(
  { db, base, from, branches, leading }: ListQuery,
  after: Cursor | undefined,
  before: Cursor | undefined,
  limit: number,
  columns: readonly string[],
): Promise<R[]> {
  const run = (q: LeadsQuery) =>
    keyset(q, after, before, limit, leading)
      .select(columns as (typeof listColumns)[number][])
      .execute() as unknown as Promise<R[]>;
  if (!branches) return run(base);
  const read = async (b: SearchBranch): Promise<R[]> => {
    if (!b.match) return run(base.where(b.where));
    const words = await searchRead(db, b.match);
    // Many matches, read newest first: first among the newest ids only (`recent`).
    if (words.many && !before) {
      const floor = (after ? after.id : await newestLeadId(db)) - RECENT_IDS;
      const rows = floor > 0 ? await run(withWords(from, recent(b.match, floor)).where(b.where)) : [];
      const last = rows.length >= limit ? rows[rows.length - 1] : undefined;
      if (last && !(await idsBelowWithin(db, floor, last, after))) return rows;
    }
    return run(withWords(from, words).where(b.where));
  };
  const lists = await Promise.all(branches.map(read));
  const seen = new Set<number>();
  const merged = lists.flat().filter((r) => !seen.has(Number(r.id)) && seen.add(Number(r.id)));
  merged.sort(before ? (x, y) => newestFirst(y, x) : newestFirst);
  return merged.slice(0, limit);
}

async function pageOf<R extends ListRaw>(list: ListQuery, f: { after?: Cursor; before?: Cursor }, limit: number): Promise<Page<R>> {
  const raw = await fetchRows<R>(list, f.after, f.before, limit + 1, listColumns);
  const more = raw.length > limit;
  const rows = raw.slice(0, limit);
  if (f.before) rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const cursorOf = (r: R) => encodeCursor({ at: r.created_at, id: Number(r.id) });
  // Going back: "more" means newer rows still exist; older ones always do (we came from there).
  const next = f.before ? (last ? cursorOf(last) : null) : more && last ? cursorOf(last) : null;
  const prev = f.before ? (more && first ? cursorOf(first) : null) : f.after && first ? cursorOf(first) : null;
  return { rows, next, prev };
}

/**
 * The leads either side of one in a filtered list (the inbox's order, newest first): the
 * lead page's "Newer" and "Older" keep the salesperson's filter and search.
 */
export async function leadNeighbours(db: Db, f: LeadFilters, lead: { id: number; createdAt: string }): Promise<{ newer: number | null; older: number | null }> {
  const list = listQuery(db, { leads: { ...f, after: undefined, before: undefined } });
  const at = { at: lead.createdAt, id: lead.id };
  const [older, newer] = await Promise.all([
    fetchRows<ListRaw>(list, at, undefined, 1, ["id", "created_at"]),
    fetchRows<ListRaw>(list, undefined, at, 1, ["id", "created_at"]),
  ]);
  return { newer: newer[0] ? Number(newer[0].id) : null, older: older[0] ? Number(older[0].id) : null };
}

type RawLead = ListRaw & {
  kind: string;
  type: number;
  email: string;
  payload: string;
  page_path: string | null;
  status: string;
  assignee_id: number | null;
  zip: string | null;
  city: string | null;
  first_touch_at: string | null;
  contact_id: number | null;
};

function toRow(r: RawLead): LeadRow {
  const payload = parsePayload(r.payload);
  return {
    id: Number(r.id),
    kind: r.kind,
    form: kindLabel(r.kind),
    type: Number(r.type),
    typeLabel: typeLabel(Number(r.type), r.kind),
    who: whoOf(payload, r.kind),
    email: r.email,
    phone: phoneOf(payload, r.kind),
    zip: r.zip ?? "",
    incomplete: incompleteMarks(payload),
    preview: previewOf(payload),
    city: r.city ?? "",
    page: r.page_path ?? "",
    createdAt: r.created_at,
    status: r.status,
    assigneeId: r.assignee_id === null ? null : Number(r.assignee_id),
    firstTouchAt: r.first_touch_at ?? null,
    contactId: r.contact_id === null || r.contact_id === undefined ? null : Number(r.contact_id),
  };
}

/** The first words of a lead's message (the quote form's description), for the inbox's cards. */
function previewOf(payload: Record<string, unknown>): string {
  const text = [payload.message, payload.descriptionQuote].find((v) => typeof v === "string" && v.trim() !== "") as string | undefined;
  if (!text) return "";
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 140 ? `${flat.slice(0, 139).trimEnd()}…` : flat;
}

/** One inbox page: every lead form, fleet sign-up and quote matching the filters, newest first. */
export async function listLeads(db: Db, f: LeadFilters, limit = PAGE_SIZE): Promise<Page<LeadRow>> {
  const page = await pageOf<RawLead>(listQuery(db, { leads: f }), f, limit);
  return { ...page, rows: page.rows.map(toRow) };
}

export async function listSubscribers(db: Db, f: SubscriberFilters, limit = PAGE_SIZE): Promise<Page<LeadRow>> {
  const page = await pageOf<RawLead>(listQuery(db, { subscribers: f }), f, limit);
  return { ...page, rows: page.rows.map(toRow) };
}

/** The columns of an export row, in order: `eachLeadBatch` yields each row as an array of their values. */
export const EXPORT_COLUMNS = [
  ...listColumns,
  "user_agent",
  "confirmed_at",
  "submission_id",
  "consent_version",
  "consent_shown_at",
  ...ATTRIBUTION_FIELDS.map(([, column]) => column),
] as const;
/** Where each column is in an export row. */
export const exportColumn = Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, i])) as Record<(typeof EXPORT_COLUMNS)[number], number>;

/**
 * Streams the rows of a filter in keyset batches, newest first (the CSV export). Rows are
 * arrays (`EXPORT_COLUMNS`): a million of them read as objects cost the driver and the
 * garbage collector more than everything else the export does.
 */
export async function* eachLeadBatch(db: Db, scope: Scope, batchSize = 2000): AsyncGenerator<unknown[][]> {
  const list = listQuery(db, scope);
  const columns = EXPORT_COLUMNS as unknown as (typeof listColumns)[number][];
  let after: Cursor | undefined;
  for (;;) {
    const rows = list.branches
      ? (await fetchRows<ListRaw & Record<string, unknown>>(list, after, undefined, batchSize, columns)).map((r) => EXPORT_COLUMNS.map((c) => r[c]))
      : await db.readArrays(keyset(list.base, after, undefined, batchSize, list.leading).select(columns).compile());
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1] as unknown[];
    after = { at: String(last[exportColumn.created_at]), id: Number(last[exportColumn.id]) };
  }
}

export interface LeadDetail extends LeadRow {
  payload: Record<string, unknown>;
  userAgent: string;
  submissionId: string | null;
  consentVersion: string | null;
  consentShownAt: string | null;
}

/**
 * The forms the leads come from: the filter's form, else each form that has a lead at all
 * (one probe of the kind index per form). The export leaves out the columns none of them fills.
 */
export async function leadKindsIn(db: Db, f: LeadFilters): Promise<string[]> {
  if (f.kind) return [f.kind];
  const present = await Promise.all(
    leadKinds.map(async (kind) => ((await db.kysely.selectFrom("leads").select("id").where("kind", "=", kind).limit(1).executeTakeFirst()) ? kind : null)),
  );
  return present.filter((k): k is string => k !== null);
}

export async function getLead(db: Db, id: number): Promise<LeadDetail | null> {
  const r = await db.kysely.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!r) return null;
  return {
    ...toRow(r as unknown as RawLead),
    payload: parsePayload(r.payload),
    userAgent: r.user_agent ?? "",
    submissionId: r.submission_id,
    consentVersion: r.consent_version,
    consentShownAt: r.consent_shown_at,
  };
}

export interface LeadEvent {
  id: number;
  action: string;
  value: string | null;
  staffId: number | null;
  createdAt: string;
}

export async function leadEvents(db: Db, leadId: number): Promise<LeadEvent[]> {
  const rows = await db.kysely.selectFrom("lead_events").selectAll().where("lead_id", "=", leadId).orderBy("id", "asc").execute();
  return rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    value: r.value,
    staffId: r.staff_id === null ? null : Number(r.staff_id),
    createdAt: r.created_at,
  }));
}

/**
 * Sets the status and/or assignee of several leads, writing a timeline entry (who, when,
 * what) for every lead that actually changes. Returns how many leads changed.
 */
export async function changeLeads(db: Db, ids: number[], change: { status?: LeadStatus; assigneeId?: number | null }, staffId: number): Promise<number> {
  if (ids.length === 0) return 0;
  return db.kysely.transaction().execute(async (trx) => (await applyChange(trx, ids, change, staffId, new Date().toISOString())).changed);
}

/** Sets status and assignee where they differ, with one event each; the number of leads changed, and of those given to the new assignee. */
async function applyChange(
  trx: Kysely<Database>,
  ids: number[],
  change: { status?: LeadStatus; assigneeId?: number | null },
  staffId: number,
  now: string,
): Promise<{ changed: number; reassigned: number }> {
  const current = await trx.selectFrom("leads").select(["id", "status", "assignee_id"]).where("id", "in", ids).where("kind", "<>", "newsletter").execute();
  let changed = 0;
  let reassigned = 0;
  for (const row of current) {
    const id = Number(row.id);
    const events: { action: string; value: string }[] = [];
    const set: { status?: string; assignee_id?: number | null } = {};
    if (change.status && change.status !== row.status) {
      set.status = change.status;
      events.push({ action: "status", value: change.status });
    }
    const currentAssignee = row.assignee_id === null ? null : Number(row.assignee_id);
    if (change.assigneeId !== undefined && change.assigneeId !== currentAssignee) {
      set.assignee_id = change.assigneeId;
      if (change.assigneeId !== null) reassigned++;
      events.push({ action: "assignee", value: change.assigneeId === null ? "" : String(change.assigneeId) });
    }
    if (events.length === 0) continue;
    changed++;
    // A status change is a touch: the first one is the lead's first response.
    await trx
      .updateTable("leads")
      .set(set.status ? { ...set, first_touch_at: sql<string>`coalesce(first_touch_at, ${now})` } : set)
      .where("id", "=", id)
      .execute();
    await trx
      .insertInto("lead_events")
      .values(events.map((e) => ({ lead_id: id, staff_id: staffId, action: e.action, value: e.value, created_at: now })))
      .execute();
  }
  return { changed, reassigned };
}

/**
 * One save of the lead page: status, assignee and a note together, in one transaction, so
 * a note typed before the status was changed is never left behind. What was saved.
 */
export async function saveLeadWork(
  db: Db,
  leadId: number,
  work: { status?: LeadStatus; assigneeId?: number | null; note?: string },
  staffId: number,
): Promise<{ changed: boolean; noted: boolean }> {
  const now = new Date().toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const changed = (await applyChange(trx, [leadId], work, staffId, now)).changed > 0;
    const noted = Boolean(work.note);
    if (work.note) {
      await trx.insertInto("lead_events").values({ lead_id: leadId, staff_id: staffId, action: "note", value: work.note, created_at: now }).execute();
      await trx.updateTable("leads").set({ first_touch_at: now }).where("id", "=", leadId).where("first_touch_at", "is", null).execute();
    }
    return { changed, noted };
  });
}

/**
 * Unsubscribes the address of a newsletter row, every sign-up of it (a request by e-mail,
 * phone or the List-Unsubscribe mailto). Staff cannot subscribe anyone: only the address
 * itself confirms (double opt-in). Null when there is no such row.
 */
export async function unsubscribeRow(db: Db, id: number, staffId: number): Promise<{ email: string; changed: number } | null> {
  const row = await db.kysely.selectFrom("leads").select(["email"]).where("id", "=", id).where("kind", "=", "newsletter").executeTakeFirst();
  if (!row) return null;
  return { email: row.email, changed: await unsubscribeAddress(db, row.email, { staffId }) };
}

/** The queries behind an inbox page (one per search branch), for checking their plans. */
export function inboxQueriesForPlan(db: Db, f: LeadFilters) {
  const { base, from, branches, leading } = listQuery(db, { leads: f });
  const read = (b: SearchBranch) => (b.match ? withWords(from, lookup(b.match)) : base).where(b.where);
  return (branches ?? [null]).map((b) => keyset(b ? read(b) : base, f.after, f.before, PAGE_SIZE + 1, leading).select([...listColumns]));
}

// ── Totals and changes to a whole filter ─────────────────────────────────────────────
// The inbox's "1,234 leads" and its "Select all N matching" (decision record 028).

/** The number of rows of a list, counted up to `cap` (then `capped`: "10,000+"). */
export interface Total {
  n: number;
  capped: boolean;
}

/** Lists are counted exactly up to this many rows; beyond, they say "1,000+" (counting 10,000 tripled the inbox's CPU time a page at a million leads). */
export const COUNT_CAP = 1_000;

/**
 * How many rows a filter matches, reading at most `cap` + 1 of them from the filter's
 * index (a search: each branch's, merged without duplicates), so a count costs the same
 * at a million leads as at ten thousand.
 */
export async function countMatching(db: Db, scope: Scope, cap = COUNT_CAP): Promise<Total> {
  const whole: Scope =
    "leads" in scope
      ? { leads: { ...scope.leads, after: undefined, before: undefined } }
      : { subscribers: { ...scope.subscribers, after: undefined, before: undefined } };
  const { base, from, branches, leading } = listQuery(db, whole);
  let n: number;
  if (branches) {
    const ids = new Set<number>();
    const idsOf = (q: LeadsQuery) =>
      q
        .select("id")
        .limit(cap + 1)
        .execute();
    for (const b of branches) {
      const read = b.match ? await searchRead(db, b.match) : undefined;
      // Many matches: the first of them usually reach the cap; when not, the walk counts.
      let rows = read?.many && b.match ? await idsOf(withWords(from, probe(b.match)).where(b.where)) : [];
      // Words that are a condition on the leads themselves (PostgreSQL) are counted in the
      // list's order, as its page reads them: a common word's first matches are then read
      // from the newest leads (4.5 ms), not gathered whole from the words' index first (64 ms).
      if (rows.length <= cap) rows = await idsOf(read ? withWords(from, read).where(b.where) : keyset(base.where(b.where), undefined, undefined, cap + 1));
      for (const r of rows) ids.add(Number(r.id));
    }
    n = ids.size;
  } else {
    // In the list's own order, as its first page reads it: the planner then walks the filter's
    // index. Without an order PostgreSQL took a scan of the table from its start for a type
    // code whose leads lay far into it (75 ms at a million leads, against 3 ms by the index).
    const row = await db.kysely
      .selectFrom(
        keyset(base, undefined, undefined, cap + 1, leading)
          .select(sql<number>`1`.as("one"))
          .as("matching"),
      )
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow();
    n = Number(row.n);
  }
  return n > cap ? { n: cap, capped: true } : { n, capped: false };
}

/**
 * Sets the status and/or assignee of every lead a filter matches that arrived by `upTo`
 * (the moment the change was confirmed), in batches of `batchSize`, each one write through
 * the write queue with its timeline entries. Returns how many leads were read and changed,
 * and how many of them went to the new assignee.
 */
export async function changeMatching(
  db: Db,
  f: LeadFilters,
  change: { status?: LeadStatus; assigneeId?: number | null },
  staffId: number,
  upTo: string,
  batchSize = 500,
): Promise<{ matched: number; changed: number; reassigned: number }> {
  const list = listQuery(db, { leads: { ...f, after: undefined, before: undefined } });
  let after: Cursor = { at: upTo, id: Number.MAX_SAFE_INTEGER };
  let matched = 0;
  let changed = 0;
  let reassigned = 0;
  const queue = writeQueueFor(db);
  for (;;) {
    const rows = await fetchRows<ListRaw>(list, after, undefined, batchSize, ["id", "created_at"]);
    if (rows.length === 0) break;
    const ids = rows.map((r) => Number(r.id));
    const now = new Date().toISOString();
    const batch = await queue.run((trx) => applyChange(trx, ids, change, staffId, now));
    changed += batch.changed;
    reassigned += batch.reassigned;
    matched += rows.length;
    if (rows.length < batchSize) break;
    const last = rows[rows.length - 1] as ListRaw;
    after = { at: String(last.created_at), id: Number(last.id) };
  }
  return { matched, changed, reassigned };
}
