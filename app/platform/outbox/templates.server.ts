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

/** Labelled fields as lines of text; a value of several lines is indented under its label. */
export function fieldsText(fields: { label: string; value: string }[]): string {
  return fields.map((f) => `${f.label}: ${f.value.includes("\n") ? `\n  ${f.value.replace(/\n/g, "\n  ")}` : f.value}`).join("\n");
}

/** Labelled fields as an HTML table. */
export function fieldsHtml(fields: { label: string; value: string }[]): string {
  const rows = fields.map((f) => `<tr><th scope="row">${escapeHtml(f.label)}</th><td style="white-space:pre-wrap">${escapeHtml(f.value)}</td></tr>`);
  return `<table role="presentation">${rows.join("")}</table>`;
}
