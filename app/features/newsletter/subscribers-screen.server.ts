import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";

import { unsubscribeRow } from "~/features/leads/desk/query.server";
import { audit } from "~/features/staff/audit.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { resendConfirmation } from "./resend.server";
import { issueMessages } from "~/shared/forms/issues";

const id = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, "This is not a subscription")
  .transform(Number);

// Staff can unsubscribe an address (asked by e-mail or phone), or send a waiting one its link again; only the address itself can confirm.
const changeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    id,
    status: z.literal("unsubscribed", "Staff can only unsubscribe: an address subscribes by confirming the e-mail we send it"),
  }),
  z.object({ intent: z.literal("resend"), id }),
]);

const answer = (status: number, errors: string[] | null, done: string | null) => data({ errors, done }, { status, headers: DESK_HEADERS });

/** The subscribers screen's action: unsubscribe a sign-up, or send its confirmation again. */
export async function subscribersAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const me = signedIn(context);
  const { db, env, outbox } = deskServices(context);
  const form = await request.formData();
  const parsed = changeSchema.safeParse({
    intent: String(form.get("intent") ?? "status"),
    id: String(form.get("id") ?? ""),
    status: String(form.get("status") ?? ""),
  });
  if (!parsed.success) return answer(422, issueMessages(parsed.error), null);
  if (parsed.data.intent === "resend") {
    const sent = await resendConfirmation(db, outbox, parsed.data.id, env.VISITOR_MAIL_PER_DAY);
    if (!sent.ok) return answer(sent.status, [sent.error], null);
    outbox.nudge();
    await audit(db, { staffId: me.id, action: "subscriber.resend", subject: String(parsed.data.id) });
    return answer(200, null, `The confirmation is on its way to ${sent.email} again.`);
  }
  const found = await unsubscribeRow(db, parsed.data.id, me.id);
  if (!found) return answer(404, ["There is no such subscription"], null);
  await audit(db, {
    staffId: me.id,
    action: "subscriber.status",
    subject: String(parsed.data.id),
    detail: { status: parsed.data.status, rows: found.changed },
  });
  const done = found.changed
    ? `${found.email} is now unsubscribed (${found.changed} ${found.changed === 1 ? "sign-up" : "sign-ups"}).`
    : `${found.email} was unsubscribed already.`;
  return answer(200, null, done);
}
