import { defineMessage, Undeliverable } from "~/platform/outbox/messages.server";
import { isPlainAddress } from "~/platform/outbox/templates.server";
import { assignmentDigestMail, type DueFollowUp, followUpsMail, leadsAssignedMail, manyAssignedMail, overdueMail } from "../mail.server";
import { callBacks, listedIds } from "./assignment-mail.server";

/** To the owner and each admin: the leads not answered in time, a few e-mails an interval at most (routing/overdue.server.ts). */
export const leadOverdue = defineMessage({
  name: "lead-overdue",
  label: "Leads not answered in time",
  render: async (ctx) => {
    const to = ctx.row.recipient ?? "";
    if (!isPlainAddress(to)) throw new Undeliverable("the address is not a plain e-mail address");
    const ids = listedIds(ctx.payload);
    const leads = await callBacks(ctx.db, ids);
    if (!leads.length) throw new Undeliverable("the leads no longer exist");
    const touched = await ctx.db.kysely.selectFrom("leads").select("id").where("id", "in", ids.slice(0, 500)).where("first_touch_at", "is not", null).execute();
    const minutes = Number(ctx.payload.minutes) || ctx.env.LEAD_RESPONSE_MINUTES;
    const answered = new Set(touched.map((r) => Number(r.id)));
    return {
      mail: {
        ...overdueMail(leads, answered, minutes, ctx.env.SITE_URL),
        to: [to],
        messageId: ctx.row.message_id ?? "",
        headers: { "Auto-Submitted": "auto-generated" },
      },
    };
  },
});

/** Each morning, to a member of staff with follow-ups due (routing/morning.server.ts). */
export const followUpsDue = defineMessage({
  name: "follow-ups-due",
  label: "Morning follow-ups",
  render: (ctx) => {
    const to = ctx.row.recipient ?? "";
    if (!isPlainAddress(to)) throw new Undeliverable("the address is not a plain e-mail address");
    const items = Array.isArray(ctx.payload.items) ? (ctx.payload.items as DueFollowUp[]) : [];
    return {
      mail: { ...followUpsMail(items, ctx.env.SITE_URL), to: [to], messageId: ctx.row.message_id ?? "", headers: { "Auto-Submitted": "auto-generated" } },
    };
  },
});

/** To the member of staff given many leads at once by someone else (routing/work.server.ts `tellOwnerOfMany`). */
export const leadsAssignedMany = defineMessage({
  name: "leads-assigned-many",
  label: "Leads assigned to you in bulk",
  render: (ctx) => {
    const to = ctx.row.recipient ?? "";
    if (!isPlainAddress(to)) throw new Undeliverable("the address is not a plain e-mail address");
    const count = Number(ctx.payload.count) || 0;
    const by = typeof ctx.payload.by === "string" && ctx.payload.by ? ctx.payload.by : "A colleague";
    return { mail: { ...manyAssignedMail(count, by, ctx.env.SITE_URL), to: [to], messageId: ctx.row.message_id ?? "" } };
  },
});

/**
 * To the member of staff given leads in one change by someone else, on a lead's page or
 * ticked in the inbox (routing/assignment-mail.server.ts): one e-mail listing them, each with
 * its reference, name, phone, e-mail and the start of its message, read when it is sent.
 */
export const leadsAssigned = defineMessage({
  name: "leads-assigned",
  label: "Leads assigned to you",
  render: async (ctx) => {
    const to = ctx.row.recipient ?? "";
    if (!isPlainAddress(to)) throw new Undeliverable("the address is not a plain e-mail address");
    const leads = await callBacks(ctx.db, listedIds(ctx.payload));
    if (!leads.length) throw new Undeliverable("the leads no longer exist");
    const by = typeof ctx.payload.by === "string" && ctx.payload.by ? ctx.payload.by : "A colleague";
    return {
      mail: {
        ...leadsAssignedMail(leads, by, ctx.env.SITE_URL),
        to: [to],
        messageId: ctx.row.message_id ?? "",
        headers: { "Auto-Submitted": "auto-generated" },
      },
    };
  },
});

/** The leads given to a member of staff past ASSIGNMENT_MAIL_PER_HOUR within an hour, sent when the hour is up. */
export const leadsAssignedDigest = defineMessage({
  name: "leads-assigned-digest",
  label: "Leads assigned to you: the hour's digest",
  render: async (ctx) => {
    const to = ctx.row.recipient ?? "";
    if (!isPlainAddress(to)) throw new Undeliverable("the address is not a plain e-mail address");
    const leads = await callBacks(ctx.db, listedIds(ctx.payload));
    const more = Number(ctx.payload.more) || 0;
    if (!leads.length && !more) throw new Undeliverable("the leads no longer exist");
    return {
      mail: {
        ...assignmentDigestMail(leads, more, ctx.env.SITE_URL),
        to: [to],
        messageId: ctx.row.message_id ?? "",
        headers: { "Auto-Submitted": "auto-generated" },
      },
    };
  },
});

export const followUpMessages = [leadOverdue, followUpsDue, leadsAssignedMany, leadsAssigned, leadsAssignedDigest] as const;
