import type { Services } from "~/platform/services.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { replaceSetPasswordToken } from "./accounts.server";
import { newToken } from "./session.server";

/** A reset link works for an hour, once. */
export const RESET_TTL_MS = 60 * 60 * 1000;
/** At most one reset e-mail per account in this time, so the form cannot flood an inbox. */
export const RESET_INTERVAL_MS = 5 * 60 * 1000;

/**
 * A member of staff forgot their password: when `email` is an active account, a new
 * one-time set-password token (an hour) replaces earlier ones and the e-mail with its link
 * is written to the outbox in the same transaction. The caller answers the same either
 * way, so the form does not tell which addresses have accounts. Returns whether a link
 * was sent (for the audit log and tests).
 */
export async function requestPasswordReset(services: Pick<Services, "db" | "env" | "outbox">, email: string, now = new Date()): Promise<boolean> {
  const { db, env, outbox } = services;
  const account = await db.kysely.selectFrom("staff").select(["id", "email", "disabled_at"]).where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
  if (!account || account.disabled_at) return false;
  const staffId = Number(account.id);
  const recent = await db.kysely
    .selectFrom("staff_tokens")
    .select("id")
    .where("staff_id", "=", staffId)
    .where("purpose", "=", "set-password")
    .where("created_at", ">", new Date(now.getTime() - RESET_INTERVAL_MS).toISOString())
    .executeTakeFirst();
  if (recent) return false;
  const token = newToken();
  const link = `${env.SITE_URL}/desk/set-password/${token}`;
  await writeQueueFor(db).run(async (trx) => {
    await replaceSetPasswordToken(trx, staffId, token, RESET_TTL_MS, now);
    await outbox.send(trx, [{ template: "password-reset", recipient: account.email, staffId, payload: { link } }], { now });
  });
  outbox.nudge();
  return true;
}
