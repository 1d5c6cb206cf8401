import { type Kysely, sql } from "kysely";
import { prepared } from "~/platform/db/compiled.server";
import type { Database } from "~/platform/db/schema";
import type { MessageRegistry } from "./messages.server";

/**
 * The messages a form sends to the address typed into it (declared with
 * `forget: { visitorAddress: true }`: a lead's receipt, a newsletter confirmation). Anyone
 * can type anyone's address, so these are what could make Fillway mail a stranger; they
 * are limited per address:
 *
 * - at most VISITOR_MAIL_PER_DAY of them to one address within 24 hours;
 * - of a message declared `onePendingPerAddress`, one per address at a time: while an
 *   earlier one of the same address, not failed and written within the day, belongs to a
 *   lead still pending, the feature writes none (newsletter/subscriptions.server.ts).
 *
 * Such a message carries the address, lower-cased, in `recipient`: the count reads it
 * through the outbox_recipient_created index (migration 017), and a privacy deletion
 * finds the messages of an address by it.
 */
const DAY_MS = 24 * 3_600_000;

/** The key an address is counted and found by in the outbox. */
export const recipientKey = (email: string) => email.trim().toLowerCase();

export interface VisitorMailSoFar {
  /** Messages to the address written within the last 24 hours. */
  sent: number;
  /** One of them is declared one-pending-per-address, is not failed, and its lead is still pending. */
  pendingConfirmation: boolean;
}

/**
 * What the address was sent within the day before `now` (inside the caller's transaction, so
 * earlier leads of the same batch count). Whether a lead is still pending is its feature's
 * to say (`pendingLeads`, asked only when a one-pending-per-address message is found).
 */
export async function visitorMailSoFar(
  trx: Kysely<Database>,
  messages: MessageRegistry,
  email: string,
  now: Date,
  pendingLeads: (trx: Kysely<Database>, ids: number[]) => Promise<boolean>,
): Promise<VisitorMailSoFar> {
  const visitor = messages.names((m) => m.forget.visitorAddress);
  if (!visitor.length) return { sent: 0, pendingConfirmation: false };
  const onePending = new Set(messages.names((m) => m.forget.visitorAddress && m.onePendingPerAddress));
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  // One text per message registry: prepared on PostgreSQL, so it is not planned again for
  // every lead. At most a day's messages to one address (VISITOR_MAIL_PER_DAY and a few).
  const query = sql<{ template: string; state: string; lead_id: number | string | null }>`
    SELECT template, state, lead_id FROM outbox
    WHERE recipient = ${recipientKey(email)} AND created_at >= ${since}
      AND template IN (${sql.join(visitor)})`.compile(trx);
  const { rows } = await trx.executeQuery(prepared(query));
  const waiting = rows.filter((r) => onePending.has(r.template) && r.state !== "failed" && r.lead_id !== null).map((r) => Number(r.lead_id));
  return { sent: rows.length, pendingConfirmation: waiting.length > 0 && (await pendingLeads(trx, waiting)) };
}
