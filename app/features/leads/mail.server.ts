import { brand } from "~/copy/brand";
import { pages } from "~/copy/pages";
import type { Selectable } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { LeadsTable } from "~/platform/db/schema";
import { escapeHtml, fieldsHtml, fieldsText, htmlShell, type MailContent, oneLine } from "~/platform/outbox/templates.server";
import { ATTRIBUTION_FIELDS, attributionFromRow } from "./attribution.server";
import { formatWhen, kindLabel, parsePayload, phoneOf, typeLabel, whoOf } from "./desk/labels.server";
import { submissionReference, WAITLIST_NEXT } from "~/shared/forms/success";
import { receiptFieldNames, salesFields } from "./mail-fields.server";

/** The lead a message is about, as stored: what `loadLeadRows` reads for the outbox. */
export type LeadRow = Pick<
  Selectable<LeadsTable>,
  | "id"
  | "submission_id"
  | "kind"
  | "type"
  | "email"
  | "payload"
  | "page_path"
  | "created_at"
  | "landing_page"
  | "referrer_host"
  | "utm_source"
  | "utm_medium"
  | "utm_campaign"
  | "utm_term"
  | "utm_content"
  | "consent_version"
  | "consent_shown_at"
  | "contact_id"
>;

/** The leads of a batch of outbox rows, by id: each message about a lead declares this as its `load`. */
export async function loadLeadRows(db: Db, ids: number[]): Promise<Map<number, LeadRow>> {
  const rows = await db.kysely
    .selectFrom("leads")
    .select(["id", "submission_id", "kind", "type", "email", "payload", "page_path", "created_at"])
    .select(["landing_page", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"])
    .select(["consent_version", "consent_shown_at", "contact_id"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((l) => [Number(l.id), l]));
}

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

/**
 * What the receipt says happens next, as the form does it: a waitlist entry is written to
 * when Fillway arrives; a lead or quote is answered by sales within one business day, by
 * phone or e-mail when a phone number was sent, else by e-mail.
 */
export function receiptNextStep(lead: Pick<LeadForMail, "kind" | "payload">): string {
  if (lead.kind === "waitlist") return `${WAITLIST_NEXT} Until then you do not need to do anything.`;
  const phone = [lead.payload.phone, lead.payload.phoneNumber].some((v) => typeof v === "string" && v.trim() !== "");
  return `a member of our sales team reads it and replies within one business day, ${phone ? "by phone or e-mail" : "by e-mail"}. You do not need to do anything meanwhile.`;
}

/** The visitor's receipt: we got it, what happens next, the reference; what was sent, not its text. */
export function visitorReceipt(lead: LeadForMail, siteUrl: string): MailContent {
  const fields = receiptSummary(lead);
  const reference = lead.submissionId ? lead.submissionId.slice(0, 8).toUpperCase() : String(lead.id);
  const waitlist = lead.kind === "waitlist";
  const subject = waitlist ? `You are on the waitlist – ${brand.name}` : `We got your request – ${brand.name}`;
  const next = receiptNextStep(lead);
  const privacyNote = "For your privacy this e-mail does not repeat what you wrote; quote the reference if you write to us about it.";
  const text = `Hello,

thank you for writing to ${brand.name}. We got your ${waitlist ? "waitlist sign-up" : "request"}:

${fieldsText(fields)}

Your reference: ${reference}

What happens next: ${next} ${privacyNote}

If you did not send this request, someone typed your address into our form: ignore this e-mail, or write to ${brand.email} and we will delete it.

The ${brand.name} team
${siteUrl}
`;
  const html = htmlShell(
    subject,
    `<p>Hello,</p>
<p>thank you for writing to ${escapeHtml(brand.name)}. We got your ${waitlist ? "waitlist sign-up" : "request"}:</p>
${fieldsHtml(fields)}
<p>Your reference: <strong>${escapeHtml(reference)}</strong></p>
<p><strong>What happens next:</strong> ${escapeHtml(`${next} ${privacyNote}`)}</p>
<p>If you did not send this request, someone typed your address into our form: ignore this e-mail, or write to <a href="mailto:${escapeHtml(brand.email)}">${escapeHtml(brand.email)}</a> and we will delete it.</p>
<p>The ${escapeHtml(brand.name)} team<br><a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl.replace(/^https?:\/\//, ""))}</a></p>`,
  );
  return { subject, text, html };
}

/** The lead's reference as the desk shows it: "#939BBDDE", else its number. */
const referenceOf = (lead: Pick<LeadForMail, "id" | "submissionId">) => (lead.submissionId ? `#${submissionReference(lead.submissionId)}` : String(lead.id));

/** To the member of staff a new lead was given by a routing rule: its reference, form, who, and what a call back needs (as in the note to sales), and the desk link. */
export function assignedMail(lead: LeadForMail, siteUrl: string): MailContent {
  const form = kindLabel(lead.kind);
  const who = whoOf(lead.payload, lead.kind) || lead.email;
  const subject = oneLine(`Lead ${referenceOf(lead)} is yours: ${form} from ${who}`);
  const intro = `Lead ${referenceOf(lead)} (${form}, ${typeLabel(lead.type, lead.kind)}) from ${who} is now assigned to you.`;
  const callBack = callBackOf(lead);
  const text = `${intro}

${callBackText(callBack, siteUrl)}
`;
  const html = htmlShell(subject, `<p>${escapeHtml(intro)}</p>\n<ul>${callBackHtml(callBack, siteUrl)}</ul>`);
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

/** What a salesperson needs to call a lead back, as an assignment e-mail lists it. */
export interface CallBack {
  id: number;
  reference: string;
  form: string;
  who: string;
  phone: string;
  email: string;
  /** The first lines of the visitor's message, if any. */
  message: string;
}

/** The message's first lines: at most three, 300 characters. */
function firstLines(text: string): string {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const kept = lines.slice(0, 3).join("\n");
  const short = kept.length > 300 ? `${kept.slice(0, 299)}…` : kept;
  return lines.length > 3 && short === kept ? `${short} …` : short;
}

export function callBackOf(lead: Pick<LeadForMail, "id" | "submissionId" | "kind" | "email" | "payload">): CallBack {
  const message = [lead.payload.message, lead.payload.descriptionQuote].find((v): v is string => typeof v === "string" && v.trim() !== "") ?? "";
  return {
    id: lead.id,
    reference: referenceOf(lead),
    form: kindLabel(lead.kind),
    who: oneLine(whoOf(lead.payload, lead.kind) || lead.email, 120),
    phone: oneLine(phoneOf(lead.payload, lead.kind), 40),
    email: oneLine(lead.email, 200),
    message: firstLines(message),
  };
}

function callBackText(lead: CallBack, siteUrl: string): string {
  const lines = [
    `${lead.reference}  ${lead.who} (${lead.form})`,
    `  Phone: ${lead.phone || "none given"}`,
    `  E-mail: ${lead.email}`,
    ...(lead.message ? [`  Message: ${lead.message.replace(/\n/g, "\n    ")}`] : []),
    `  ${siteUrl}/desk/leads/${lead.id}`,
  ];
  return lines.join("\n");
}

function callBackHtml(lead: CallBack, siteUrl: string): string {
  const link = `${siteUrl}/desk/leads/${lead.id}`;
  const tel = lead.phone.replace(/[^\d+]/g, "");
  const phone = lead.phone ? (tel ? `<a href="tel:${escapeHtml(tel)}">${escapeHtml(lead.phone)}</a>` : escapeHtml(lead.phone)) : "none given";
  return `<li style="margin-bottom:12px"><a href="${escapeHtml(link)}"><strong>${escapeHtml(lead.reference)}</strong></a> ${escapeHtml(lead.who)} (${escapeHtml(lead.form)})<br>
Phone: ${phone}<br>E-mail: <a href="mailto:${escapeHtml(lead.email)}">${escapeHtml(lead.email)}</a>${
    lead.message ? `<br>Message: <span style="white-space:pre-wrap">${escapeHtml(lead.message)}</span>` : ""
  }</li>`;
}

/** What an assignment e-mail says of leads given at once by "all N matching", not listed one by one. */
const unlisted = (n: number) => `${n.toLocaleString("en-US")} more ${n === 1 ? "lead" : "leads"} given at once by a filter ("all matching")`;

/**
 * To the member of staff given leads in one change (on a lead's page, or ticked in the
 * inbox): one e-mail listing every lead with what a call back needs, not one a lead.
 */
export function leadsAssignedMail(leads: CallBack[], by: string, siteUrl: string): MailContent {
  const n = `${leads.length.toLocaleString("en-US")} ${leads.length === 1 ? "lead" : "leads"}`;
  const first = leads[0];
  const subject = oneLine(
    leads.length === 1 && first ? `Lead ${first.reference} is yours: ${first.form} from ${first.who}` : `${n} now assigned to you by ${by}`,
  );
  const intro = `${by} assigned ${n} to you:`;
  const mine = `${siteUrl}/desk/leads?view=mine`;
  const text = `${intro}\n\n${leads.map((l) => callBackText(l, siteUrl)).join("\n\n")}\n\nYour leads in the desk: ${mine}\n`;
  const html = htmlShell(
    subject,
    `<p>${escapeHtml(intro)}</p>\n<ul>${leads.map((l) => callBackHtml(l, siteUrl)).join("\n")}</ul>\n<p><a href="${escapeHtml(mine)}">Your leads in the desk</a></p>`,
  );
  return { subject, text, html };
}

/**
 * The digest: the leads given to a member of staff past ASSIGNMENT_MAIL_PER_HOUR within an
 * hour, in one e-mail when the hour is up; each listed as in an assignment e-mail.
 */
export function assignmentDigestMail(leads: CallBack[], more: number, siteUrl: string): MailContent {
  const total = leads.length + more;
  const n = `${total.toLocaleString("en-US")} ${total === 1 ? "lead" : "leads"}`;
  const subject = `More leads assigned to you this hour: ${n}`;
  const intro = `Besides the assignment e-mails you had this hour, ${n} ${total === 1 ? "was" : "were"} assigned to you:`;
  const mine = `${siteUrl}/desk/leads?view=mine`;
  const tail = more ? `\n\n${unlisted(more)}.` : "";
  const text = `${intro}\n\n${leads.map((l) => callBackText(l, siteUrl)).join("\n\n")}${tail}\n\nYour leads in the desk: ${mine}\n`;
  const html = htmlShell(
    subject,
    `<p>${escapeHtml(intro)}</p>\n<ul>${leads.map((l) => callBackHtml(l, siteUrl)).join("\n")}</ul>${more ? `\n<p>${escapeHtml(unlisted(more))}.</p>` : ""}\n<p><a href="${escapeHtml(mine)}">Your leads in the desk</a></p>`,
  );
  return { subject, text, html };
}

/**
 * To the owner and the admins: the leads not answered within LEAD_RESPONSE_MINUTES, at most
 * a few e-mails an OVERDUE_MAIL_MINUTES (routing/overdue.server.ts), each lead with what a
 * call back needs. `answered`: the ids among them answered since they were late.
 */
export function overdueMail(leads: CallBack[], answered: ReadonlySet<number>, minutes: number, siteUrl: string): MailContent {
  const late = `${siteUrl}/desk/leads?view=overdue`;
  const first = leads[0];
  const subject =
    leads.length === 1 && first
      ? oneLine(`Not answered yet: lead ${first.reference} (${first.form} from ${first.who})`)
      : `Not answered yet: ${leads.length.toLocaleString("en-US")} leads`;
  const intro = `${leads.length === 1 ? "This lead was" : "These leads were"} not answered within ${minutes} minutes:`;
  const since = (l: CallBack) => (answered.has(l.id) ? " (answered since)" : "");
  const text = `${intro}\n\n${leads.map((l) => `${callBackText(l, siteUrl)}${since(l)}`).join("\n\n")}\n\nEvery late lead: ${late}\n`;
  const html = htmlShell(
    subject,
    `<p>${escapeHtml(intro)}</p>\n<ul>${leads.map((l) => callBackHtml(l, siteUrl).replace(/<\/li>$/, `${escapeHtml(since(l))}</li>`)).join("\n")}</ul>\n<p><a href="${escapeHtml(late)}">Every late lead</a></p>`,
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
