import { data, redirect } from "react-router";
import { z } from "zod";
import { MarkdownRefused, renderMarkdownGuarded, staffOwner } from "~/features/content/markdown-pool.server";
import { absoluteLinks } from "~/features/newsletter/issues/mail-body.server";
import type { LeadDetail } from "~/features/leads/desk/query.server";
import { personName, staffDirectory } from "~/features/staff/people.server";
import { contactOf } from "~/features/leads/forms/registry";
import { submissionReference } from "~/shared/forms/success";
import { audit } from "~/features/staff/audit.server";
import { DESK_HEADERS, type StaffUser } from "~/features/staff/auth.server";
import { RETRY_AFTER_BUSY_SECONDS } from "~/platform/api/types";
import { isPassingDbFault } from "~/platform/db/faults.server";
import { isPlainAddress, oneLine } from "~/platform/outbox/templates.server";
import type { Services } from "~/platform/services.server";
import { leadMessageId, leadReplyTo } from "./addresses.server";
import { addressFailure } from "./failures.server";
import { type FieldValues, fieldList, fillFields, remainingFields } from "./fields";
import { lastMessage, storeOutgoing } from "./store.server";
import { getTemplate, listTemplates } from "./templates.server";

/**
 * "Write to this person" on a lead's and a contact's page: the form's starting values
 * (a template filled from the lead), and the send.
 */

/** The fields of a lead a template can name, as the lead has them ("" when it has not). */
export function leadFieldValues(lead: Pick<LeadDetail, "kind" | "payload" | "submissionId" | "id">, ownerName: string, myName: string): FieldValues {
  const { name, business } = contactOf(lead.kind, lead.payload);
  return {
    "first name": name.trim().split(/\s+/)[0] ?? "",
    name: name.trim(),
    business: business.trim(),
    reference: lead.submissionId ? `#${submissionReference(lead.submissionId)}` : "",
    "owner name": ownerName,
    "my name": myName,
  };
}

const nameOf = (me: Pick<StaffUser, "name" | "email">) => oneLine(me.name || me.email.split("@")[0] || me.email, 100);

/** A template's id from the query string (`?template=3`): null when none is asked for. */
function templateParam(value: string | null): number | null {
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/**
 * What the e-mail form starts with on a lead's page: its templates, the picked one filled in,
 * where answers go, a failing address. `staff`: the staff directory when the page reads it
 * anyway.
 */
export async function composeFor(
  services: Pick<Services, "db" | "env">,
  me: StaffUser,
  lead: LeadDetail,
  search: URLSearchParams,
  staff: Promise<Awaited<ReturnType<typeof staffDirectory>>> = staffDirectory(services.db),
) {
  const { db, env } = services;
  const [templates, directory, previous, failure] = await Promise.all([
    listTemplates(db),
    staff,
    lastMessage(db.kysely, lead.id),
    addressFailure(db, lead.email),
  ]);
  const owner = lead.assigneeId === null ? "" : personName(directory.get(lead.assigneeId), lead.assigneeId);
  const asked = templateParam(search.get("template"));
  const template = asked === null ? null : await getTemplate(db, asked);
  let draft = { template: "", subject: previous ? replySubject(previous.subject) : "", body: "", missing: [] as string[], notFound: false };
  if (asked !== null && !template) draft = { ...draft, notFound: true };
  if (template) {
    const values = leadFieldValues(lead, owner, nameOf(me));
    const subject = fillFields(template.subject, values);
    const body = fillFields(template.body, values);
    draft = {
      template: String(template.id),
      subject: subject.text,
      body: body.text,
      missing: [...new Set([...subject.missing, ...body.missing])],
      notFound: false,
    };
  }
  const replyTo = leadReplyTo(env, lead.id);
  return {
    leadId: lead.id,
    to: lead.email,
    sendable: isPlainAddress(lead.email),
    replyTo: replyTo ?? me.email,
    repliesToDesk: replyTo !== null,
    repliesRead: Boolean(env.IMAP_URL),
    answering: previous ? { subject: previous.subject, direction: previous.direction } : null,
    templates: templates.map((t) => ({ value: String(t.id), label: t.name })),
    draft,
    failure,
  };
}

/** "Re: " before a subject that has none. */
function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

const sendSchema = z.object({
  subject: z.string().trim().min(1, "Give the e-mail a subject").max(200, "A subject is at most 200 characters"),
  body: z
    .string()
    .max(20_000, "The text is at most 20,000 characters")
    .refine((v) => v.trim().length > 0, "Write the e-mail's text"),
  template: z.union([z.literal(""), z.string().regex(/^[1-9]\d{0,15}$/, "This is not one of the templates")]),
});

/** What the form sent, given back with a refusal so nothing typed is lost. */
export interface MailValues {
  subject: string;
  body: string;
  template: string;
}

const refusal = (status: number, errors: string[], values: MailValues, headers: Record<string, string> = {}) =>
  data({ errors: null, values: null, call: null, done: null, mailErrors: errors, mail: values }, { status, headers: { ...DESK_HEADERS, ...headers } });

/**
 * Sends the e-mail typed on a lead's (or a contact's) page to the lead's address, through
 * the outbox. Refused with the typed words given back: an invalid form (422), an address
 * no e-mail can go to (422), a field of a template left unfilled (422), a body the
 * Markdown renderer refuses (422, or 429 while this member's previews are busy), a busy
 * database (503). Sent, it redirects to `pageUrl` with `?mailed=1` and without the template.
 */
export async function sendLeadMail(services: Services, me: StaffUser, lead: LeadDetail, form: FormData, pageUrl: string, responseHeaders?: Headers) {
  const values: MailValues = { subject: String(form.get("subject") ?? ""), body: String(form.get("body") ?? ""), template: String(form.get("template") ?? "") };
  const parsed = sendSchema.safeParse(values);
  if (!parsed.success) return refusal(422, [...new Set(parsed.error.issues.map((i) => i.message))], values);
  if (!isPlainAddress(lead.email)) return refusal(422, [`This lead's address, ${oneLine(lead.email, 100)}, is not one an e-mail can be sent to.`], values);
  const left = remainingFields(`${parsed.data.subject}\n${parsed.data.body}`);
  if (left.length) {
    return refusal(
      422,
      [
        `Not sent: ${fieldList(left)} ${left.length === 1 ? "is" : "are"} still in the e-mail. Write ${left.length === 1 ? "it" : "them"} out or remove ${left.length === 1 ? "it" : "them"}.`,
      ],
      values,
    );
  }
  const { db, env } = services;
  let html: string;
  try {
    html = absoluteLinks(await renderMarkdownGuarded(parsed.data.body, { owner: staffOwner(me.id) }), env.SITE_URL);
  } catch (error) {
    if (error instanceof MarkdownRefused) return refusal(error.status, [error.message], values);
    throw error;
  }
  const messageId = leadMessageId(env, lead.id);
  let saved: { id: number };
  try {
    saved = await storeOutgoing(services, {
      leadId: lead.id,
      staffId: me.id,
      fromName: nameOf(me),
      fromAddress: me.email,
      to: lead.email,
      subject: oneLine(parsed.data.subject, 200),
      text: parsed.data.body.replace(/\r\n?/g, "\n"),
      html,
      messageId,
    });
  } catch (error) {
    if (!isPassingDbFault(error)) throw error;
    // React Router keeps an action's headers only where the route exports `headers`: the server adds these.
    responseHeaders?.set("Retry-After", String(RETRY_AFTER_BUSY_SECONDS));
    const message = `Not sent: the database is busy or out of space. Your e-mail is still here; press Send again in ${RETRY_AFTER_BUSY_SECONDS} seconds.`;
    return refusal(503, [message], values, { "Retry-After": String(RETRY_AFTER_BUSY_SECONDS) });
  }
  services.outbox.nudge();
  await audit(db, {
    staffId: me.id,
    action: "lead.mail",
    subject: String(lead.id),
    detail: { message: saved.id, template: parsed.data.template ? Number(parsed.data.template) : null },
  });
  // Back to the page without the template it started from (the form starts afresh, as an
  // answer in the thread), saying it was queued.
  const back = new URL(pageUrl);
  back.searchParams.delete("template");
  back.searchParams.set("mailed", "1");
  throw redirect(`${back.pathname}?${back.searchParams}`, { headers: DESK_HEADERS });
}
