import type { Kysely, Selectable } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Database, LeadMessagesTable } from "~/platform/db/schema";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { findMessages } from "~/platform/outbox/store.server";
import type { Outbox } from "~/platform/outbox/worker.server";
import { recipientKey } from "~/platform/outbox/visitor-mail.server";
import { touch } from "~/features/leads/routing/work.server";
import { referencesAfter } from "./addresses.server";

/** The messages of a lead's conversation (lead_messages): what the desk shows and sends. */

export type LeadMessage = Selectable<LeadMessagesTable>;

/** Where an e-mail sent from the desk is on its way: the outbox's state, in words. */
export type DeliveryState = "queued" | "sending" | "sent" | "failed" | "received";

export interface ShownMessage {
  id: number;
  leadId: number;
  direction: "out" | "in";
  at: string;
  fromName: string | null;
  fromAddress: string;
  toAddress: string;
  subject: string;
  body: string;
  staffId: number | null;
  state: DeliveryState;
  /** Why it failed, in the receiving server's words. */
  error: string | null;
  sentAt: string | null;
  /** JSON list of a received message's attachments (name, type, size); null when none. */
  attachments: string | null;
}

/** More messages than a lead's or a contact's page lists; past it the newest. */
const MOST = 500;

/** The messages of these leads, oldest first, each with its delivery state. */
export async function messagesOf(db: Db, leadIds: number[]): Promise<ShownMessage[]> {
  if (!leadIds.length) return [];
  const rows = await db.kysely.selectFrom("lead_messages").selectAll().where("lead_id", "in", leadIds).orderBy("id", "desc").limit(MOST).execute();
  const outboxIds = rows.flatMap((r) => (r.outbox_id === null ? [] : [Number(r.outbox_id)]));
  const deliveries = outboxIds.length ? await findMessages(db, { ids: outboxIds }) : [];
  const byId = new Map(deliveries.map((d) => [Number(d.id), d]));
  return rows.reverse().map((r) => {
    const d = r.outbox_id === null ? undefined : byId.get(Number(r.outbox_id));
    const state: DeliveryState =
      r.direction === "in" ? "received" : d?.state === "sent" ? "sent" : d?.state === "failed" ? "failed" : d?.state === "sending" ? "sending" : "queued";
    return {
      id: Number(r.id),
      leadId: Number(r.lead_id),
      direction: r.direction,
      at: r.created_at,
      fromName: r.from_name,
      fromAddress: r.from_address,
      toAddress: r.to_address,
      subject: r.subject,
      body: r.body_text,
      staffId: r.staff_id === null ? null : Number(r.staff_id),
      state,
      error: state === "failed" ? (d?.last_error ?? null) : null,
      sentAt: d?.sent_at ?? null,
      attachments: r.attachments,
    };
  });
}

/** The latest message of a lead's conversation, either way: the one a new e-mail answers. */
export async function lastMessage(k: Kysely<Database>, leadId: number): Promise<LeadMessage | undefined> {
  return k.selectFrom("lead_messages").selectAll().where("lead_id", "=", leadId).orderBy("id", "desc").limit(1).executeTakeFirst();
}

export interface OutgoingDraft {
  leadId: number;
  staffId: number;
  fromName: string;
  fromAddress: string;
  to: string;
  subject: string;
  text: string;
  /** Sanitised HTML of the body. */
  html: string;
  messageId: string;
}

/**
 * Stores an e-mail written on the desk and its outbox message in one transaction, so it
 * is in the lead's timeline as it is queued. It answers the lead's latest message (its
 * In-Reply-To and References), and it is the lead's first response if none came before.
 */
export async function storeOutgoing(services: { db: Db; outbox: Outbox }, draft: OutgoingDraft, now = new Date()): Promise<{ id: number; outboxId: number }> {
  const { db, outbox } = services;
  const at = now.toISOString();
  return writeQueueFor(db).run(async (trx) => {
    const previous = await lastMessage(trx, draft.leadId);
    const outboxId = await outbox.sendOne(
      trx,
      { template: "lead-mail", staffId: draft.staffId, recipient: recipientKey(draft.to), messageId: draft.messageId },
      { leadId: draft.leadId, now },
    );
    if (outboxId === null) throw new Error("the desk e-mail's outbox row was not written");
    const saved = await trx
      .insertInto("lead_messages")
      .values({
        lead_id: draft.leadId,
        direction: "out",
        message_id: draft.messageId,
        in_reply_to: previous?.message_id ?? null,
        refs: previous ? referencesAfter(previous) : null,
        from_address: draft.fromAddress,
        from_name: draft.fromName,
        to_address: draft.to,
        subject: draft.subject,
        body_text: draft.text,
        body_html: draft.html,
        staff_id: draft.staffId,
        outbox_id: outboxId,
        attachments: null,
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await touch(trx, draft.leadId, at);
    return { id: Number(saved.id), outboxId };
  });
}

/** The message an outbox row delivers. */
export async function messageOfDelivery(db: Db, outboxId: number): Promise<LeadMessage | undefined> {
  return db.kysely.selectFrom("lead_messages").selectAll().where("outbox_id", "=", outboxId).executeTakeFirst();
}

/**
 * When each lead was first written to from the desk, for the e-mails written since `since`
 * (ISO): the first response that is one (decision record 044). Keyed by lead id.
 */
export async function firstMailsSince(db: Db, since: string): Promise<Map<number, string>> {
  const rows = await db.kysely
    .selectFrom("lead_messages")
    .select(["lead_id", (eb) => eb.fn.min<string>("created_at").as("first")])
    .where("direction", "=", "out")
    .where("created_at", ">=", since)
    .groupBy("lead_id")
    .execute();
  return new Map(rows.map((r) => [Number(r.lead_id), String(r.first)]));
}
