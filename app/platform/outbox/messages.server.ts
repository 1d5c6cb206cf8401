import type { Db } from "~/platform/db/db.server";
import type { Env } from "~/platform/env.server";
import type { OutgoingMail } from "./mailer.server";
import type { Channel, OutboxRow } from "./store.server";

/**
 * The names of the messages the site declares. The composition root (app/server/messages.server.ts)
 * registers its list here by declaration merging, so the platform knows the names as a type
 * without importing a feature: `{ template: "pasword-reset" }` does not compile.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface Register {}
export type MessageName = Register extends { messages: infer N extends string } ? N : string;

export interface MessageContext<L = unknown> {
  db: Db;
  env: Env;
  row: OutboxRow;
  /** The row's lead as the message's `load` read it, when the row has one and it still exists. */
  lead: L | undefined;
  payload: Record<string, unknown>;
}

/**
 * Reads the leads of a batch of rows (their lead_id), keyed by id: declared by the message,
 * so the feature that owns the leads reads them, never the outbox. One call per batch.
 */
export type LoadLeads<L> = (db: Db, ids: number[]) => Promise<Map<number, L>>;

/** What a message turns a row into: an e-mail or a webhook body. */
/** An e-mail, or a signed JSON body: to the CRM's LEAD_WEBHOOK_URL unless `to` names another endpoint. */
export type Delivery = { mail: OutgoingMail } | { webhook: string; to?: { url: string; secret: string } };

/** A permanent problem with a message (its lead is gone, its address is not one): no retry helps. */
export class Undeliverable extends Error {}

/** What privacy deletion, retention and the per-address limits need to know of a message. */
export interface Forget {
  /**
   * The message goes to an address a visitor typed, lower-cased in `recipient`: it counts
   * towards VISITOR_MAIL_PER_DAY, and a privacy deletion finds it by that address.
   */
  visitorAddress?: boolean;
  /** The payload must not be kept once the message is sent (a one-time link): it is emptied then. */
  payloadOnceSent?: boolean;
}

export interface MessageDef<N extends string = string, L = unknown> {
  name: N;
  /** How it is delivered; e-mail unless said. */
  channel: Channel;
  /** How the desk names it ("Password reset link"). */
  label: string;
  /** Who the desk shows as its recipient when not the stored address ("The visitor", "CRM"). */
  to?: string;
  forget: Forget;
  /**
   * At most one of these, not failed, per address while the lead it belongs to is pending:
   * a second sign-up of the same address writes none, the first link answers for both.
   */
  onePendingPerAddress?: boolean;
  /**
   * Sent in bulk (a newsletter issue to every subscriber): it gives way to every other
   * message. While leads are arriving the worker claims none, so a burst of leads keeps the
   * CPU and its own e-mails go out first; the bulk messages follow once the burst is over.
   */
  bulk?: boolean;
  /** How the rows' leads are read for `render`; without it `ctx.lead` is undefined. */
  load?: LoadLeads<L>;
  render(ctx: MessageContext<L>): Delivery | Promise<Delivery>;
  /**
   * Told once the message is given up for good (refused with an SMTP 5xx, or still failing
   * at its give-up time), after that is recorded: the feature marks what it must (an
   * address that bounces). What it throws is logged; the message stays failed.
   */
  onFailed?: (ctx: { db: Db; env: Env; row: OutboxRow; error: string }) => Promise<void>;
}

/** A message as its feature declares it: e-mail and nothing to forget unless said. */
export type MessageInput<N extends string, L> = Omit<MessageDef<N, L>, "channel" | "forget"> & { channel?: Channel; forget?: Forget };

/** Declares one message; the name stays a literal type, so the registry can derive the names. */
export function defineMessage<const N extends string, L = unknown>(def: MessageInput<N, L>): MessageDef<N, L> {
  return { ...def, channel: def.channel ?? "email", forget: def.forget ?? {} };
}

/** The messages of the site, by name, with the questions the platform asks of them. */
export interface MessageRegistry {
  readonly list: readonly MessageDef[];
  get(name: string): MessageDef | undefined;
  /** The names of the messages with a property (sorted, for SQL lists). */
  names(having: (m: MessageDef) => boolean | undefined): string[];
}

export function messageRegistry(list: readonly MessageDef[]): MessageRegistry {
  const byName = new Map<string, MessageDef>();
  for (const m of list) {
    if (byName.has(m.name)) throw new Error(`message "${m.name}" is declared twice`);
    byName.set(m.name, m);
  }
  return {
    list,
    get: (name) => byName.get(name),
    names: (having) =>
      list
        .filter((m) => having(m))
        .map((m) => m.name)
        .sort(),
  };
}
