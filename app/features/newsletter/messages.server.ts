import { defineMessage, Undeliverable } from "~/platform/outbox/messages.server";
import { confirmationMail, newsletterMessage } from "./mail.server";
import { newsletterLinks } from "./subscriptions.server";
import { issueMessages } from "./issues/messages.server";
import { loadLeadRows } from "~/features/leads/mail.server";

/** The link that confirms a sign-up (double opt-in), written with each sign-up. */
export const newsletterConfirm = defineMessage({
  name: "newsletter-confirm",
  load: loadLeadRows,
  label: "Newsletter confirmation",
  forget: { visitorAddress: true },
  // A second sign-up while the first one's link is on its way gets none: one link confirms both.
  onePendingPerAddress: true,
  render: async (ctx) => {
    const lead = ctx.lead;
    if (!lead) throw new Undeliverable("the sign-up no longer exists");
    const sub = { id: Number(lead.id), email: lead.email };
    const { confirm } = await newsletterLinks(ctx.db, ctx.env.SITE_URL, sub);
    return { mail: await newsletterMessage(ctx.db, ctx.env.SITE_URL, sub, confirmationMail(confirm, ctx.env.SITE_URL), ctx.row.message_id ?? "") };
  },
});

export const newsletterMessages = [newsletterConfirm, ...issueMessages] as const;
