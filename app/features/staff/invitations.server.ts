import type { Services } from "~/platform/services.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { type Account, replaceSetPasswordToken, SET_PASSWORD_TTL_MS } from "./accounts.server";
import { newToken } from "./session.server";

/**
 * The invitation e-mail of a desk account: a new one-time set-password link (24 hours;
 * earlier unused links stop working) written to the outbox in the same transaction, with
 * who sent it and the role. The link is never shown in the desk. Also sent after an
 * administrator resets an account (`reset`).
 */
export async function sendInvitation(
  services: Pick<Services, "db" | "env" | "outbox">,
  account: Pick<Account, "id" | "email" | "role">,
  invitedBy: { id: number; name: string },
  opts: { reset?: boolean; now?: Date } = {},
): Promise<void> {
  const { db, env, outbox } = services;
  const now = opts.now ?? new Date();
  const token = newToken();
  const link = `${env.SITE_URL}/desk/set-password/${token}`;
  const invitation = {
    template: "staff-invitation" as const,
    recipient: account.email,
    staffId: account.id,
    payload: { link, invitedBy: invitedBy.name, role: account.role, reset: opts.reset === true },
  };
  await writeQueueFor(db).run(async (trx) => {
    await replaceSetPasswordToken(trx, account.id, token, SET_PASSWORD_TTL_MS, now);
    await outbox.send(trx, [invitation], { now });
  });
  outbox.nudge();
}
