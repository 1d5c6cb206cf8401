import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "~/platform/db/db.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { confirmSubscriber, subscriber, unsubscribeSubscriber } from "~/features/leads/subscribers.server";
import { installationSecret } from "~/platform/settings.server";

/**
 * Newsletter double opt-in. A sign-up is a `leads` row of kind newsletter, stored
 * `pending`; the link in its confirmation e-mail makes it `subscribed`; the link in every
 * newsletter message makes the address `unsubscribed`. Links carry a token: the row's id
 * and an HMAC-SHA256, keyed with the installation's own secret, of the purpose, the id and
 * the address. It cannot be guessed, nor turned into a token for another row, another
 * address or the other purpose.
 */
export type TokenPurpose = "confirm" | "unsubscribe";

const SECRET_KEY = "newsletter_token_secret";

/**
 * The key that signs newsletter links: made on first start and kept in the settings
 * table (like the IP hash salt), so every instance on one database signs alike and a
 * link keeps working after a restart.
 */
export const newsletterSecret = (db: Db): Promise<string> => installationSecret(db, SECRET_KEY);

function signature(secret: string, purpose: TokenPurpose, id: number, email: string): Buffer {
  return createHmac("sha256", secret).update(`newsletter\u0000${purpose}\u0000${id}\u0000${email.trim().toLowerCase()}`).digest();
}

export function signToken(secret: string, purpose: TokenPurpose, id: number, email: string): string {
  return `${id}.${signature(secret, purpose, id, email).toString("base64url")}`;
}

const TOKEN = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/;

export interface Subscription {
  id: number;
  email: string;
  type: number;
  status: string;
}

export type TokenCheck = { ok: true; subscription: Subscription } | { ok: false; reason: "malformed" | "invalid" };

/** The subscription a link's token is for, or why it is none (a mangled link, or a token we did not make for this row). */
export async function subscriptionForToken(db: Db, token: string | null, purpose: TokenPurpose): Promise<TokenCheck> {
  const m = TOKEN.exec(token ?? "");
  if (!m) return { ok: false, reason: "malformed" };
  const id = Number(m[1]);
  const row = await subscriber(db.kysely, id);
  // A row that does not exist and a signature that does not match look the same from outside.
  const expected = signature(await newsletterSecret(db), purpose, id, row?.email ?? "");
  const given = Buffer.from(m[2] as string, "base64url");
  if (!row || given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  return { ok: true, subscription: row };
}

/** The links a newsletter message about this subscription carries. */
export async function newsletterLinks(db: Db, siteUrl: string, sub: { id: number; email: string }) {
  const secret = await newsletterSecret(db);
  return {
    confirm: `${siteUrl}/newsletter/confirm?token=${signToken(secret, "confirm", sub.id, sub.email)}`,
    unsubscribe: `${siteUrl}/newsletter/unsubscribe?token=${signToken(secret, "unsubscribe", sub.id, sub.email)}`,
  };
}

export type ConfirmOutcome = "confirmed" | "already" | "unsubscribed";

/**
 * Confirms a pending sign-up, and with it every other pending sign-up of the same address:
 * a second sign-up while the first one's confirmation is on its way gets no e-mail of its
 * own (newsletter/messages.server.ts), so the one link answers for both. One that is
 * confirmed already stays so; one that was unsubscribed since is not revived by an old
 * link (the visitor subscribes again).
 */
export async function confirmSubscription(db: Db, id: number, now = new Date()): Promise<ConfirmOutcome> {
  const at = now.toISOString();
  return writeQueueFor(db).run(async (trx) => {
    const before = await confirmSubscriber(trx, id, at);
    if (before !== "pending") return before === "subscribed" ? "already" : "unsubscribed";
    return "confirmed";
  });
}

/**
 * Unsubscribes an address: every sign-up of it that is pending or confirmed (the address
 * may have signed up on several pages). Returns how many rows changed; 0 when it was
 * unsubscribed already. `staffId` when a member of staff does it in the desk.
 */
export async function unsubscribeAddress(db: Db, email: string, opts: { staffId?: number | null; now?: Date } = {}): Promise<number> {
  const at = (opts.now ?? new Date()).toISOString();
  return writeQueueFor(db).run((trx) => unsubscribeSubscriber(trx, email, { at, staffId: opts.staffId }));
}
