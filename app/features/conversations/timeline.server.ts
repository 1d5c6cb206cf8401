import type { Db } from "~/platform/db/db.server";
import { type StaffName, staffLabel } from "~/features/leads/desk/staff.server";
import { type DeliveryState, messagesOf, type ShownMessage } from "./store.server";

/** A message of a lead's conversation as its timeline shows it. */
export interface MailEntry {
  direction: "out" | "in";
  from: string;
  to: string;
  subject: string;
  body: string;
  state: DeliveryState;
  /** "Queued", "Sent", "Failed: 550 5.1.1 no such user", "Received". */
  stateText: string;
}

const stateWords: Record<DeliveryState, string> = { queued: "Queued", sending: "Being sent", sent: "Sent", failed: "Failed", received: "Received" };

export function mailEntry(m: ShownMessage): MailEntry {
  return {
    direction: m.direction,
    from: m.fromName ? `${m.fromName} <${m.fromAddress}>` : m.fromAddress,
    to: m.toAddress,
    subject: m.subject,
    body: m.body,
    state: m.state,
    stateText: m.state === "failed" && m.error ? `Failed: ${m.error}` : stateWords[m.state],
  };
}

/** The e-mails of these leads as entries of a lead's timeline, oldest first. */
export async function mailTimeline(db: Db, leadIds: number[], staff: Map<number, StaffName>) {
  const messages = await messagesOf(db, leadIds);
  return messages.map((m) => ({
    id: m.id,
    when: m.at,
    who: m.staffId === null ? "" : staffLabel(staff.get(m.staffId), m.staffId),
    text: m.direction === "out" ? `E-mail to ${m.toAddress}: ${m.subject}` : `E-mail from ${m.fromAddress}: ${m.subject}`,
    note: false,
    mail: mailEntry(m),
  }));
}

export { messagesOf };
