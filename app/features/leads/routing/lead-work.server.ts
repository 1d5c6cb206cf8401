import { data } from "react-router";
import { isTimeZone } from "~/shared/zoned-time";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { audit } from "~/features/staff/audit.server";
import type { Db } from "~/platform/db/db.server";
import type { Services } from "~/platform/services.server";
import { issueMessages } from "~/shared/forms/issues";
import { type CallOutcome, callOutcomes, callSchema, followUpSchema, touch } from "./work.server";

/** The choices of the lead page's "Log the call" form. */
export const workChoices = { outcomes: callOutcomes.map((o) => ({ value: o.value, label: o.label })) };

/** What "Log the call" saves: the call, and with it a note and a follow-up if given. */
export interface LoggedCall {
  outcome: CallOutcome;
  /** "What was said": a note in the timeline. */
  note: string | null;
  followUp: { due: string; note: string | null } | null;
}

/** The form's fields as typed, kept in the form when the save is refused. */
export interface CallValues {
  outcome: string;
  callNote: string;
  due: string;
  followNote: string;
}

/** Reads "Log the call": the errors, each for one field, or what to save. */
export function readLoggedCall(v: CallValues, zone = "UTC"): { ok: true; call: LoggedCall } | { ok: false; errors: string[] } {
  const call = callSchema.safeParse({ outcome: v.outcome, note: v.callNote });
  const errors = call.success ? [] : issueMessages(call.error);
  let followUp: LoggedCall["followUp"] = null;
  if (v.due.trim()) {
    const f = followUpSchema(zone).safeParse({ due: v.due.trim(), note: v.followNote });
    if (f.success) followUp = f.data;
    else errors.push(...issueMessages(f.error));
  } else if (v.followNote.trim()) {
    errors.push("Give the follow-up's date and time, or leave what to do then empty");
  }
  if (!call.success || errors.length) return { ok: false, errors: [...new Set(errors)] };
  return { ok: true, call: { outcome: call.data.outcome, note: call.data.note, followUp } };
}

/**
 * One save of "Log the call", in one transaction: the call (its outcome), the note of what
 * was said and the follow-up, each a timeline entry at the same moment, and a touch (the
 * lead counts as answered).
 */
export async function saveLoggedCall(db: Db, leadId: number, staffId: number, call: LoggedCall, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    const event = (action: string, value: string) =>
      trx.insertInto("lead_events").values({ lead_id: leadId, staff_id: staffId, action, value, created_at: at }).execute();
    await event("call", JSON.stringify({ outcome: call.outcome, note: null }));
    if (call.note) await event("note", call.note);
    if (call.followUp) {
      await trx
        .insertInto("lead_followups")
        .values({ lead_id: leadId, staff_id: staffId, due_at: call.followUp.due, note: call.followUp.note, created_at: at })
        .execute();
      await event("followup", JSON.stringify(call.followUp));
    }
    await touch(trx, leadId, at);
  });
}

/** What the page says once a call is logged. */
export function loggedText(call: LoggedCall): string {
  const also = [call.followUp ? "follow-up set" : null, call.note ? "note added" : null].filter(Boolean);
  return also.length ? `Call logged, ${also.join(" and ")}.` : "Call logged.";
}

const valuesOf = (form: FormData): CallValues => ({
  outcome: String(form.get("outcome") ?? ""),
  callNote: String(form.get("callNote") ?? ""),
  due: String(form.get("due") ?? ""),
  followNote: String(form.get("followNote") ?? ""),
});

/** The lead page's "Log the call" (intent "call"): one save, one audit entry describing all of it. */
/**
 * `zone`: the member's, that the follow-up's time is typed in; the form says which zone its
 * page showed (the browser's, before the server knew it), and that one wins.
 */
export async function logCallAction(services: Pick<Services, "db">, staffId: number, leadId: number, form: FormData, zone = "UTC") {
  const { db } = services;
  const call = valuesOf(form);
  const shown = String(form.get("zone") ?? "");
  const read = readLoggedCall(call, isTimeZone(shown) ? shown : zone);
  if (!read.ok) {
    return data({ errors: read.errors, values: null, call, done: null as string | null }, { status: 422, headers: DESK_HEADERS });
  }
  await saveLoggedCall(db, leadId, staffId, read.call);
  await audit(db, {
    staffId,
    action: "lead.call",
    subject: String(leadId),
    detail: { outcome: read.call.outcome, due: read.call.followUp?.due ?? null, note: Boolean(read.call.note) },
  });
  return data(
    { errors: null as string[] | null, values: null, call: null as CallValues | null, done: loggedText(read.call) as string | null },
    { headers: DESK_HEADERS },
  );
}
