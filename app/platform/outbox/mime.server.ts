import { createHash } from "node:crypto";
import { foldLines } from "nodemailer/lib/mime-funcs/index.js";
import MimeNode, { type MimeNodeHeaderValue } from "nodemailer/lib/mime-node/index.js";
import { encode as qpEncode, wrap as qpWrap } from "nodemailer/lib/qp/index.js";
import type { OutgoingMail } from "./mailer.server";

/**
 * Our messages (an .eml file, or the bytes the SMTP transport sends), composed without MailComposer.
 *
 * MailComposer builds a tree of nodes and pipes each part through a chain of streams;
 * for our one shape of message (plain text and HTML as alternatives, a few headers) that
 * machinery was most of the worker's time. Here the same message is put together in one
 * pass with nodemailer's own encoders, so the bytes follow its rules:
 *
 * - every header value goes through MimeNode's header encoding: addresses parsed, their
 *   names quoted or RFC 2047-encoded and domains punycoded; any other value with a
 *   character outside printable ASCII (a line break too) becomes an encoded word, so no
 *   value can start a header of its own; lines are folded at 76 characters;
 * - both bodies are quoted-printable, wrapped at 76 characters;
 * - the boundary contains "=_", which quoted-printable never leaves in a body (a literal
 *   "=" is written "=3D"), so it cannot occur in a part. It is derived from the
 *   Message-ID, like everything else but the Date, so a retry writes the same message.
 */

/** A message of ours and its sender: MAIL_FROM as written, or a display name with its address. */
export type MimeMessage = OutgoingMail & { from: string | { name: string; address: string } };

// One node for its header encoding only (it reads nothing of the node but the encoding option).
const encoder = new MimeNode();

/** A header line, encoded and folded, with Unix line ends. */
export function headerLine(key: string, value: MimeNodeHeaderValue): string {
  const name = key.replace(/[^\x21-\x39\x3b-\x7e]/g, "");
  return foldLines(`${name}: ${encoder.encodeHeaderValue(name, value)}`, 76).replace(/\r\n/g, "\n");
}

function part(type: string, body: string): string {
  const encoded = qpWrap(qpEncode(Buffer.from(body.replace(/\r\n?/g, "\n"), "utf8")), 76).replace(/\r\n/g, "\n");
  return `Content-Type: ${type}; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n${encoded}`;
}

/** The message as an RFC 5322 file with Unix line ends, as mail tools open .eml files. */
export function composeEml(mail: MimeMessage, now = new Date()): Buffer {
  const boundary = `=_fw_${createHash("sha1").update(mail.messageId).digest("hex").slice(0, 24)}`;
  const lines = [
    headerLine("From", mail.from),
    headerLine("To", mail.to),
    mail.replyTo ? headerLine("Reply-To", mail.replyTo) : "",
    headerLine("Subject", mail.subject),
    headerLine("Message-ID", mail.messageId),
    `Date: ${now.toUTCString().replace(/GMT/, "+0000")}`,
    "MIME-Version: 1.0",
  ];
  for (const [key, value] of Object.entries(mail.headers ?? {})) lines.push(headerLine(key, value));
  lines.push(`Content-Type: multipart/alternative;\n boundary="${boundary}"`);
  const head = lines.filter(Boolean).join("\n");
  const body = `--${boundary}\n${part("text/plain", mail.text)}\n--${boundary}\n${part("text/html", mail.html)}\n--${boundary}--\n`;
  return Buffer.from(`${head}\n\n${body}`, "utf8");
}
