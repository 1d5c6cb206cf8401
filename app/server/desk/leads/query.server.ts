import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Database, Db } from "../../db/db.server";
import { type Cursor, encodeCursor, type LeadFilters, type SubscriberFilters } from "./filters.server";
import { kindLabel, type LeadStatus, parsePayload, phoneOf, subscriberTypes, typeLabel, whoOf } from "./labels.server";
import { normaliseText, phoneDigits } from "./search-columns.server";

export const PAGE_SIZE = 50;

type LeadsQuery = SelectQueryBuilder<Database, "leads", object>;
type Eb = ExpressionBuilder<Database, "leads">;

/** The first string that sorts after every string starting with `prefix`. */
export function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  const head = prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1));
  return head + String.fromCodePoint(last + 1);
}

const startsWith = (eb: Eb, column: "email_norm" | "name_norm" | "last_norm" | "business_norm" | "phone_norm", prefix: string) =>
  eb.and([eb(column, ">=", prefix), eb(column, "<", prefixEnd(prefix))]);

/**
 * The search box: an e-mail address or its start, a ZIP or phone number (digits), or the
 * start of a first name, last name, full name or business name. Each is an equality or a
 * prefix range on an indexed, normalised column, never a scan of the table.
 */
export function searchCondition(eb: Eb, q: string, scope: "leads" | "subscribers") {
  const text = normaliseText(q);
  if (scope === "subscribers") return startsWith(eb, "email_norm", text);
  if (text.includes("@")) return startsWith(eb, "email_norm", text);
  if (/^[\d\s()+.-]+$/.test(text) && /\d/.test(text)) {
    const digits = phoneDigits(text);
    const ors = [startsWith(eb, "phone_norm", digits)];
    if (/^\d{5}$/.test(digits)) ors.push(eb("zip", "=", digits));
    return eb.or(ors);
  }
  return eb.or([
    startsWith(eb, "name_norm", text),
    startsWith(eb, "last_norm", text),
    startsWith(eb, "business_norm", text),
    startsWith(eb, "email_norm", text),
  ]);
}

function dayStart(day: string): string {
  return `${day}T00:00:00.000Z`;
}
function nextDayStart(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

function applyLeadFilters(q: LeadsQuery, f: LeadFilters): LeadsQuery {
  let out = f.kind ? q.where("kind", "=", f.kind) : q.where("kind", "<>", "newsletter");
  if (f.type !== undefined) out = out.where("type", "=", f.type);
  if (f.page) out = out.where("page_path", "=", f.page);
  if (f.status) out = out.where("status", "=", f.status);
  if (f.assignee === "none") out = out.where("assignee_id", "is", null);
  else if (f.assignee !== undefined) out = out.where("assignee_id", "=", f.assignee);
  if (f.q) {
    const term = f.q;
    out = out.where((eb) => searchCondition(eb, term, "leads"));
  }
  return applyRange(out, f);
}

function applySubscriberFilters(q: LeadsQuery, f: SubscriberFilters): LeadsQuery {
  let out = q.where("kind", "=", "newsletter");
  if (f.type) out = out.where("type", "=", subscriberTypes[f.type]);
  if (f.status) out = out.where("status", "=", f.status);
  if (f.q) {
    const term = f.q;
    out = out.where((eb) => searchCondition(eb, term, "subscribers"));
  }
  return applyRange(out, f);
}

function applyRange(q: LeadsQuery, f: { from?: string; to?: string }): LeadsQuery {
  let out = q;
  if (f.from) out = out.where("created_at", ">=", dayStart(f.from));
  if (f.to) out = out.where("created_at", "<", nextDayStart(f.to));
  return out;
}

/** Rows older than the cursor (newest first), or newer (read oldest first, then reversed). */
function keyset(q: LeadsQuery, after: Cursor | undefined, before: Cursor | undefined, limit: number): LeadsQuery {
  if (before) {
    return q
      .where(sql<boolean>`(created_at, id) > (${before.at}, ${before.id})`)
      .orderBy("created_at", "asc")
      .orderBy("id", "asc")
      .limit(limit);
  }
  const older = after ? q.where(sql<boolean>`(created_at, id) < (${after.at}, ${after.id})`) : q;
  return older.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit);
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
  city: string;
  page: string;
  createdAt: string;
  status: string;
  assigneeId: number | null;
}

export interface Page<T> {
  rows: T[];
  /** Older rows follow (the "Next" link). */
  next: string | null;
  /** Newer rows exist (the "Previous" link); null on the first page. */
  prev: string | null;
}

const listColumns = ["id", "kind", "type", "email", "payload", "page_path", "created_at", "status", "assignee_id", "zip", "city"] as const;

type ListRaw = { id: number; created_at: string };

async function pageOf<R extends ListRaw>(base: LeadsQuery, f: { after?: Cursor; before?: Cursor }, limit: number): Promise<Page<R>> {
  const raw = (await keyset(base, f.after, f.before, limit + 1)
    .select([...listColumns])
    .execute()) as unknown as R[];
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
};

function toRow(r: RawLead): LeadRow {
  const payload = parsePayload(r.payload);
  return {
    id: Number(r.id),
    kind: r.kind,
    form: kindLabel(r.kind),
    type: Number(r.type),
    typeLabel: typeLabel(Number(r.type), r.kind),
    who: whoOf(payload),
    email: r.email,
    phone: phoneOf(payload),
    zip: r.zip ?? "",
    city: r.city ?? "",
    page: r.page_path ?? "",
    createdAt: r.created_at,
    status: r.status,
    assigneeId: r.assignee_id === null ? null : Number(r.assignee_id),
  };
}

/** One inbox page: every lead form, fleet sign-up and quote matching the filters, newest first. */
export async function listLeads(db: Db, f: LeadFilters, limit = PAGE_SIZE): Promise<Page<LeadRow>> {
  const page = await pageOf<RawLead>(applyLeadFilters(db.kysely.selectFrom("leads"), f), f, limit);
  return { ...page, rows: page.rows.map(toRow) };
}

export async function listSubscribers(db: Db, f: SubscriberFilters, limit = PAGE_SIZE): Promise<Page<LeadRow>> {
  const page = await pageOf<RawLead>(applySubscriberFilters(db.kysely.selectFrom("leads"), f), f, limit);
  return { ...page, rows: page.rows.map(toRow) };
}

/** Streams the raw rows of a filter in batches, newest first (the CSV export). */
export async function* eachLeadBatch(
  db: Db,
  scope: { leads: LeadFilters } | { subscribers: SubscriberFilters },
  batchSize = 2000,
): AsyncGenerator<(RawLead & { user_agent: string | null })[]> {
  const base =
    "leads" in scope
      ? applyLeadFilters(db.kysely.selectFrom("leads"), { ...scope.leads, after: undefined, before: undefined })
      : applySubscriberFilters(db.kysely.selectFrom("leads"), { ...scope.subscribers, after: undefined, before: undefined });
  let after: Cursor | undefined;
  for (;;) {
    const rows = (await keyset(base, after, undefined, batchSize)
      .select([...listColumns, "user_agent"])
      .execute()) as unknown as (RawLead & { user_agent: string | null })[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1] as RawLead;
    after = { at: last.created_at, id: Number(last.id) };
  }
}

export interface LeadDetail extends LeadRow {
  payload: Record<string, unknown>;
  userAgent: string;
  submissionId: string | null;
}

export async function getLead(db: Db, id: number): Promise<LeadDetail | null> {
  const r = await db.kysely.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!r) return null;
  return {
    ...toRow(r as unknown as RawLead),
    payload: parsePayload(r.payload),
    userAgent: r.user_agent ?? "",
    submissionId: r.submission_id,
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
  return rows.map((r) => ({ id: Number(r.id), action: r.action, value: r.value, staffId: r.staff_id === null ? null : Number(r.staff_id), createdAt: r.created_at }));
}

/**
 * Sets the status and/or assignee of several leads, writing a timeline entry (who, when,
 * what) for every lead that actually changes. Returns how many leads changed.
 */
export async function changeLeads(
  db: Db,
  ids: number[],
  change: { status?: LeadStatus; assigneeId?: number | null },
  staffId: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const now = new Date().toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("leads")
      .select(["id", "status", "assignee_id"])
      .where("id", "in", ids)
      .where("kind", "<>", "newsletter")
      .execute();
    let changed = 0;
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
        events.push({ action: "assignee", value: change.assigneeId === null ? "" : String(change.assigneeId) });
      }
      if (events.length === 0) continue;
      changed++;
      await trx.updateTable("leads").set(set).where("id", "=", id).execute();
      await trx
        .insertInto("lead_events")
        .values(events.map((e) => ({ lead_id: id, staff_id: staffId, action: e.action, value: e.value, created_at: now })))
        .execute();
    }
    return changed;
  });
}

export async function addNote(db: Db, leadId: number, text: string, staffId: number): Promise<void> {
  await db.kysely
    .insertInto("lead_events")
    .values({ lead_id: leadId, staff_id: staffId, action: "note", value: text, created_at: new Date().toISOString() })
    .execute();
}

/** Marks newsletter rows subscribed or unsubscribed (a request by e-mail or phone). */
export async function setSubscription(db: Db, id: number, status: "subscribed" | "unsubscribed", staffId: number): Promise<boolean> {
  const row = await db.kysely.selectFrom("leads").select(["status"]).where("id", "=", id).where("kind", "=", "newsletter").executeTakeFirst();
  if (!row) return false;
  if (row.status === status) return true;
  await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable("leads").set({ status }).where("id", "=", id).execute();
    await trx.insertInto("lead_events").values({ lead_id: id, staff_id: staffId, action: "status", value: status, created_at: new Date().toISOString() }).execute();
  });
  return true;
}

/** The query behind an inbox page, for checking its plan (tests and the benchmark). */
export function inboxQueryForPlan(db: Db, f: LeadFilters) {
  return keyset(applyLeadFilters(db.kysely.selectFrom("leads"), f), f.after, f.before, PAGE_SIZE + 1).select([...listColumns]);
}
