import type { Kysely } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import type { Outbox } from "~/platform/outbox/worker.server";
import { leadsWithOwners } from "~/features/leads/conversation-links.server";
import { audit } from "~/features/staff/audit.server";
import type { AttachmentNote, Received } from "./parse.server";
import { attachmentsOf } from "./thread.server";
import { splitQuoted } from "./quoted";
import { storeReply } from "./inbound.server";

/**
 * The leads waiting on us: those whose last message is one they sent ("Replied"). A
 * subquery over lead_messages for the inbox's `?view=replied`.
 */
export function repliedLeadIds(k: Kysely<Database>) {
  return k
    .selectFrom("lead_messages as m")
    .select("m.lead_id")
    .where("m.direction", "=", "in")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("lead_messages as n").select("n.id").whereRef("n.lead_id", "=", "m.lead_id").whereRef("n.id", ">", "m.id"))),
    );
}

/** Which of `ids` are waiting on us (their last message came from them): the inbox's badge. */
export async function repliedAmong(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await repliedLeadIds(db.kysely).where("m.lead_id", "in", ids).execute();
  return new Set(rows.map((r) => Number(r.lead_id)));
}

/** A received message no lead was found for, as the desk lists it. */
export interface UnmatchedMessage {
  id: number;
  fromAddress: string | null;
  fromName: string | null;
  toAddress: string | null;
  subject: string | null;
  fresh: string;
  attachments: AttachmentNote[];
  createdAt: string;
}

/** The unmatched messages not yet assigned, newest first, 50 a page before `before` (an id). */
export async function listUnmatched(db: Db, before?: number): Promise<{ rows: UnmatchedMessage[]; next: number | null }> {
  let q = db.kysely
    .selectFrom("unmatched_messages")
    .select(["id", "from_address", "from_name", "to_address", "subject", "body_text", "attachments", "created_at"])
    .where("assigned_at", "is", null)
    .orderBy("id", "desc")
    .limit(51);
  if (before) q = q.where("id", "<", before);
  const rows = await q.execute();
  const page = rows.slice(0, 50).map((r) => ({
    id: Number(r.id),
    fromAddress: r.from_address,
    fromName: r.from_name,
    toAddress: r.to_address,
    subject: r.subject,
    fresh: splitQuoted(r.body_text ?? "").fresh.slice(0, 2000),
    attachments: attachmentsOf(r.attachments),
    createdAt: r.created_at,
  }));
  return { rows: page, next: rows.length > 50 ? (page[page.length - 1]?.id ?? null) : null };
}

export type AssignResult = "assigned" | "no-message" | "no-lead";

/**
 * Gives an unmatched message to a lead (an admin's choice in the desk): it joins the lead's
 * conversation as a reply (its owner told as for any reply) and leaves the unmatched list,
 * in one transaction; the audit log keeps who did it.
 */
export async function assignUnmatched(
  services: { db: Db; outbox: Outbox },
  input: { messageId: number; leadId: number; staffId: number; ipHash?: string | null },
  now = new Date(),
): Promise<AssignResult> {
  const { db, outbox } = services;
  const result = await writeQueueFor(db).run(async (trx): Promise<AssignResult> => {
    const row = await trx.selectFrom("unmatched_messages").selectAll().where("id", "=", input.messageId).where("assigned_at", "is", null).executeTakeFirst();
    if (!row) return "no-message";
    if (!(await leadsWithOwners(trx, [input.leadId])).has(input.leadId)) return "no-lead";
    const message: Received = {
      messageId: row.message_id,
      inReplyTo: row.in_reply_to,
      refs: row.refs,
      fromAddress: row.from_address,
      fromName: row.from_name,
      toAddress: row.to_address,
      recipients: [],
      subject: row.subject,
      bodyText: row.body_text ?? "",
      bodyHtml: row.body_html,
      attachments: attachmentsOf(row.attachments),
    };
    await storeReply(trx, outbox, input.leadId, message, now, { staffId: input.staffId });
    await trx
      .updateTable("unmatched_messages")
      .set({ assigned_lead_id: input.leadId, assigned_at: now.toISOString(), assigned_by: input.staffId })
      .where("id", "=", input.messageId)
      .execute();
    return "assigned";
  });
  if (result === "assigned") {
    outbox.nudge();
    await audit(db, {
      staffId: input.staffId,
      action: "reply.assign",
      subject: String(input.leadId),
      detail: { message: input.messageId },
      ipHash: input.ipHash ?? null,
    });
  }
  return result;
}
