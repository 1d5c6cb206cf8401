import { data } from "react-router";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { audit } from "~/features/staff/audit.server";
import type { Services } from "~/platform/services.server";
import { messages } from "../desk/forms.server";
import { addFollowUp, callOutcomes, callSchema, followUpSchema, logCall } from "./work.server";

/** The choices of the lead page's call and follow-up forms. */
export const workChoices = { outcomes: callOutcomes.map((o) => ({ value: o.value, label: o.label })) };

/** The lead page's "Log a call" and "Follow up" forms (intent "call" or "followup"): saved, audited, a touch. */
export async function followUpAction(services: Pick<Services, "db">, staffId: number, leadId: number, intent: "call" | "followup", form: FormData) {
  const { db } = services;
  const values = { status: "", assignee: "", note: "" };
  const refuse = (errors: string[]) => data({ errors, values, done: null as string | null }, { status: 422, headers: DESK_HEADERS });
  if (intent === "call") {
    const parsed = callSchema.safeParse({ outcome: String(form.get("outcome") ?? ""), note: String(form.get("callNote") ?? "") });
    if (!parsed.success) return refuse(messages(parsed.error));
    await logCall(db, leadId, staffId, parsed.data);
    await audit(db, { staffId, action: "lead.call", subject: String(leadId), detail: { outcome: parsed.data.outcome } });
    return data({ errors: null as string[] | null, values: null, done: "Call logged." as string | null }, { headers: DESK_HEADERS });
  }
  const parsed = followUpSchema.safeParse({ due: String(form.get("due") ?? ""), note: String(form.get("followNote") ?? "") });
  if (!parsed.success) return refuse(messages(parsed.error));
  await addFollowUp(db, leadId, staffId, parsed.data);
  await audit(db, { staffId, action: "lead.follow-up", subject: String(leadId), detail: { due: parsed.data.due } });
  return data({ errors: null as string[] | null, values: null, done: "Follow-up set." as string | null }, { headers: DESK_HEADERS });
}
