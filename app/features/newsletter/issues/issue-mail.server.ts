import { brand } from "~/copy/brand";
import type { Db } from "~/platform/db/db.server";
import type { OutgoingMail } from "~/platform/outbox/mailer.server";
import { escapeHtml, htmlShell, type MailContent } from "~/platform/outbox/templates.server";
import { newsletterMessage, SAMPLE_ID } from "../mail.server";
import type { Issue } from "./issues.server";
import { absoluteLinks, mailText } from "./mail-body.server";

/**
 * What an issue says, before the per-subscriber foot (mail.server.ts adds the address, the
 * one-click unsubscribe link and the List-Unsubscribe headers): the subject, the body
 * rendered and sanitised when saved with the site's links made absolute, and the plain text
 * written from it (mail-body.server.ts).
 */
export function issueContent(issue: Pick<Issue, "subject" | "body" | "html">, siteUrl: string): MailContent {
  const site = siteUrl.replace(/^https?:\/\//, "");
  const body = absoluteLinks(issue.html, siteUrl);
  const text = `${mailText(body)}\n\nThe ${brand.name} team\n${siteUrl}\n`;
  const html = htmlShell(issue.subject, `${body}\n<p>The ${escapeHtml(brand.name)} team<br><a href="${escapeHtml(siteUrl)}">${escapeHtml(site)}</a></p>`);
  return { subject: issue.subject, text, html };
}

/** The address the preview and a test show in the foot: no subscriber's own. */
export const SAMPLE_SUBSCRIBER = { id: SAMPLE_ID, email: "subscriber@example.com" };

/**
 * The issue as one subscriber gets it, exactly: the preview renders it for the sample
 * address, a test sends it to the member of staff with "[Test]" before the subject.
 */
export function issueMail(
  db: Db,
  siteUrl: string,
  issue: Pick<Issue, "subject" | "body" | "html">,
  sub: { id: number; email: string },
  messageId: string,
): Promise<OutgoingMail> {
  return newsletterMessage(db, siteUrl, sub, issueContent(issue, siteUrl), messageId);
}

export const TEST_PREFIX = "[Test] ";
