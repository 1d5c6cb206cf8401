import { defineMessage, Undeliverable } from "~/platform/outbox/messages.server";
import { escapeHtml, htmlShell, isPlainAddress } from "~/platform/outbox/templates.server";
import { leadReplyTo } from "./addresses.server";
import { markAddressFailing } from "./failures.server";
import { messageOfDelivery } from "./store.server";
import { loadLeadRows } from "~/features/leads/mail.server";

/**
 * An e-mail a salesperson wrote to a lead on the desk. Its words, Message-ID and thread
 * are stored in lead_messages when it is queued; this sends them as stored: From is the
 * salesperson's name with MAIL_FROM's address, Reply-To the lead's plus-address of
 * MAIL_REPLY_TO (or the salesperson's own address), In-Reply-To and References the
 * message it answers. Refused for good or given up, its address is marked as failing.
 */
export const leadMail = defineMessage({
  name: "lead-mail",
  label: "E-mail from the desk",
  to: "The visitor",
  render: async (ctx) => {
    const m = await messageOfDelivery(ctx.db, ctx.row.id);
    if (!m) throw new Undeliverable("the message was deleted");
    const headers: Record<string, string> = {};
    if (m.in_reply_to) headers["In-Reply-To"] = m.in_reply_to;
    if (m.refs) headers.References = m.refs;
    const replyTo = leadReplyTo(ctx.env, Number(m.lead_id)) ?? m.from_address;
    return {
      mail: {
        to: [m.to_address],
        fromName: m.from_name ?? undefined,
        replyTo: { name: m.from_name ?? "", address: replyTo },
        subject: m.subject,
        text: m.body_text,
        html: htmlShell(m.subject, m.body_html ?? ""),
        messageId: m.message_id,
        headers,
      },
    };
  },
  onFailed: async ({ db, row, error }) => {
    if (row.recipient) await markAddressFailing(db, row.recipient, error);
  },
});

/**
 * To the member of staff who owns a lead, when the person replied by e-mail
 * (inbound.server.ts writes it once per reply). It names the lead and links to it; what the
 * person wrote stays in the desk.
 */
export const leadReplied = defineMessage({
  name: "lead-replied",
  load: loadLeadRows,
  label: "A lead replied",
  render: (ctx) => {
    const lead = ctx.lead;
    if (!lead) throw new Undeliverable("the lead is gone");
    const to = ctx.row.recipient ?? "";
    if (!isPlainAddress(to)) throw new Undeliverable("the owner's address is not a plain e-mail address");
    const link = `${ctx.env.SITE_URL ?? ""}/desk/leads/${lead.id}`;
    const subject = `Lead ${lead.id} replied`;
    const text = `The person behind lead ${lead.id}, which is yours, replied by e-mail.\n\nRead the reply in the desk: ${link}\n`;
    const html = htmlShell(
      subject,
      `<p>The person behind lead ${lead.id}, which is yours, replied by e-mail.</p>\n<p><a href="${escapeHtml(link)}">Read the reply in the desk</a></p>`,
    );
    return { mail: { subject, text, html, to: [to], messageId: ctx.row.message_id ?? "", headers: { "X-Fillway-Lead": String(lead.id) } } };
  },
});

/** The messages the conversations feature declares (app/server/messages.server.ts). */
export const conversationMessages = [leadMail, leadReplied] as const;
