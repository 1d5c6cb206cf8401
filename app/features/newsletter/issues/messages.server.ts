import { defineMessage, Undeliverable } from "~/platform/outbox/messages.server";
import { isPlainAddress } from "~/platform/outbox/templates.server";
import { issueMail, SAMPLE_SUBSCRIBER, TEST_PREFIX } from "./issue-mail.server";
import { getIssue, type Issue, UNSUBSCRIBED_ERROR } from "./issues.server";
import { NEWSLETTER_TEMPLATE } from "./sender.server";
import { loadLeadRows } from "~/features/leads/mail.server";
import { subscriberStatus } from "~/features/leads/subscribers.server";

/** Issues being sent, by id: read once per process, not once per subscriber (a started issue no longer changes). */
const sending = new Map<number, Promise<Issue | null>>();

function issueOf(db: Parameters<typeof getIssue>[0], id: number): Promise<Issue | null> {
  let found = sending.get(id);
  if (!found) {
    if (sending.size > 50) sending.clear();
    found = getIssue(db, id);
    sending.set(id, found);
    found.catch(() => sending.delete(id));
  }
  return found;
}

/**
 * One issue to one subscriber, written by the sender (sender.server.ts). The address is
 * checked again now: one unsubscribed since the message was written gets nothing.
 */
export const newsletterIssue = defineMessage({
  name: NEWSLETTER_TEMPLATE,
  load: loadLeadRows,
  label: "Newsletter issue",
  to: "The subscriber",
  // Every subscriber's copy: it waits while leads arrive, whose e-mails go first.
  bulk: true,
  render: async (ctx) => {
    const lead = ctx.lead;
    if (!lead) throw new Undeliverable("the sign-up no longer exists");
    if ((await subscriberStatus(ctx.db.kysely, Number(lead.id))) !== "subscribed") throw new Undeliverable(UNSUBSCRIBED_ERROR);
    const issue = await issueOf(ctx.db, Number(ctx.payload.issue));
    if (!issue) throw new Undeliverable("the issue no longer exists");
    return { mail: await issueMail(ctx.db, ctx.env.SITE_URL, issue, { id: Number(lead.id), email: lead.email }, ctx.row.message_id ?? "") };
  },
});

/** An issue as a subscriber would get it, to the member of staff who asked for a test. */
export const newsletterTest = defineMessage({
  name: "newsletter-test",
  label: "Newsletter test",
  render: async (ctx) => {
    const to = ctx.row.recipient ?? "";
    if (!isPlainAddress(to)) throw new Undeliverable("no address");
    const issue = await getIssue(ctx.db, Number(ctx.payload.issue));
    if (!issue) throw new Undeliverable("the issue no longer exists");
    const mail = await issueMail(
      ctx.db,
      ctx.env.SITE_URL,
      { ...issue, subject: `${TEST_PREFIX}${issue.subject}` },
      SAMPLE_SUBSCRIBER,
      ctx.row.message_id ?? "",
    );
    return { mail: { ...mail, to: [to] } };
  },
});

export const issueMessages = [newsletterIssue, newsletterTest] as const;
