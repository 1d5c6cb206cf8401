import { type Kysely, sql } from "kysely";
import type { Database } from "~/platform/db/schema";
import type { OutboxDraft } from "./store.server";
import { isPlainAddress } from "./templates.server";

/**
 * The messages a form sends to the address typed into it: the receipt of a lead and the
 * confirmation of a newsletter sign-up. Anyone can type anyone's address, so these are
 * what could make Fillway mail a stranger; they are limited per address:
 *
 * - at most `perDay` of them to one address within 24 hours (VISITOR_MAIL_PER_DAY); a
 *   lead past it is still stored and sent to sales (and the CRM), without its receipt;
 * - one confirmation per address at a time: a sign-up while an earlier one of the same
 *   address is pending and its confirmation was written within the day writes none, and
 *   the earlier link confirms both (newsletter/subscriptions.server.ts).
 *
 * Such a message carries the address, lower-cased, in `recipient`: the count reads it
 * through the outbox_recipient_created index (migration 017), and a privacy deletion
 * finds the messages of an address by it.
 */
export const VISITOR_TEMPLATES = ["lead-receipt", "newsletter-confirm"] as const;

const DAY_MS = 24 * 3_600_000;

/** The key an address is counted and found by in the outbox. */
export const recipientKey = (email: string) => email.trim().toLowerCase();

export interface VisitorMailSoFar {
  /** Receipts and confirmations written for the address within the last 24 hours. */
  sent: number;
  /** One of them is a confirmation not failed whose sign-up is still pending. */
  pendingConfirmation: boolean;
}

/** What the address was sent within the day before `now` (inside the caller's transaction, so earlier leads of the same batch count). */
export async function visitorMailSoFar(trx: Kysely<Database>, email: string, now: Date): Promise<VisitorMailSoFar> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const { rows } = await sql<{ sent: number | string; pending: number | string | null }>`
    SELECT count(*) AS sent,
      sum(CASE WHEN o.template = 'newsletter-confirm' AND o.state <> 'failed' AND l.status = 'pending' THEN 1 ELSE 0 END) AS pending
    FROM outbox o LEFT JOIN leads l ON l.id = o.lead_id
    WHERE o.recipient = ${recipientKey(email)} AND o.created_at >= ${since}
      AND o.template IN ('lead-receipt', 'newsletter-confirm')`.execute(trx);
  const row = rows[0];
  return { sent: Number(row?.sent ?? 0), pendingConfirmation: Number(row?.pending ?? 0) > 0 };
}

/** The messages a newly stored lead (or sign-up) of `kind` from `email` causes. */
export async function leadDrafts(
  trx: Kysely<Database>,
  lead: { kind: string; email: string },
  opts: { perDay: number; webhook: boolean; now: Date },
): Promise<OutboxDraft[]> {
  const toVisitor = async (template: (typeof VISITOR_TEMPLATES)[number]): Promise<OutboxDraft[]> => {
    if (!isPlainAddress(lead.email)) return [];
    const so = await visitorMailSoFar(trx, lead.email, opts.now);
    if (so.sent >= opts.perDay) return [];
    if (template === "newsletter-confirm" && so.pendingConfirmation) return [];
    return [{ channel: "email", template, recipient: recipientKey(lead.email) }];
  };
  // Double opt-in: the sign-up's one message is the link that confirms it.
  if (lead.kind === "newsletter") return toVisitor("newsletter-confirm");
  const drafts: OutboxDraft[] = [{ channel: "email", template: "lead-sales" }, ...(await toVisitor("lead-receipt"))];
  if (opts.webhook) drafts.push({ channel: "webhook", template: "lead-webhook" });
  return drafts;
}
