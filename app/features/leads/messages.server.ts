import type { Kysely } from "kysely";
import { brand } from "~/copy/brand";
import type { Database } from "~/platform/db/schema";
import type { Env } from "~/platform/env.server";
import { defineMessage, type MessageContext, Undeliverable } from "~/platform/outbox/messages.server";
import { isPlainAddress, oneLine } from "~/platform/outbox/templates.server";
import { recipientKey, visitorMailSoFar } from "~/platform/outbox/visitor-mail.server";
import type { MessageDraft, Outbox } from "~/platform/outbox/worker.server";
import { kindLabel, typeLabel, whoOf } from "./desk/labels.server";
import { assignedMail, type LeadForMail, type LeadRow, leadForMail, loadLeadRows, salesNotification, visitorReceipt } from "./mail.server";
import { followUpMessages } from "./routing/messages.server";

/** Sales recipients for a form: its LEADS_NOTIFY_TO_<FORM> override, else LEADS_NOTIFY_TO. */
export function notifyFor(env: Env, kind: string): string[] {
  const key = `LEADS_NOTIFY_TO_${kind.toUpperCase().replace(/-/g, "_")}` as keyof Env;
  const override = env[key];
  return Array.isArray(override) && override.length ? (override as string[]) : env.LEADS_NOTIFY_TO;
}

/** The JSON a CRM receives for a lead; `version` changes when a field changes meaning or goes. */
export function leadWebhookBody(lead: LeadForMail, idempotencyKey: string, siteUrl: string): string {
  return JSON.stringify({
    version: 1,
    event: "lead.created",
    idempotencyKey,
    lead: {
      id: lead.id,
      submissionId: lead.submissionId,
      kind: lead.kind,
      form: kindLabel(lead.kind),
      type: lead.type,
      typeLabel: typeLabel(lead.type, lead.kind),
      email: lead.email,
      fields: lead.payload,
      page: lead.pagePath,
      createdAt: lead.createdAt,
      deskUrl: `${siteUrl}/desk/leads/${lead.id}`,
      contactId: lead.contactId ?? lead.id,
    },
    attribution: lead.attribution ?? null,
    // Added to version 1: null when the lead came without it (the API).
    consent: lead.consent ?? null,
  });
}

/**
 * The JSON a CRM receives when a person's data was deleted at their request: the leads it
 * was sent, by id, submission id and the reference the visitor was shown, never by address.
 * The receiver deletes its copies of them.
 */
export function leadDeletedWebhookBody(idempotencyKey: string, payload: Record<string, unknown>): string {
  const leads = Array.isArray(payload.leads) ? (payload.leads as { id: number; submissionId: string | null }[]) : [];
  return JSON.stringify({
    version: 1,
    event: "lead.deleted",
    idempotencyKey,
    deletedAt: typeof payload.deletedAt === "string" ? payload.deletedAt : null,
    leads: leads.map((l) => ({
      id: l.id,
      submissionId: l.submissionId,
      reference: l.submissionId ? l.submissionId.slice(0, 8).toUpperCase() : String(l.id),
    })),
  });
}

const needLead = (ctx: MessageContext<LeadRow>): LeadForMail => {
  if (!ctx.lead) throw new Undeliverable("the lead no longer exists");
  return leadForMail(ctx.lead);
};

export const leadSales = defineMessage({
  name: "lead-sales",
  load: loadLeadRows,
  label: "E-mail to sales",
  to: "Sales (by form)",
  render: (ctx) => {
    const lead = needLead(ctx);
    const content = salesNotification(lead, ctx.env.SITE_URL);
    const replyTo = isPlainAddress(lead.email) ? { name: oneLine(whoOf(lead.payload, lead.kind), 100), address: lead.email } : undefined;
    return {
      mail: { ...content, to: notifyFor(ctx.env, lead.kind), replyTo, messageId: ctx.row.message_id ?? "", headers: { "X-Fillway-Lead": String(lead.id) } },
    };
  },
});

export const leadReceipt = defineMessage({
  name: "lead-receipt",
  load: loadLeadRows,
  label: "Receipt to the visitor",
  to: "The visitor",
  forget: { visitorAddress: true },
  render: (ctx) => {
    const lead = needLead(ctx);
    if (!isPlainAddress(lead.email)) throw new Undeliverable("the visitor's address is not a plain e-mail address");
    const content = visitorReceipt(lead, ctx.env.SITE_URL);
    return {
      mail: {
        ...content,
        to: [lead.email],
        replyTo: { name: `${brand.name} team`, address: brand.email },
        messageId: ctx.row.message_id ?? "",
        headers: { "Auto-Submitted": "auto-replied" },
      },
    };
  },
});

export const leadWebhook = defineMessage({
  name: "lead-webhook",
  load: loadLeadRows,
  channel: "webhook",
  label: "CRM webhook",
  to: "CRM",
  render: (ctx) => ({ webhook: leadWebhookBody(needLead(ctx), ctx.row.idempotency_key, ctx.env.SITE_URL) }),
});

/** Written by a privacy deletion (desk/privacy.server.ts), with no lead: it is gone. */
export const leadDeleted = defineMessage({
  name: "lead-deleted",
  channel: "webhook",
  label: "CRM: leads deleted on request",
  to: "CRM",
  render: (ctx) => ({ webhook: leadDeletedWebhookBody(ctx.row.idempotency_key, ctx.payload) }),
});

/** To the member of staff a lead was given, by a routing rule or by hand (routing/notify.server.ts). */
export const leadAssigned = defineMessage({
  name: "lead-assigned",
  load: loadLeadRows,
  label: "Lead assigned to you",
  render: (ctx) => {
    const lead = needLead(ctx);
    const to = ctx.row.recipient ?? "";
    if (!isPlainAddress(to)) throw new Undeliverable("the owner's address is not a plain e-mail address");
    return { mail: { ...assignedMail(lead, ctx.env.SITE_URL), to: [to], messageId: ctx.row.message_id ?? "", headers: { "X-Fillway-Lead": String(lead.id) } } };
  },
});

/** The draft of the e-mail telling `owner` a lead is theirs. */
export const assignedDraft = (owner: { id: number; email: string }): MessageDraft => ({
  template: "lead-assigned",
  recipient: owner.email,
  staffId: owner.id,
});

export const leadMessages = [leadSales, leadReceipt, leadWebhook, leadDeleted, leadAssigned, ...followUpMessages] as const;

/** Whether any of these leads is still pending (a sign-up waiting for its confirmation link). */
export async function anyLeadPending(trx: Kysely<Database>, ids: number[]): Promise<boolean> {
  const row = await trx.selectFrom("leads").select("id").where("id", "in", ids).where("status", "=", "pending").limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * The messages a newly stored lead (or sign-up) of `kind` from `email` causes. The ones to
 * the typed address are limited per address (visitor-mail.server.ts): past VISITOR_MAIL_PER_DAY
 * a lead is still stored and sent to sales (and the CRM), without its receipt; a sign-up
 * while an earlier one of the same address is pending writes no second confirmation.
 */
export async function leadDrafts(
  trx: Kysely<Database>,
  outbox: Pick<Outbox, "messages">,
  lead: { kind: string; email: string },
  opts: { perDay: number; webhook: boolean; now: Date },
): Promise<MessageDraft[]> {
  const toVisitor = async (template: "lead-receipt" | "newsletter-confirm"): Promise<MessageDraft[]> => {
    if (!isPlainAddress(lead.email)) return [];
    const so = await visitorMailSoFar(trx, outbox.messages, lead.email, opts.now, anyLeadPending);
    if (so.sent >= opts.perDay) return [];
    if (outbox.messages.get(template)?.onePendingPerAddress && so.pendingConfirmation) return [];
    return [{ template, recipient: recipientKey(lead.email) }];
  };
  // Double opt-in: the sign-up's one message is the link that confirms it.
  if (lead.kind === "newsletter") return toVisitor("newsletter-confirm");
  const drafts: MessageDraft[] = [{ template: "lead-sales" }, ...(await toVisitor("lead-receipt"))];
  if (opts.webhook) drafts.push({ template: "lead-webhook" });
  return drafts;
}

/** Writes the messages a newly stored lead causes in its own transaction (`trx`, which also counts what its address was sent today). */
export async function sendLeadMessages(
  services: { env: Env; outbox: Pick<Outbox, "messages" | "send"> },
  kind: string,
  email: string,
  leadId: number,
  trx: Kysely<Database>,
  now = new Date(),
  owner: { id: number; email: string } | null = null,
) {
  const { env, outbox } = services;
  const drafts = await leadDrafts(trx, outbox, { kind, email }, { perDay: env.VISITOR_MAIL_PER_DAY, webhook: !!env.LEAD_WEBHOOK_URL, now });
  if (owner) drafts.push(assignedDraft(owner));
  await outbox.send(trx, drafts, { leadId, now });
}
