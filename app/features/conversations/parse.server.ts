import { createHash } from "node:crypto";
import { type AddressObject, simpleParser } from "mailparser";
import { sanitizeMailHtml } from "./sanitize.server";

/** A message larger than this is not read (listed in the log by its UID only). */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** An attachment as the desk lists it: never stored, only named. */
export interface AttachmentNote {
  name: string;
  type: string;
  size: number;
}

/** A received message, ready to be stored. */
export interface Received {
  messageId: string;
  inReplyTo: string | null;
  refs: string | null;
  fromAddress: string | null;
  fromName: string | null;
  /** To and Cc, comma separated, as in the message. */
  toAddress: string | null;
  /** Every address it was sent to: To, Cc, Delivered-To, X-Original-To (lower case). */
  recipients: string[];
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
  attachments: AttachmentNote[];
}

/** A delivery status notification: the recipients it says failed, with the server's words. */
export interface DeliveryReport {
  messageId: string;
  failed: { address: string; reason: string }[];
}

export type Parsed = { kind: "reply"; message: Received } | { kind: "report"; report: DeliveryReport } | { kind: "skip"; reason: string };

const ID = /<[^<>\s]{1,900}>/g;

/** Message-IDs in a header, each with its angle brackets, at most `max`. */
function ids(value: unknown, max = 50): string[] {
  const text = Array.isArray(value) ? value.join(" ") : typeof value === "string" ? value : "";
  const found = text.match(ID) ?? [];
  if (!found.length && text.trim() && !/\s/.test(text.trim())) return [`<${text.trim().replace(/^<|>$/g, "")}>`];
  return found.slice(0, max);
}

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : [])
    .flatMap((o) => o.value)
    .flatMap(function flat(v): { address: string; name: string }[] {
      return v.group ? v.group.flatMap(flat) : v.address ? [{ address: v.address, name: v.name ?? "" }] : [];
    });

const clip = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

/** The header lines of the raw message named `name` (lower case), unfolded. */
function headerValues(lines: readonly { key: string; line: string }[], name: string): string[] {
  return lines.filter((l) => l.key === name).map((l) => l.line.slice(l.line.indexOf(":") + 1).trim());
}

/** `Final-Recipient`/`Action: failed` groups of a message/delivery-status part (RFC 3464). */
export function failedRecipients(status: string): { address: string; reason: string }[] {
  const out: { address: string; reason: string }[] = [];
  for (const block of status
    .replace(/\r\n?/g, "\n")
    .replace(/\n[ \t]+/g, " ")
    .split(/\n\s*\n/)) {
    const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "im").exec(block)?.[1]?.trim();
    const recipient = field("Final-Recipient") ?? field("Original-Recipient");
    const action = field("Action")?.toLowerCase();
    if (!recipient || action !== "failed") continue;
    const address = recipient
      .replace(/^[^;]*;\s*/, "")
      .replace(/^<|>$/g, "")
      .trim()
      .toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) continue;
    const reason = [field("Status"), field("Diagnostic-Code")?.replace(/^[^;]*;\s*/, "")].filter(Boolean).join(" ");
    out.push({ address, reason: reason.slice(0, 500) || "failed" });
  }
  return out;
}

/**
 * Reads one message from the mailbox. A message without a Message-ID is given a stable one
 * from a hash of its bytes, so reading it again finds it stored. A delivery status
 * notification (multipart/report; report-type=delivery-status) is a report, not a reply.
 * HTML is sanitised here; attachments are listed (name, type, size), never kept.
 */
export async function parseMessage(raw: Buffer): Promise<Parsed> {
  if (raw.length > MAX_MESSAGE_BYTES) return { kind: "skip", reason: "larger than 10 MB" };
  if (!/^[\x21-\x39\x3b-\x7e]+:/m.test(raw.subarray(0, 4096).toString("latin1"))) return { kind: "skip", reason: "no header" };
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true, maxHtmlLengthToParse: 2 * 1024 * 1024 });
  const messageId = ids(mail.messageId)[0] ?? `<sha256-${createHash("sha256").update(raw).digest("hex").slice(0, 40)}@fillway.invalid>`;
  const type = mail.headers.get("content-type") as { value?: string; params?: Record<string, string> } | undefined;
  if (type?.value?.toLowerCase() === "multipart/report" && type.params?.["report-type"]?.toLowerCase() === "delivery-status") {
    const part = mail.attachments.find((a) => /^message\/(global-)?delivery-status$/i.test(a.contentType));
    const text = part ? part.content.toString("utf8") : raw.toString("utf8");
    return { kind: "report", report: { messageId, failed: failedRecipients(text) } };
  }
  const from = addresses(mail.from)[0];
  const to = [...addresses(mail.to), ...addresses(mail.cc)];
  const delivered = [...headerValues(mail.headerLines, "delivered-to"), ...headerValues(mail.headerLines, "x-original-to")];
  const recipients = [
    ...new Set([...to.map((a) => a.address), ...delivered.map((d) => d.replace(/^.*</, "").replace(/>.*$/, ""))].map((a) => a.trim().toLowerCase())),
  ].filter(Boolean);
  const html = typeof mail.html === "string" && mail.html ? sanitizeMailHtml(mail.html) : null;
  return {
    kind: "reply",
    message: {
      messageId: messageId.slice(0, 998),
      inReplyTo: ids(mail.inReplyTo, 1)[0] ?? null,
      refs: ids(mail.references).join(" ").slice(0, 10_000) || null,
      fromAddress: clip(from?.address.toLowerCase(), 320),
      fromName: clip(from?.name, 200),
      toAddress: clip(to.map((a) => a.address).join(", "), 2000),
      recipients,
      subject: clip(mail.subject, 500),
      bodyText: (mail.text ?? "").slice(0, 1_000_000),
      bodyHtml: html ? html.slice(0, 2_000_000) : null,
      attachments: mail.attachments.map((a) => ({ name: (a.filename ?? "(no name)").slice(0, 200), type: a.contentType.slice(0, 100), size: a.size })),
    },
  };
}
