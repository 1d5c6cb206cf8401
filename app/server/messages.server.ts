import { contentMessages } from "~/features/content/messages.server";
import { conversationMessages } from "~/features/conversations/messages.server";
import { leadMessages } from "~/features/leads/messages.server";
import { newsletterMessages } from "~/features/newsletter/messages.server";
import { staffMessages } from "~/features/staff/messages.server";
import { alertMessage, alertWebhook } from "~/platform/ops/alerts.server";
import { messageRegistry } from "~/platform/outbox/messages.server";

/**
 * Every message the site sends, each declared once in its feature's messages.server.ts;
 * the outbox delivers these and no other (main.server.ts passes them to startOutbox).
 */
const declared = [...leadMessages, ...conversationMessages, ...contentMessages, ...newsletterMessages, ...staffMessages, alertMessage, alertWebhook] as const;

export const outboxMessages = messageRegistry(declared);

/** The name of a declared message: a draft naming any other does not compile. */
export type DeclaredMessageName = (typeof declared)[number]["name"];

declare module "~/platform/outbox/messages.server" {
  interface Register {
    messages: DeclaredMessageName;
  }
}
