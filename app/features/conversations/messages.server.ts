import { defineMessage, Undeliverable } from "~/platform/outbox/messages.server";
import { escapeHtml, htmlShell, isPlainAddress } from "~/platform/outbox/templates.server";

/**
 * To the member of staff who owns a lead, when the person replied by e-mail
 * (store.server.ts writes it once per reply). It names the lead and links to it; what the
 * person wrote stays in the desk.
 */
export const leadReplied = defineMessage({
  name: "lead-replied",
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

export const conversationMessages = [leadReplied] as const;
