import type { Database } from "~/platform/db/schema";

/**
 * The tables this part owns: the e-mails of a lead's conversation, templates, bounced addresses, the mailbox reader's place, unmatched replies.
 * Only its own modules query them; others go through its services
 * (tests/unit/import-boundary.test.ts holds every part to its list).
 */
export const tables = [
  "lead_messages",
  "mail_templates",
  "mail_address_failures",
  "mailbox_state",
  "unmatched_messages",
] as const satisfies readonly (keyof Database)[];
