import { type Kysely, sql } from "kysely";
import type { Database } from "~/platform/db/schema";
import { containing } from "~/shared/address-text";
import { recipientKey } from "./visitor-mail.server";

type Executor = Kysely<Database>;

export interface HeldMessage {
  id: number;
  sent: boolean;
  messageId: string | null;
}

/**
 * The outbox messages of an address: those of its leads (`leadIds`), those addressed to it
 * (receipts, confirmations, anything with it as recipient), and undelivered ones whose last
 * error names it (a bounce quotes the address). Sent messages keep no error.
 */
export async function outboxNaming(k: Executor, e: string, leadIds: readonly number[]): Promise<HeldMessage[]> {
  const rows = await k
    .selectFrom("outbox")
    .select(["id", "state", "message_id"])
    .where((eb) =>
      eb.or([
        ...(leadIds.length ? [eb("lead_id", "in", [...leadIds])] : []),
        eb("recipient", "=", recipientKey(e)),
        eb.and([eb("state", "in", ["pending", "sending", "failed"]), eb(sql`lower(last_error)`, "like", sql`${containing(e)} ESCAPE '\\'`)]),
      ]),
    )
    .execute();
  return rows.map((r) => ({ id: Number(r.id), sent: r.state === "sent", messageId: r.message_id }));
}

/** Those messages forgotten, in the caller's transaction: the unsent deleted, the sent kept only as "a message was sent" (no recipient, lead or payload). */
export async function forgetInOutbox(trx: Executor, messages: readonly HeldMessage[]): Promise<void> {
  const unsent = messages.filter((m) => !m.sent).map((m) => m.id);
  const sent = messages.filter((m) => m.sent).map((m) => m.id);
  for (let i = 0; i < unsent.length; i += 500)
    await trx
      .deleteFrom("outbox")
      .where("id", "in", unsent.slice(i, i + 500))
      .execute();
  for (let i = 0; i < sent.length; i += 500) {
    await trx
      .updateTable("outbox")
      .set({ recipient: null, lead_id: null, payload: "{}", last_error: null })
      .where("id", "in", sent.slice(i, i + 500))
      .execute();
  }
}
