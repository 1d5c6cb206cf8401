import { brand } from "~/copy/brand";
import type { Db } from "~/platform/db/db.server";
import type { OutgoingMail } from "~/platform/outbox/mailer.server";
import { escapeHtml, htmlShell, isPlainAddress, type MailContent } from "~/platform/outbox/templates.server";
import { Undeliverable } from "~/platform/outbox/messages.server";
import { newsletterLinks } from "./subscriptions.server";

/**
 * The headers every newsletter message carries (RFC 2369 and RFC 8058): an https link
 * a mail client may POST to for a one-click unsubscribe, and a mailto for clients that
 * only write. The mailto reaches the team's inbox, which unsubscribes the sender in the desk.
 */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>, <mailto:${brand.email}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    "List-Id": `${brand.name} newsletter <newsletter.${brand.email.split("@")[1] ?? "localhost"}>`,
  };
}

/** The subscription id of the sample address a preview and a test e-mail are made for: no subscriber's. */
export const SAMPLE_ID = 0;
/** The unsubscribe link of a preview or a test e-mail: its page says it is a sample and changes nothing. */
export const sampleUnsubscribeUrl = (siteUrl: string) => `${siteUrl}/newsletter/unsubscribe?sample=1`;

/**
 * A message to one newsletter subscription, whatever it says: addressed to that address
 * only, with its own unsubscribe link in the headers and at the foot of the text and HTML.
 * Every newsletter send goes through here.
 */
export async function newsletterMessage(
  db: Db,
  siteUrl: string,
  sub: { id: number; email: string },
  content: MailContent,
  messageId: string,
): Promise<OutgoingMail> {
  if (!isPlainAddress(sub.email)) throw new Undeliverable("the subscriber's address is not a plain e-mail address");
  const unsubscribe = sub.id === SAMPLE_ID ? sampleUnsubscribeUrl(siteUrl) : (await newsletterLinks(db, siteUrl, sub)).unsubscribe;
  const footText = `\n--\nYou get this because ${sub.email} signed up for the ${brand.name} newsletter.\nUnsubscribe with one click: ${unsubscribe}\n`;
  const footHtml = `<hr><p style="font-size:14px">You get this because ${escapeHtml(sub.email)} signed up for the ${escapeHtml(brand.name)} newsletter. <a href="${escapeHtml(unsubscribe)}">Unsubscribe with one click</a>.</p>`;
  return {
    to: [sub.email],
    subject: content.subject,
    text: content.text + footText,
    html: content.html.replace("</div></body>", `${footHtml}</div></body>`),
    messageId,
    headers: { ...listUnsubscribeHeaders(unsubscribe), "Auto-Submitted": "auto-generated" },
  };
}

/** The confirmation of a sign-up: one link to confirm; nothing is sent until it is used. */
export function confirmationMail(confirmUrl: string, siteUrl: string): MailContent {
  const subject = `Confirm your ${brand.name} newsletter subscription`;
  const text = `Hello,

someone (we hope you) asked to get the ${brand.name} newsletter at this address: news about fuel delivery in your area, new services and the odd offer, about once a month.

Confirm that you want it:
${confirmUrl}

The link opens a page with one button; nothing is subscribed until you press it. If you did not ask, ignore this e-mail and you will hear nothing more from us.

The ${brand.name} team
${siteUrl}
`;
  const html = htmlShell(
    subject,
    `<p>Hello,</p>
<p>someone (we hope you) asked to get the ${escapeHtml(brand.name)} newsletter at this address: news about fuel delivery in your area, new services and the odd offer, about once a month.</p>
<p><a href="${escapeHtml(confirmUrl)}"><strong>Confirm my subscription</strong></a></p>
<p>The link opens a page with one button; nothing is subscribed until you press it. If you did not ask, ignore this e-mail and you will hear nothing more from us.</p>
<p style="word-break:break-all">${escapeHtml(confirmUrl)}</p>
<p>The ${escapeHtml(brand.name)} team<br><a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl.replace(/^https?:\/\//, ""))}</a></p>`,
  );
  return { subject, text, html };
}
