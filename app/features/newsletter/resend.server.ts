import type { Db } from "~/platform/db/db.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { isPlainAddress } from "~/platform/outbox/templates.server";
import { recipientKey, visitorMailSoFar } from "~/platform/outbox/visitor-mail.server";
import type { Outbox } from "~/platform/outbox/worker.server";
import { anyLeadPending } from "~/features/leads/messages.server";
import { countSubscribersByStatus, subscriber } from "~/features/leads/subscribers.server";

/** Sign-ups by state, for the subscribers screen. */
export const subscriberTotals = (db: Db): Promise<{ pending: number; subscribed: number; unsubscribed: number }> => countSubscribersByStatus(db.kysely);

export type ResendOutcome = { ok: true; email: string } | { ok: false; status: number; error: string };

/**
 * Sends a waiting sign-up its confirmation again (a visitor who says it never came): the
 * same message as at sign-up, within the same per-address limit (VISITOR_MAIL_PER_DAY in
 * 24 hours), and none while an earlier one of this sign-up is still waiting to be sent.
 */
export async function resendConfirmation(db: Db, outbox: Outbox, leadId: number, perDay: number, now = new Date()): Promise<ResendOutcome> {
  return writeQueueFor(db).run(async (trx): Promise<ResendOutcome> => {
    const lead = await subscriber(trx, leadId);
    if (!lead) return { ok: false, status: 404, error: "There is no such subscription" };
    if (lead.status !== "pending") return { ok: false, status: 409, error: `${lead.email} is not waiting for confirmation` };
    if (!isPlainAddress(lead.email)) return { ok: false, status: 422, error: `${lead.email} is not an address we can write to` };
    const [waiting] = await outbox.find(trx, { leadIds: [leadId], templates: ["newsletter-confirm"], states: ["pending", "sending"] });
    if (waiting) return { ok: false, status: 409, error: `A confirmation to ${lead.email} is still waiting to be sent` };
    const so = await visitorMailSoFar(trx, outbox.messages, lead.email, now, anyLeadPending);
    if (so.sent >= perDay)
      return {
        ok: false,
        status: 429,
        error: `${lead.email} has had ${so.sent} e-mails from us within a day, the most we send one address; try again tomorrow`,
      };
    await outbox.send(trx, [{ template: "newsletter-confirm", recipient: recipientKey(lead.email) }], { leadId, now });
    return { ok: true, email: lead.email };
  });
}
