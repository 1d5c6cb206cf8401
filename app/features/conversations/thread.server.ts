import type { Db } from "~/platform/db/db.server";
import { type StaffName, staffLabel } from "~/features/staff/people.server";
import type { AttachmentNote } from "./parse.server";
import { splitQuoted } from "./quoted";
import { type DeliveryState, messagesOf } from "./store.server";

/**
 * A conversation as the lead's and the contact's pages show it (components/conversation.tsx):
 * every e-mail sent from the desk and received for the leads, oldest first. A received
 * message shows its text with the quoted history folded; its sanitised HTML is not shown.
 */
export interface ThreadMessage {
  id: number;
  leadId: number;
  direction: "out" | "in";
  at: string;
  /** The member of staff who sent it; empty for a received one, whose sender is `from`. */
  author: string;
  from: string;
  to: string;
  subject: string;
  /** What was written in this message; the quoted history below it is `quoted`, shown folded. */
  fresh: string;
  quoted: string;
  state: DeliveryState;
  /** "Queued", "Sent", "Failed: 550 5.1.1 no such user", "Received". */
  stateText: string;
  /** Listed by name and size: attachments are not kept. */
  attachments: AttachmentNote[];
}

const stateWords: Record<DeliveryState, string> = { queued: "Queued", sending: "Being sent", sent: "Sent", failed: "Failed", received: "Received" };

export function attachmentsOf(json: string | null): AttachmentNote[] {
  if (!json) return [];
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? (list as AttachmentNote[]) : [];
  } catch {
    return [];
  }
}

/** The conversation of these leads, oldest first; `staff` names the authors of sent e-mails. */
export async function leadConversation(db: Db, leadIds: number | number[], staff: Map<number, StaffName> = new Map()): Promise<ThreadMessage[]> {
  const messages = await messagesOf(db, Array.isArray(leadIds) ? leadIds : [leadIds]);
  return messages.map((m) => {
    const from = m.fromName ? `${m.fromName} <${m.fromAddress}>` : m.fromAddress;
    // A sent e-mail is shown whole; a received one with what it quotes folded.
    const { fresh, quoted } = m.direction === "in" ? splitQuoted(m.body) : { fresh: m.body, quoted: "" };
    return {
      id: m.id,
      leadId: m.leadId,
      direction: m.direction,
      at: m.at,
      author: m.direction === "out" ? (m.staffId === null ? "" : staffLabel(staff.get(m.staffId), m.staffId)) : "",
      from,
      to: m.toAddress,
      subject: m.subject,
      fresh,
      quoted,
      state: m.state,
      stateText: m.state === "failed" && m.error ? `Failed: ${m.error}` : stateWords[m.state],
      attachments: attachmentsOf(m.attachments),
    };
  });
}
