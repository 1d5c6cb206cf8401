import type { Db } from "~/platform/db/db.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import type { MessageDraft } from "~/platform/outbox/worker.server";
import type { Services } from "~/platform/services.server";
import { type CallBack, callBackOf } from "../mail.server";
import { parsePayload } from "../desk/labels.server";

/**
 * Assignment e-mails without floods between colleagues. A change that gives leads to
 * someone else (on a lead's page, ticked in the inbox, or "all N matching") writes one
 * e-mail to that person, listing the leads of that change, not one a lead. And one person
 * is sent at most ASSIGNMENT_MAIL_PER_HOUR of these within any hour: past it, the leads
 * given go into one digest, written to be sent when
 * the hour since the oldest of those e-mails is up, and every later change until then adds
 * to it. The digest is written with that time as its own, so it counts in the hour it is
 * sent. The e-mails carry lead ids only; what they list is read from the leads when they
 * are sent, so a lead deleted meanwhile is not in them. A routing rule's e-mail of a new
 * lead ("lead-assigned", written with the lead) is the alert to answer it in time: it is
 * neither counted nor held back.
 *
 * The count reads migration 017's index of the outbox by recipient (staff e-mails carry
 * the member's address there). Count and write are one transaction of the write queue.
 */

/** The messages that tell someone a colleague gave them leads, counted against the hourly limit. */
export const ASSIGNMENT_TEMPLATES = ["leads-assigned", "leads-assigned-many", "leads-assigned-digest"] as const;

const HOUR_MS = 3_600_000;

/** One change's leads for one person: listed by id, and a number given by a filter and not listed. */
export interface AssignedChange {
  leadIds: number[];
  /** Leads given by "all N matching": counted, not listed. */
  count?: number;
  /** Who gave them, as the e-mail names them. */
  by: string;
}

export type AssignmentOutcome = { kind: "mail"; template: "leads-assigned" | "leads-assigned-many" } | { kind: "digest"; dueAt: string };

/**
 * Writes the e-mail telling `owner` of one change, or adds the change to their digest.
 * `now` is when the change was made.
 */
export async function tellAssigned(
  services: Pick<Services, "db" | "env" | "outbox">,
  owner: { id: number; email: string },
  change: AssignedChange,
  now = new Date(),
): Promise<AssignmentOutcome | null> {
  const leadIds = [...new Set(change.leadIds)];
  const count = change.count ?? 0;
  if (!leadIds.length && !count) return null;
  const { db, env, outbox } = services;
  const outcome = await writeQueueFor(db).run(async (trx): Promise<AssignmentOutcome> => {
    const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
    // The person's digest still to be sent, if any (written within the last hour, for its time).
    const [digest] = await outbox.find(trx, {
      recipient: owner.email,
      writtenAfter: hourAgo,
      templates: ["leads-assigned-digest"],
      states: ["pending"],
      newest: 1,
    });
    if (digest) {
      const payload = parsePayload(digest.payload);
      const listed = listedIds(payload);
      const more = (Number(payload.more) || 0) + count;
      await outbox.amend(trx, digest.id, { leadIds: [...new Set([...listed, ...leadIds])], more });
      return { kind: "digest", dueAt: digest.next_attempt_at };
    }
    // When each assignment e-mail of the last hour was written (a digest: when it is due), oldest first; failed ones did not arrive.
    const sent = (await outbox.find(trx, { recipient: owner.email, writtenAfter: hourAgo, templates: [...ASSIGNMENT_TEMPLATES], notStates: ["failed"] })).map(
      (r) => r.created_at,
    );
    const limit = env.ASSIGNMENT_MAIL_PER_HOUR;
    if (sent.length < limit) {
      const draft: MessageDraft = leadIds.length
        ? { template: "leads-assigned", recipient: owner.email, staffId: owner.id, payload: { leadIds, by: change.by } }
        : { template: "leads-assigned-many", recipient: owner.email, staffId: owner.id, payload: { count, by: change.by } };
      // A change of one lead belongs to that lead: its page lists the e-mail.
      await outbox.send(trx, [draft], { leadId: leadIds.length === 1 ? (leadIds[0] ?? null) : null, now });
      return { kind: "mail", template: draft.template as "leads-assigned" | "leads-assigned-many" };
    }
    // The hour is full: the digest goes when the oldest e-mail that fills it is an hour old.
    const oldest = sent[sent.length - limit] ?? sent[0] ?? now.toISOString();
    const dueAt = new Date(Math.max(Date.parse(oldest) + HOUR_MS, now.getTime()));
    await outbox.send(trx, [{ template: "leads-assigned-digest", recipient: owner.email, staffId: owner.id, payload: { leadIds, more: count } }], {
      now: dueAt,
    });
    return { kind: "digest", dueAt: dueAt.toISOString() };
  });
  if (outcome.kind === "mail") outbox.nudge();
  return outcome;
}

/** The leads an assignment e-mail lists, in the order given, as they are now (a deleted one is left out). */
export async function callBacks(db: Db, ids: readonly number[]): Promise<CallBack[]> {
  const found = new Map<number, CallBack>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.kysely
      .selectFrom("leads")
      .select(["id", "submission_id", "kind", "email", "payload"])
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const id = Number(r.id);
      found.set(id, callBackOf({ id, submissionId: r.submission_id, kind: r.kind, email: r.email, payload: parsePayload(r.payload) }));
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** The ids in an assignment e-mail's payload. */
export const listedIds = (payload: Record<string, unknown>): number[] =>
  Array.isArray(payload.leadIds) ? payload.leadIds.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : [];
