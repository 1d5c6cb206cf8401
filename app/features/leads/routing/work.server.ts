import type { Kysely } from "kysely";
import { z } from "zod";
import { localInputToUtc } from "~/shared/zoned-input";
import { formatInZone } from "~/shared/zoned-time";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import type { Services } from "~/platform/services.server";
import { tellAssigned } from "./assignment-mail.server";
import { kindLabel, whoOf, parsePayload } from "../desk/labels.server";
import { submissionReference } from "~/shared/forms/success";
import { staffMember } from "~/features/staff/people.server";

/** What a logged call came to. */
export const callOutcomes = [
  { value: "reached", label: "Reached them" },
  { value: "voicemail", label: "Left a voicemail" },
  { value: "no-answer", label: "No answer" },
  { value: "wrong-number", label: "Wrong number" },
] as const;
export type CallOutcome = (typeof callOutcomes)[number]["value"];
export const callOutcomeLabel = (v: string) => callOutcomes.find((o) => o.value === v)?.label ?? v;

const note = z
  .string()
  .trim()
  .max(2000, "A note is at most 2,000 characters")
  .transform((n) => n || null);

export const callSchema = z.object({
  outcome: z.enum(callOutcomes.map((o) => o.value) as [CallOutcome, ...CallOutcome[]], "Choose how the call went"),
  note,
});

/** A follow-up's date and time as typed (`datetime-local`), read in the member's zone (UTC when none is known). */
export const followUpSchema = (zone = "UTC") =>
  z.object({
    due: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Give the follow-up's date and time")
      .refine((v) => localInputToUtc(v, zone) !== null, "Give the follow-up's date and time")
      .transform((v) => localInputToUtc(v, zone) as string),
    note,
  });

/** The first response: a lead's first touch by staff is kept, later ones change nothing. */
export async function touch(trx: Kysely<Database>, leadId: number, at: string): Promise<void> {
  await trx.updateTable("leads").set({ first_touch_at: at }).where("id", "=", leadId).where("first_touch_at", "is", null).execute();
}

/** A call with its outcome and note, in the lead's timeline; it counts as a touch. */
export async function logCall(db: Db, leadId: number, staffId: number, call: { outcome: CallOutcome; note: string | null }): Promise<void> {
  const at = new Date().toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto("lead_events")
      .values({ lead_id: leadId, staff_id: staffId, action: "call", value: JSON.stringify(call), created_at: at })
      .execute();
    await touch(trx, leadId, at);
  });
}

/** A dated follow-up for the one who sets it, in the lead's timeline; it counts as a touch. */
export async function addFollowUp(db: Db, leadId: number, staffId: number, f: { due: string; note: string | null }): Promise<void> {
  const at = new Date().toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto("lead_followups").values({ lead_id: leadId, staff_id: staffId, due_at: f.due, note: f.note, created_at: at }).execute();
    await trx
      .insertInto("lead_events")
      .values({ lead_id: leadId, staff_id: staffId, action: "followup", value: JSON.stringify(f), created_at: at })
      .execute();
    await touch(trx, leadId, at);
  });
}

/** A timeline line for a call or a follow-up event; the follow-up's time in `zone`, named. */
export function workEventText(action: string, value: string | null, zone = "UTC"): string | null {
  if (action !== "call" && action !== "followup") return null;
  let v: { outcome?: string; due?: string; note?: string | null } = {};
  try {
    v = JSON.parse(value ?? "{}");
  } catch {
    // An unreadable entry shows as its kind alone.
  }
  const tail = v.note ? `: ${v.note}` : "";
  if (action === "call") return `Call logged, ${callOutcomeLabel(v.outcome ?? "").toLowerCase()}${tail}`;
  return `Follow-up set for ${formatInZone(v.due ?? "", zone)}${tail}`;
}

export interface Task {
  id: number;
  leadId: number;
  reference: string;
  form: string;
  who: string;
  due: string;
  note: string | null;
}

/** One member of staff's open follow-ups, soonest first: late, due today (in `zone`, the member's), later. */
export async function myTasks(db: Db, staffId: number, now = new Date(), zone = "UTC") {
  const rows = await db.kysely
    .selectFrom("lead_followups as f")
    .innerJoin("leads as l", "l.id", "f.lead_id")
    .select(["f.id", "f.lead_id", "f.due_at", "f.note", "l.kind", "l.submission_id", "l.payload", "l.email"])
    .where("f.staff_id", "=", staffId)
    .where("f.done_at", "is", null)
    .orderBy("f.due_at")
    .orderBy("f.id")
    .limit(500)
    .execute();
  const at = now.toISOString();
  // The member's midnight tonight: their today, not UTC's.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(now);
  const tomorrow = new Date(Date.parse(`${today}T12:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
  const dayEnds = localInputToUtc(`${tomorrow}T00:00`, zone) ?? new Date(Date.parse(`${tomorrow}T00:00:00.000Z`)).toISOString();
  const tasks = rows.map((r) => ({
    id: Number(r.id),
    leadId: Number(r.lead_id),
    reference: r.submission_id ? `#${submissionReference(r.submission_id)}` : String(r.lead_id),
    form: kindLabel(r.kind),
    who: whoOf(parsePayload(r.payload), r.kind) || r.email,
    due: r.due_at,
    note: r.note,
  }));
  return {
    overdue: tasks.filter((t) => t.due < at),
    today: tasks.filter((t) => t.due >= at && t.due < dayEnds),
    upcoming: tasks.filter((t) => t.due >= dayEnds),
  };
}

/** Marks one of `staffId`'s follow-ups done, or moves it on a day; false when it is not theirs or is done. */
export async function settleFollowUp(db: Db, id: number, staffId: number, how: "done" | "snooze", now = new Date()): Promise<boolean> {
  const row = await db.kysely
    .selectFrom("lead_followups")
    .select(["due_at"])
    .where("id", "=", id)
    .where("staff_id", "=", staffId)
    .where("done_at", "is", null)
    .executeTakeFirst();
  if (!row) return false;
  const from = Math.max(Date.parse(row.due_at), now.getTime());
  const set = how === "done" ? { done_at: now.toISOString() } : { due_at: new Date(from + 86_400_000).toISOString() };
  const res = await db.kysely.updateTable("lead_followups").set(set).where("id", "=", id).where("done_at", "is", null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The current owners of some leads, before a change by hand. */
export async function ownersOf(db: Db, ids: number[]): Promise<Map<number, number | null>> {
  if (!ids.length) return new Map();
  const rows = await db.kysely.selectFrom("leads").select(["id", "assignee_id"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.assignee_id === null ? null : Number(r.assignee_id)]));
}

/** Who gave leads, as an assignment e-mail names them: their name, else their address. */
async function giver(db: Db, me: number): Promise<string> {
  const row = await staffMember(db.kysely, me);
  return row?.name?.trim() || row?.email || "A colleague";
}

/**
 * Tells `ownerId` the leads given to them by hand in one change (whose owner was someone
 * else), unless they gave them to themselves: one e-mail listing them, within the hourly
 * limit (assignment-mail.server.ts).
 */
export async function tellNewOwner(
  services: Pick<Services, "db" | "env" | "outbox">,
  before: Map<number, number | null>,
  ownerId: number | null | undefined,
  me: number,
) {
  if (ownerId === null || ownerId === undefined || ownerId === me) return;
  const ids = [...before].filter(([, was]) => was !== ownerId).map(([id]) => id);
  if (!ids.length) return;
  const owner = await staffMember(services.db.kysely, ownerId);
  if (!owner) return;
  await tellAssigned(services, { id: owner.id, email: owner.email }, { leadIds: ids, by: await giver(services.db, me) });
}

/**
 * Tells `ownerId` that `count` leads were given to them at once by `me` ("all N matching"):
 * one e-mail with a link to their leads, unless they gave them to themselves; within the
 * hourly limit too.
 */
export async function tellOwnerOfMany(services: Pick<Services, "db" | "env" | "outbox">, ownerId: number | null | undefined, count: number, me: number) {
  if (ownerId === null || ownerId === undefined || ownerId === me || count === 0) return;
  const owner = await staffMember(services.db.kysely, ownerId);
  if (!owner) return;
  await tellAssigned(services, { id: owner.id, email: owner.email }, { leadIds: [], count, by: await giver(services.db, me) });
}
