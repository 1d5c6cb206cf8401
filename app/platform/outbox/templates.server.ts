import { brand } from "~/copy/brand";
import { pages } from "~/copy/pages";
import { submissionReference } from "~/features/leads/forms/success";
import { ATTRIBUTION_FIELDS, type AttributionColumns, attributionFromRow } from "~/features/leads/attribution.server";
import { formatWhen, kindLabel, labelledFields, parsePayload, typeLabel, whoOf } from "~/features/leads/desk/labels.server";

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
}

export function leadForMail(
  row: Partial<AttributionColumns> & {
    id: number | string;
    submission_id: string | null;
    kind: string;
    type: number | string;
    email: string;
    payload: string;
    page_path: string | null;
    created_at: string;
  },
): LeadForMail {
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
  };
}

/** What a message says; the mailer adds sender, Message-ID and headers. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line of header-safe text: control characters (CR, LF, TAB…) become spaces; at most `max` characters. */
export function oneLine(value: string, max = 200): string {
  const flat = value.replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A plain address that cannot carry a second address, a display name or a header. */
export function isPlainAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/.test(value);
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/**
 * The HTML shell of every message: system fonts, no images, no colours forced on the
 * body (mail apps in dark mode recolour it), one accent that reads on light and dark.
 */
export function htmlShell(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;padding:24px;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
a{color:#1d6fd8}
table{border-collapse:collapse}
th,td{text-align:left;vertical-align:top;padding:4px 12px 4px 0}
th{white-space:nowrap}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e2e8f0}a{color:#7fb3ff}}
</style></head>
<body><div style="max-width:640px">${body}</div></body></html>
`;
}

function fieldsText(fields: { label: string; value: string }[]): string {
  return fields.map((f) => `${f.label}: ${f.value.includes("\n") ? `\n  ${f.value.replace(/\n/g, "\n  ")}` : f.value}`).join("\n");
}

function fieldsHtml(fields: { label: string; value: string }[]): string {
  const rows = fields.map((f) => `<tr><th scope="row">${escapeHtml(f.label)}</th><td style="white-space:pre-wrap">${escapeHtml(f.value)}</td></tr>`);
  return `<table role="presentation">${rows.join("")}</table>`;
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
  const who = whoOf(lead.payload) || lead.email;
  const link = `${siteUrl}/desk/leads/${lead.id}`;
  const reference = lead.submissionId ? submissionReference(lead.submissionId) : null;
  const fields = [
    ...(reference ? [{ label: "Reference", value: reference }] : []),
    { label: "Form", value: `${form}, ${type}` },
    { label: "Page", value: pageOf(lead) },
    { label: "Received", value: formatWhen(lead.createdAt) },
    ...ATTRIBUTION_FIELDS.filter(([key]) => lead.attribution?.[key]).map(([key, , label]) => ({ label, value: lead.attribution?.[key] ?? "" })),
    ...labelledFields(lead.payload),
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
 * the ZIP code (five digits, by its rules) and the names of the fields sent, never their
 * values. Anyone can type anyone's address into a form, so a receipt that repeated the
 * message or the name would let a stranger make Fillway mail their text to that address.
 */
export function receiptSummary(lead: LeadForMail): { label: string; value: string }[] {
  const zip = typeof lead.payload.zipCode === "string" && /^\d{5}$/.test(lead.payload.zipCode) ? lead.payload.zipCode : null;
  // Only fields we have a label for: a field's name is ours, never the sender's.
  const names = labelledFields(lead.payload)
    .filter((f) => f.label !== f.key && f.value !== "")
    .map((f) => f.label);
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

/** A desk password-reset link: valid for an hour, once. */
export function passwordResetMail(link: string, siteUrl: string): MailContent {
  const subject = `Reset your ${brand.name} desk password`;
  const text = `Someone (we hope you) asked to reset the password of your ${brand.name} desk account.

Choose a new password here:
${link}

The link works once, within one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.

${siteUrl}
`;
  const html = htmlShell(
    subject,
    `<p>Someone (we hope you) asked to reset the password of your ${escapeHtml(brand.name)} desk account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once, within one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
<p style="word-break:break-all">${escapeHtml(link)}</p>`,
  );
  return { subject, text, html };
}

/**
 * To the owner of a desk account that sees a run of failed sign-ins (once per window):
 * what happened, that the account is not locked, and what to do if it was not them.
 */
export function signInFailuresMail(input: { step: "password" | "code"; failures: number; windowMinutes: number }, siteUrl: string): MailContent {
  const subject = `Failed sign-ins to your ${brand.name} desk account`;
  const what =
    input.step === "code"
      ? `${input.failures} wrong two-factor codes were entered for your ${brand.name} desk account within ${input.windowMinutes} minutes, after the right password.`
      : `${input.failures} sign-ins to your ${brand.name} desk account failed within ${input.windowMinutes} minutes (a wrong password).`;
  const todo =
    input.step === "code"
      ? "If that was not you, someone knows your password: change it now on your account page, and tell an administrator."
      : "If that was you, nothing needs doing. If not, someone may be guessing your password: make sure it is long and used nowhere else, and turn on two-factor sign-in on your account page.";
  const calm = "Your account is not locked: the attempts are slowed down and then refused for the address they come from, and you can still sign in as usual.";
  const account = `${siteUrl}/desk/account`;
  const text = `${what}

${calm}

${todo}
${account}

${siteUrl}
`;
  const html = htmlShell(
    subject,
    `<p>${escapeHtml(what)}</p>
<p>${escapeHtml(calm)}</p>
<p>${escapeHtml(todo)}</p>
<p><a href="${escapeHtml(account)}">Your account page</a></p>`,
  );
  return { subject, text, html };
}
