import type { Db } from "~/platform/db/db.server";
import { formatWhen } from "~/features/leads/desk/labels.server";
import { ATTRIBUTION_FIELDS, attributionFromRow } from "~/features/leads/attribution.server";

/** How the desk names each kind of message. */
export const templateLabels: Record<string, string> = {
  "lead-sales": "E-mail to sales",
  "lead-receipt": "Receipt to the visitor",
  "lead-webhook": "CRM webhook",
  "lead-deleted": "CRM: leads deleted on request",
  "newsletter-confirm": "Newsletter confirmation",
  "password-reset": "Password reset link",
  "ops-alert": "System alert to an admin",
  "sign-in-failures": "Failed sign-ins notice",
};

export const deliveryStates = ["failed", "pending", "sending", "sent"] as const;
export type DeliveryState = (typeof deliveryStates)[number];
export const stateLabels: Record<DeliveryState, string> = { failed: "Failed", pending: "Waiting to retry", sending: "Sending", sent: "Sent" };

export interface DeliveryView {
  id: number;
  leadId: number | null;
  what: string;
  to: string;
  state: string;
  stateLabel: string;
  attempts: number;
  created: string;
  /** When it was sent, or when the next attempt is due. */
  when: string;
  lastError: string | null;
  messageId: string | null;
}

type Row = {
  id: number | string;
  lead_id: number | string | null;
  channel: string;
  template: string;
  recipient: string | null;
  state: string;
  attempts: number | string;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
  last_error: string | null;
  message_id: string | null;
  idempotency_key: string;
};

const COLUMNS = [
  "id",
  "lead_id",
  "channel",
  "template",
  "recipient",
  "state",
  "attempts",
  "next_attempt_at",
  "created_at",
  "sent_at",
  "last_error",
  "message_id",
  "idempotency_key",
] as const;

function view(r: Row): DeliveryView {
  const state = r.state as DeliveryState;
  const to =
    r.channel === "webhook" ? "CRM" : r.template === "lead-sales" ? "Sales (by form)" : r.template === "lead-receipt" ? "The visitor" : (r.recipient ?? "");
  return {
    id: Number(r.id),
    leadId: r.lead_id === null ? null : Number(r.lead_id),
    what: templateLabels[r.template] ?? r.template,
    to,
    state,
    stateLabel: stateLabels[state] ?? r.state,
    attempts: Number(r.attempts),
    created: formatWhen(r.created_at),
    when: r.state === "sent" && r.sent_at ? formatWhen(r.sent_at) : r.state === "failed" ? "" : formatWhen(r.next_attempt_at),
    lastError: r.last_error,
    messageId: r.message_id ?? (r.channel === "webhook" ? r.idempotency_key : null),
  };
}

/** Every message a lead caused, oldest first. */
export async function leadDeliveries(db: Db, leadId: number): Promise<DeliveryView[]> {
  const rows = await db.kysely.selectFrom("outbox").select(COLUMNS).where("lead_id", "=", leadId).orderBy("id").execute();
  return rows.map(view);
}

export const PAGE_SIZE = 50;

/** One page of messages in a state, newest first; `before` is the last id of the previous page. */
export async function listDeliveries(db: Db, state: DeliveryState, before?: number): Promise<{ rows: DeliveryView[]; next: number | null }> {
  let q = db.kysely.selectFrom("outbox").select(COLUMNS).where("state", "=", state);
  if (before) q = q.where("id", "<", before);
  const rows = await q
    .orderBy("id", "desc")
    .limit(PAGE_SIZE + 1)
    .execute();
  const more = rows.length > PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE).map(view);
  return { rows: page, next: more ? (page[page.length - 1]?.id ?? null) : null };
}

/** How many messages are in each state (failed and pending only: sent grows without bound). */
export async function deliveryCounts(db: Db): Promise<Record<"failed" | "pending" | "sending", number>> {
  const rows = await db.kysely
    .selectFrom("outbox")
    .select(["state", db.kysely.fn.countAll<number>().as("n")])
    .where("state", "in", ["failed", "pending", "sending"])
    .groupBy("state")
    .execute();
  const out = { failed: 0, pending: 0, sending: 0 };
  for (const r of rows) out[r.state as keyof typeof out] = Number(r.n);
  return out;
}

/** A lead's attribution as labelled fields for its desk page (empty when none was sent). */
export async function leadAttribution(db: Db, leadId: number): Promise<{ label: string; value: string }[]> {
  const row = await db.kysely
    .selectFrom("leads")
    .select(["landing_page", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  const a = row ? attributionFromRow(row) : null;
  return ATTRIBUTION_FIELDS.filter(([key]) => a?.[key]).map(([key, , label]) => ({ label, value: a?.[key] ?? "" }));
}
