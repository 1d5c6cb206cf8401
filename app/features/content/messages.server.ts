import { brand } from "~/copy/brand";
import { defineMessage, Undeliverable } from "~/platform/outbox/messages.server";
import { escapeHtml, htmlShell, isPlainAddress } from "~/platform/outbox/templates.server";

/** The content feature's e-mails, listed once in app/server/messages.server.ts. */

/** To editors when comments wait for review: at most one an hour (comment-digest.server.ts). */
export const commentDigest = defineMessage({
  name: "comment-digest",
  label: "Comments waiting for review",
  render: (ctx) => {
    const to = ctx.row.recipient ?? "";
    if (!isPlainAddress(to)) throw new Undeliverable("no address");
    const waiting = Number(ctx.payload.waiting) || 0;
    const fresh = Number(ctx.payload.fresh) || 0;
    const comments = (n: number) => `${n} ${n === 1 ? "comment" : "comments"}`;
    const subject = `${comments(waiting)} waiting for review on the ${brand.name} desk`;
    const what = `${comments(waiting)} ${waiting === 1 ? "waits" : "wait"} for review${fresh && fresh !== waiting ? ` (${fresh} new since the last e-mail)` : ""}. They do not show on the site until approved.`;
    const link = `${ctx.env.SITE_URL}/desk/comments?state=held`;
    const text = `${what}\n\nReview them here:\n${link}\n\nAt most one such e-mail is sent an hour.\n`;
    const html = htmlShell(
      subject,
      `<p>${escapeHtml(what)}</p>\n<p><a href="${escapeHtml(link)}">Review them</a></p>\n<p>At most one such e-mail is sent an hour.</p>`,
    );
    return { mail: { subject, text, html, to: [to], messageId: ctx.row.message_id ?? "", headers: { "Auto-Submitted": "auto-generated" } } };
  },
});

export const contentMessages = [commentDigest] as const;
