import { data } from "react-router";
import { z } from "zod";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { audit } from "~/features/staff/audit.server";
import { type DeskArgs, signedIn } from "~/features/staff/desk-guard.server";
import { shownZone } from "~/features/staff/time-zone.server";
import { formatInZone } from "~/shared/zoned-time";
import { issueMessages } from "~/shared/forms/issues";
import { myTasks, settleFollowUp, type Task } from "./work.server";

/** "My tasks" (routes/desk/tasks.tsx): the signed-in member's follow-ups, late first; done and snooze. */

export async function loadTasks({ request, context }: DeskArgs) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  // "Today" and the times are the member's.
  const zone = shownZone(request, me) ?? "UTC";
  const shown = (t: Task) => ({ ...t, when: formatInZone(t.due, zone) });
  const t = await myTasks(db, me.id, new Date(), zone);
  return data({ overdue: t.overdue.map(shown), today: t.today.map(shown), upcoming: t.upcoming.map(shown) }, { headers: DESK_HEADERS });
}

const settleSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, "This follow-up is not valid")
    .transform(Number),
  intent: z.enum(["done", "snooze"], "Choose done or snooze"),
});

export async function tasksAction({ request, context }: DeskArgs) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  const form = await request.formData();
  const parsed = settleSchema.safeParse({ id: String(form.get("id") ?? ""), intent: String(form.get("intent") ?? "") });
  if (!parsed.success) return data({ done: null, errors: issueMessages(parsed.error) }, { status: 422, headers: DESK_HEADERS });
  const ok = await settleFollowUp(db, parsed.data.id, me.id, parsed.data.intent);
  if (!ok) return data({ done: null, errors: ["This follow-up is not yours or is done already"] }, { status: 404, headers: DESK_HEADERS });
  await audit(db, { staffId: me.id, action: `follow-up.${parsed.data.intent}`, subject: String(parsed.data.id) });
  return data({ done: parsed.data.intent === "done" ? "Marked done." : "Moved to tomorrow.", errors: null as string[] | null }, { headers: DESK_HEADERS });
}
