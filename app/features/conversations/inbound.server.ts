import type { Kysely } from "kysely";
import type { Database } from "~/platform/db/schema";
import type { Env } from "~/platform/env.server";
import type { Outbox } from "~/platform/outbox/worker.server";
import { latestLeadOf, leadsWithOwners } from "~/features/leads/conversation-links.server";
import { leadOfMessageId, leadOfReplyAddress } from "./addresses.server";
import { markAddressFailing } from "./failures.server";
import type { Parsed, Received } from "./parse.server";

/** What one batch of messages became. */
export interface Taken {
  /** Stored on a lead (a new row; one met before counts under `seen`). */
  replies: number;
  unmatched: number;
  reports: number;
  skipped: number;
  /** Already stored (the same Message-ID, from another folder or instance). */
  seen: number;
  /** Owners told of a reply. */
  notices: number;
}

/**
 * Received messages (reader.server.ts): matched to their lead and stored in lead_messages,
 * or kept in unmatched_messages; a delivery report marks its failed addresses.
 */

/** How a message found its lead: the reply address, the thread, the sender, or none. */
export type MatchedBy = "address" | "thread" | "sender" | null;

/**
 * The lead a received message belongs to: the lead named by the reply address it was sent
 * to (MAIL_REPLY_TO's plus-address, read by addresses.server.ts); else the lead of a message it answers or refers to (In-Reply-To, References) stored in
 * lead_messages (or carrying the desk's own Message-ID form); else the most recent lead
 * sent from its sender's address.
 */
export async function matchLead(trx: Kysely<Database>, env: Pick<Env, "MAIL_REPLY_TO">, m: Received): Promise<{ leadId: number | null; by: MatchedBy }> {
  const named = m.recipients.map((r) => leadOfReplyAddress(env, r)).filter((id): id is number => id !== null);
  if (named.length) {
    const found = await leadsWithOwners(trx, named);
    const id = named.find((n) => found.has(n));
    if (id !== undefined) return { leadId: id, by: "address" };
  }
  const thread = [...new Set([m.inReplyTo, ...(m.refs?.split(" ") ?? [])].filter((x): x is string => !!x))];
  if (thread.length) {
    const row = await trx
      .selectFrom("lead_messages")
      .select("lead_id")
      .where("message_id", "in", thread.slice(0, 100))
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (row) return { leadId: Number(row.lead_id), by: "thread" };
    const ours = thread.map((t) => leadOfMessageId(t)).filter((id): id is number => id !== null);
    if (ours.length) {
      const found = await leadsWithOwners(trx, ours);
      const id = ours.find((n) => found.has(n));
      if (id !== undefined) return { leadId: id, by: "thread" };
    }
  }
  if (m.fromAddress) {
    const id = await latestLeadOf(trx, m.fromAddress);
    if (id !== null) return { leadId: id, by: "sender" };
  }
  return { leadId: null, by: null };
}

const columns = (m: Received) => ({
  message_id: m.messageId,
  in_reply_to: m.inReplyTo,
  refs: m.refs,
  from_address: m.fromAddress ?? "",
  from_name: m.fromName,
  to_address: m.toAddress ?? "",
  subject: m.subject ?? "",
  body_text: m.bodyText,
  body_html: m.bodyHtml,
  attachments: m.attachments.length ? JSON.stringify(m.attachments) : null,
});

/**
 * Stores a reply on its lead, once by Message-ID; when the row is new and the lead has an
 * owner, writes the e-mail telling them, keyed by the row (`lead-replied:<id>`) so it is
 * written once whoever stores it. Returns the new row's id, or null when it was there.
 */
export async function storeReply(
  trx: Kysely<Database>,
  outbox: Outbox,
  leadId: number,
  m: Received,
  now: Date,
  fields: { staffId?: number | null } = {},
): Promise<{ id: number | null; told: boolean }> {
  const row = await trx
    .insertInto("lead_messages")
    .values({ ...columns(m), lead_id: leadId, direction: "in", staff_id: fields.staffId ?? null, outbox_id: null, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("message_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return { id: null, told: false };
  const id = Number(row.id);
  const owner = (await leadsWithOwners(trx, [leadId])).get(leadId);
  if (!owner?.ownerEmail || owner.ownerId === null) return { id, told: false };
  await outbox.send(trx, [{ key: `lead-replied:${id}`, template: "lead-replied", recipient: owner.ownerEmail, staffId: owner.ownerId }], { leadId, now });
  return { id, told: true };
}

/**
 * Stores what one batch of the mailbox held, in the caller's transaction (the one that also
 * moves the mailbox's watermark): replies on their leads, the rest in the unmatched list,
 * each once by Message-ID; a delivery report marks its failed recipients and is not kept.
 */
export async function storeReceived(trx: Kysely<Database>, outbox: Outbox, env: Pick<Env, "MAIL_REPLY_TO">, items: Parsed[], now = new Date()): Promise<Taken> {
  const taken: Taken = { replies: 0, unmatched: 0, reports: 0, skipped: 0, seen: 0, notices: 0 };
  for (const item of items) {
    if (item.kind === "skip") {
      taken.skipped++;
      continue;
    }
    if (item.kind === "report") {
      for (const f of item.report.failed) await markAddressFailing(trx, f.address, f.reason, now);
      taken.reports++;
      continue;
    }
    const m = item.message;
    const { leadId } = await matchLead(trx, env, m);
    if (leadId !== null) {
      const stored = await storeReply(trx, outbox, leadId, m, now);
      if (stored.id === null) taken.seen++;
      else taken.replies++;
      if (stored.told) taken.notices++;
      continue;
    }
    // Our own message (a copy in a sent folder), or one an admin assigned already: not unmatched.
    const known = await trx.selectFrom("lead_messages").select("id").where("message_id", "=", m.messageId).executeTakeFirst();
    if (known) {
      taken.seen++;
      continue;
    }
    const row = await trx
      .insertInto("unmatched_messages")
      .values({
        ...columns(m),
        from_address: m.fromAddress,
        to_address: m.toAddress,
        subject: m.subject,
        created_at: now.toISOString(),
        assigned_lead_id: null,
        assigned_at: null,
        assigned_by: null,
      })
      .onConflict((oc) => oc.column("message_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (row) taken.unmatched++;
    else taken.seen++;
  }
  return taken;
}
