import { randomBytes } from "node:crypto";
import type { Env } from "~/platform/env.server";
import { mailDomain } from "~/platform/outbox/store.server";

/**
 * The addresses of a lead's conversation (decision record 044): where an answer goes, and
 * the Message-IDs that tie the thread together.
 */

/**
 * The Reply-To of an e-mail to lead `leadId`: MAIL_REPLY_TO's plus-address
 * (`sales+lead-42@fillway.com`), which brings the answer back to the lead; null when
 * MAIL_REPLY_TO is unset (the sender's own address is used and answers stay with them).
 */
export function leadReplyTo(env: Pick<Env, "MAIL_REPLY_TO">, leadId: number): string | null {
  const base = env.MAIL_REPLY_TO;
  if (!base) return null;
  const at = base.lastIndexOf("@");
  return `${base.slice(0, at)}+lead-${leadId}@${base.slice(at + 1)}`;
}

/** The lead a plus-address names (`sales+lead-42@fillway.com` → 42), for the mailbox that receives answers. */
export function leadOfReplyAddress(env: Pick<Env, "MAIL_REPLY_TO">, address: string): number | null {
  const base = env.MAIL_REPLY_TO;
  if (!base) return null;
  const at = base.lastIndexOf("@");
  const m = /^(.+)\+lead-([1-9]\d{0,15})@(.+)$/.exec(address.trim().toLowerCase());
  if (!m || m[1] !== base.slice(0, at) || m[3] !== base.slice(at + 1)) return null;
  return Number(m[2]);
}

/** A new Message-ID for an e-mail to lead `leadId`: `<lead-42.0123456789abcdef@fillway.com>`, on MAIL_FROM's domain. */
export function leadMessageId(env: Pick<Env, "MAIL_FROM">, leadId: number): string {
  return `<lead-${leadId}.${randomBytes(8).toString("hex")}@${mailDomain(env.MAIL_FROM)}>`;
}

/** The lead a Message-ID the desk made names (`<lead-42.0123456789abcdef@fillway.com>` → 42), else null. */
export function leadOfMessageId(messageId: string): number | null {
  const m = /^<lead-([1-9]\d{0,15})\.[0-9a-f]+@[^<>\s]+>$/i.exec(messageId.trim());
  return m ? Number(m[1]) : null;
}

/** At most this many Message-IDs are carried in References: the first of the thread and the latest. */
const MOST_REFERENCES = 20;

/** The References of an answer to a message: its own References, then its Message-ID. */
export function referencesAfter(previous: { message_id: string; refs: string | null }): string {
  const ids = [...(previous.refs ?? "").split(/\s+/).filter(Boolean), previous.message_id];
  const kept = ids.length > MOST_REFERENCES ? [ids[0] as string, ...ids.slice(-(MOST_REFERENCES - 1))] : ids;
  return kept.join(" ");
}
