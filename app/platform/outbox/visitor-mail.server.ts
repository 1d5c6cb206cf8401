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

/** What the address was sent within the day before `now` (inside the caller's transaction, so earlier leads of the same batch count). */
export async function visitorMailSoFar(trx: Kysely<Database>, messages: MessageRegistry, email: string, now: Date): Promise<VisitorMailSoFar> {
  const visitor = messages.names((m) => m.forget.visitorAddress);
  if (!visitor.length) return { sent: 0, pendingConfirmation: false };
  const onePending = messages.names((m) => m.forget.visitorAddress && m.onePendingPerAddress);
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const pendingWhen = onePending.length ? sql`o.template IN (${sql.join(onePending)})` : sql`1 = 0`;
  // One text per message registry: prepared on PostgreSQL, so it is not planned again for every lead.
  const query = sql<{ sent: number | string; pending: number | string | null }>`
    SELECT count(*) AS sent,
      sum(CASE WHEN ${pendingWhen} AND o.state <> 'failed' AND l.status = 'pending' THEN 1 ELSE 0 END) AS pending
    FROM outbox o LEFT JOIN leads l ON l.id = o.lead_id
    WHERE o.recipient = ${recipientKey(email)} AND o.created_at >= ${since}
      AND o.template IN (${sql.join(visitor)})`.compile(trx);
  const { rows } = await trx.executeQuery(prepared(query));
  const row = rows[0];
  return { sent: Number(row?.sent ?? 0), pendingConfirmation: Number(row?.pending ?? 0) > 0 };
}
