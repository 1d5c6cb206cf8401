import type { Db } from "~/platform/db/db.server";
import type { MessageRegistry } from "./messages.server";
import type { Services } from "~/platform/services.server";

/** The messages this process's outbox delivers, for the screens that name them. */
export const declaredMessages = (services: Pick<Services, "outbox">): MessageRegistry => services.outbox.messages;

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

/** A row as the desk shows it: the message's declared label and recipient, else what is stored. */
function view(r: Row, messages: MessageRegistry): DeliveryView {
  const state = r.state as DeliveryState;
  const message = messages.get(r.template);
  const to = message?.to ?? (r.channel === "webhook" ? "CRM" : (r.recipient ?? ""));
  return {
    id: Number(r.id),
    leadId: r.lead_id === null ? null : Number(r.lead_id),
    what: message?.label ?? r.template,
    to,
    state,
    stateLabel: stateLabels[state] ?? r.state,
    attempts: Number(r.attempts),
    // ISO times: the desk shows them in the member's time zone (ui/desk/time.tsx).
    created: r.created_at,
    when: r.state === "sent" && r.sent_at ? r.sent_at : r.state === "failed" ? "" : r.next_attempt_at,
    lastError: r.last_error,
    messageId: r.message_id ?? (r.channel === "webhook" ? r.idempotency_key : null),
  };
}

/** Every message a lead caused, oldest first. */
export async function leadDeliveries(db: Db, messages: MessageRegistry, leadId: number): Promise<DeliveryView[]> {
  const rows = await db.kysely.selectFrom("outbox").select(COLUMNS).where("lead_id", "=", leadId).orderBy("id").execute();
  return rows.map((r) => view(r, messages));
}

export const PAGE_SIZE = 50;

/** One page of messages in a state, newest first; `before` is the last id of the previous page. */
export async function listDeliveries(
  db: Db,
  messages: MessageRegistry,
  state: DeliveryState,
  before?: number,
): Promise<{ rows: DeliveryView[]; next: number | null }> {
  let q = db.kysely.selectFrom("outbox").select(COLUMNS).where("state", "=", state);
  if (before) q = q.where("id", "<", before);
  const rows = await q
    .orderBy("id", "desc")
    .limit(PAGE_SIZE + 1)
    .execute();
  const more = rows.length > PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE).map((r) => view(r, messages));
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
