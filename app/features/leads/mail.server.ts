import { brand } from "~/copy/brand";
import { pages } from "~/copy/pages";
import type { LeadRow } from "~/platform/outbox/messages.server";
import { escapeHtml, fieldsHtml, fieldsText, htmlShell, type MailContent, oneLine } from "~/platform/outbox/templates.server";
import { ATTRIBUTION_FIELDS, attributionFromRow } from "./attribution.server";
import { formatWhen, kindLabel, parsePayload, typeLabel, whoOf } from "./desk/labels.server";
import { receiptFieldNames, salesFields } from "./mail-fields.server";
import { submissionReference } from "./forms/success";

/** A stored lead as the messages about it need it. */
export interface LeadForMail {
  id: number;
  submissionId: string | null;
  kind: string;
  type: number;
  email: string;
  payload: Record<string, unknown>;
  pagePath: string | null;
  createdAt: string;
  /** Where the visitor came from (landing page, referrer host, utm_*), when known. */
  attribution?: Record<string, string> | null;
  /** The consent line the visitor was shown and when; null when not recorded (a lead sent through the API without it). */
  consent?: { version: string; shownAt: string } | null;
  /** The contact (the id of the person's first lead). */
  contactId?: number;
}

export function leadForMail(row: LeadRow): LeadForMail {
  return {
    id: Number(row.id),
    submissionId: row.submission_id,
    kind: row.kind,
    type: Number(row.type),
    email: row.email,
    payload: parsePayload(row.payload),
    pagePath: row.page_path,
    createdAt: row.created_at,
    attribution: attributionFromRow(row),
    consent: row.consent_version ? { version: row.consent_version, shownAt: row.consent_shown_at ?? "" } : null,
    contactId: row.contact_id === null || row.contact_id === undefined ? Number(row.id) : Number(row.contact_id),
  };
}

/** Where the form was: "/getafleet" or "an unknown page". */
const pageOf = (lead: LeadForMail) => lead.pagePath || "an unknown page";

/** The page in words for a subject line: its title ("Welcome to Fillway"), else its path. */
function pageTitleOf(lead: LeadForMail): string {
  const path = lead.pagePath?.toLowerCase() ?? "";
  const info = (pages as Record<string, { title: string } | undefined>)[path];
  return info ? `"${info.title}"` : pageOf(lead);
}

/** The note to sales: the form and page in words, every field labelled, a link to the lead in the desk. */
export function salesNotification(lead: LeadForMail, siteUrl: string): MailContent {
  const form = kindLabel(lead.kind);
  const type = typeLabel(lead.type, lead.kind);
  const who = whoOf(lead.payload, lead.kind) || lead.email;
  const link = `${siteUrl}/desk/leads/${lead.id}`;
  const reference = lead.submissionId ? submissionReference(lead.submissionId) : null;
  const fields = [
    ...(reference ? [{ label: "Reference", value: reference }] : []),
    { label: "Form", value: `${form}, ${type}` },
    { label: "Page", value: pageOf(lead) },
    { label: "Received", value: formatWhen(lead.createdAt) },
    ...ATTRIBUTION_FIELDS.filter(([key]) => lead.attribution?.[key]).map(([key, , label]) => ({ label, value: lead.attribution?.[key] ?? "" })),
    ...salesFields(lead.payload),
  ];
  const subject = oneLine(`New lead${reference ? ` #${reference}` : ""}: ${form} from ${who} on ${pageTitleOf(lead)}`);
  const text = `A new lead came in through the ${form} (${type}) on ${pageOf(lead)}.

${fieldsText(fields)}

Open it in the desk: ${link}
Reply to this e-mail to answer ${who} directly.
`;
  const html = htmlShell(
    subject,
    `<p>A new lead came in through the <strong>${escapeHtml(form)}</strong> (${escapeHtml(type)}) on ${escapeHtml(pageOf(lead))}.</p>
${fieldsHtml(fields)}
<p><a href="${escapeHtml(link)}">Open lead ${escapeHtml(reference ? `#${reference}` : String(lead.id))} in the desk</a></p>
<p>Reply to this e-mail to answer ${escapeHtml(who)} directly.</p>`,
  );
  return { subject, text, html };
}

/**
 * What a receipt may say about a lead: the form and the service asked for in our own words,
 * the ZIP code (five digits, by its rules) and the names of the fields the visitor filled
 * in (mail-fields.server.ts), never their values. Anyone can type anyone's address into a
 * form, so a receipt that repeated the message or the name would let a stranger make
 * Fillway mail their text to that address.
 */
export function receiptSummary(lead: LeadForMail): { label: string; value: string }[] {
  const zip = typeof lead.payload.zipCode === "string" && /^\d{5}$/.test(lead.payload.zipCode) ? lead.payload.zipCode : null;
  const names = receiptFieldNames(lead.payload);
  return [
    { label: "Form", value: kindLabel(lead.kind) },
    // The type code is for staff: "Gasoline (9)" reads "Gasoline".
    { label: "Service", value: typeLabel(lead.type, lead.kind).replace(/ \(\d+\)$/, "") },
    ...(zip ? [{ label: "ZIP code", value: zip }] : []),
    { label: "Received", value: formatWhen(lead.createdAt) },
    ...(names.length ? [{ label: "Fields sent", value: names.join(", ") }] : []),
  ];
}

/** The visitor's receipt: we got it, what happens next, the reference; what was sent, not its text. */
export function visitorReceipt(lead: LeadForMail, siteUrl: string): MailContent {
  const fields = receiptSummary(lead);
  const reference = lead.submissionId ? lead.submissionId.slice(0, 8).toUpperCase() : String(lead.id);
  const subject = `We got your request – ${brand.name}`;
  const text = `Hello,

thank you for writing to ${brand.name}. We got your request:

${fieldsText(fields)}

Your reference: ${reference}

What happens next: a member of our team reads it and gets back to you within one business day, by e-mail or by phone if you gave us a number. You do not need to do anything meanwhile. For your privacy this e-mail does not repeat what you wrote; quote the reference if you write to us about it.

If you did not send this request, someone typed your address into our form: ignore this e-mail, or write to ${brand.email} and we will delete it.

The ${brand.name} team
${siteUrl}
`;
  const html = htmlShell(
    subject,
    `<p>Hello,</p>
<p>thank you for writing to ${escapeHtml(brand.name)}. We got your request:</p>
${fieldsHtml(fields)}
<p>Your reference: <strong>${escapeHtml(reference)}</strong></p>
<p><strong>What happens next:</strong> a member of our team reads it and gets back to you within one business day, by e-mail or by phone if you gave us a number. You do not need to do anything meanwhile. For your privacy this e-mail does not repeat what you wrote; quote the reference if you write to us about it.</p>
<p>If you did not send this request, someone typed your address into our form: ignore this e-mail, or write to <a href="mailto:${escapeHtml(brand.email)}">${escapeHtml(brand.email)}</a> and we will delete it.</p>
<p>The ${escapeHtml(brand.name)} team<br><a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl.replace(/^https?:\/\//, ""))}</a></p>`,
  );
  return { subject, text, html };
}

/** The lead's reference as the desk shows it: "#939BBDDE", else its number. */
const referenceOf = (lead: Pick<LeadForMail, "id" | "submissionId">) => (lead.submissionId ? `#${submissionReference(lead.submissionId)}` : String(lead.id));

/** To the member of staff a lead was given: its reference, form, who, and the desk link; no more than the note to sales. */
export function assignedMail(lead: LeadForMail, siteUrl: string): MailContent {
  const form = kindLabel(lead.kind);
  const who = whoOf(lead.payload, lead.kind) || lead.email;
  const link = `${siteUrl}/desk/leads/${lead.id}`;
  const subject = oneLine(`Lead ${referenceOf(lead)} is yours: ${form} from ${who}`);
  const text = `Lead ${referenceOf(lead)} (${form}, ${typeLabel(lead.type, lead.kind)}) from ${who} is now assigned to you.

Open it in the desk: ${link}
`;
  const html = htmlShell(
    subject,
    `<p>Lead <strong>${escapeHtml(referenceOf(lead))}</strong> (${escapeHtml(form)}, ${escapeHtml(typeLabel(lead.type, lead.kind))}) from ${escapeHtml(who)} is now assigned to you.</p>
<p><a href="${escapeHtml(link)}">Open lead ${escapeHtml(referenceOf(lead))} in the desk</a></p>`,
  );
  return { subject, text, html };
}

/** To the member of staff given many leads at once ("all N matching" in the inbox): one e-mail, not one a lead. */
export function manyAssignedMail(count: number, by: string, siteUrl: string): MailContent {
  const n = `${count.toLocaleString("en-US")} ${count === 1 ? "lead" : "leads"}`;
  const link = `${siteUrl}/desk/leads?view=mine`;
  const subject = oneLine(`${n} now assigned to you by ${by}`);
  const text = `${by} assigned ${n} to you at once.

Your leads in the desk: ${link}
`;
  const html = htmlShell(
    subject,
    `<p>${escapeHtml(by)} assigned <strong>${escapeHtml(n)}</strong> to you at once.</p>
<p><a href="${escapeHtml(link)}">Your leads in the desk</a></p>`,
  );
  return { subject, text, html };
}

/** To the owner and the admins: a lead not answered within LEAD_RESPONSE_MINUTES. */
export function overdueMail(lead: LeadForMail, minutes: number, siteUrl: string): MailContent {
  const form = kindLabel(lead.kind);
  const who = whoOf(lead.payload, lead.kind) || lead.email;
  const link = `${siteUrl}/desk/leads/${lead.id}`;
  const subject = oneLine(`Not answered yet: lead ${referenceOf(lead)} (${form} from ${who})`);
  const text = `Lead ${referenceOf(lead)} (${form}) from ${who} came in ${formatWhen(lead.createdAt)} and nobody has answered it within ${minutes} minutes.

Open it in the desk: ${link}
Every late lead: ${siteUrl}/desk/leads?view=overdue
`;
  const html = htmlShell(
    subject,
    `<p>Lead <strong>${escapeHtml(referenceOf(lead))}</strong> (${escapeHtml(form)}) from ${escapeHtml(who)} came in ${escapeHtml(formatWhen(lead.createdAt))} and nobody has answered it within ${minutes} minutes.</p>
<p><a href="${escapeHtml(link)}">Open it in the desk</a> · <a href="${escapeHtml(`${siteUrl}/desk/leads?view=overdue`)}">every late lead</a></p>`,
  );
  return { subject, text, html };
}

/** One follow-up in the morning e-mail: its lead's reference and form, and when it is due. */
export interface DueFollowUp {
  leadId: number;
  reference: string;
  form: string;
  due: string;
}

/** The morning e-mail: the follow-ups due today or late, with links; no visitor's data. */
export function followUpsMail(items: DueFollowUp[], siteUrl: string): MailContent {
  const subject = `Your follow-ups today: ${items.length}`;
  const lines = items.map((i) => `- ${i.due}: lead ${i.reference} (${i.form}) ${siteUrl}/desk/leads/${i.leadId}`);
  const text = `Due today or late:\n\n${lines.join("\n")}\n\nAll your tasks: ${siteUrl}/desk/tasks\n`;
  const html = htmlShell(
    subject,
    `<p>Due today or late:</p><ul>${items
      .map(
        (i) =>
          `<li>${escapeHtml(i.due)}: <a href="${escapeHtml(`${siteUrl}/desk/leads/${i.leadId}`)}">lead ${escapeHtml(i.reference)}</a> (${escapeHtml(i.form)})</li>`,
      )
      .join("")}</ul><p><a href="${escapeHtml(`${siteUrl}/desk/tasks`)}">All your tasks</a></p>`,
  );
  return { subject, text, html };
}
