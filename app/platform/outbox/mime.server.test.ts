import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { composeEml } from "./mime.server";

const mail = {
  from: "Fillway <no-reply@fillway.example>",
  to: ["sales@fillway.example", "ops@fillway.example"],
  replyTo: { name: 'Jöhn "Doe"\r\nBcc: evil@attacker.example', address: "john@example.com" },
  subject: "New lead: Fleet — Jöhn\r\nBcc: evil@attacker.example",
  text: `Name: Jöhn Doe\nNotes: ${"long words ".repeat(40)}\n=_fw_ and -- boundaries\n€ 10`,
  html: `<p>Name: <b>Jöhn</b></p><p>${"x".repeat(500)}</p>`,
  messageId: "<0190aa-bb@fillway.example>",
  headers: { "X-Fillway-Lead": "42" },
};

describe("composeEml", () => {
  it("writes a message that parses back to the same subject, addresses, bodies and Message-ID", async () => {
    const parsed = await simpleParser(composeEml(mail));
    expect(parsed.subject).toBe("New lead: Fleet — Jöhn Bcc: evil@attacker.example");
    expect(parsed.from?.text).toBe('"Fillway" <no-reply@fillway.example>');
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((a) => a.address) : []).toEqual(mail.to);
    expect(parsed.replyTo?.value).toEqual([{ address: "john@example.com", name: mail.replyTo.name }]);
    expect(parsed.text).toBe(mail.text);
    expect(parsed.html).toBe(mail.html);
    expect(parsed.messageId).toBe(mail.messageId);
    expect(parsed.headers.get("x-fillway-lead")).toBe("42");
  });

  it("lets no CR/LF in a value start a header, and keeps every line within 78 characters", async () => {
    const raw = composeEml(mail).toString("utf8");
    const head = raw.slice(0, raw.indexOf("\n\n"));
    expect(head).not.toMatch(/^Bcc:/im);
    expect((await simpleParser(raw)).bcc).toBeUndefined();
    for (const line of raw.split("\n")) expect(line.length).toBeLessThanOrEqual(78);
    expect(raw).not.toContain("\r");
  });

  it("writes the same bytes on a retry but for the Date", () => {
    const at = new Date("2026-11-23T10:00:00Z");
    expect(composeEml(mail, at).equals(composeEml({ ...mail }, at))).toBe(true);
    expect(composeEml(mail, at).toString()).toContain("Date: Mon, 23 Nov 2026 10:00:00 +0000");
  });
});

/**
 * composeEml stands on three pieces of nodemailer below its public transports (decision
 * records 048 and 026: MailComposer's streams were most of the worker's time, 0.64 against
 * 0.12 ms of CPU a message). These tests name the behaviour relied on, so an upgrade that
 * changes it fails here, and hold the result against nodemailer's public composer.
 */
describe("nodemailer behaviour composeEml relies on", () => {
  it("MimeNode.encodeHeaderValue quotes or RFC 2047-encodes a name and punycodes a domain", async () => {
    const { default: MimeNode } = await import("nodemailer/lib/mime-node/index.js");
    const node = new MimeNode();
    const value = node.encodeHeaderValue("To", { name: "Jöhn, Doe", address: "j@bücher.example" });
    expect(value).toMatch(/^=\?UTF-8\?Q\?.*\?= <j@xn--bcher-kva\.example>$/);
    expect(node.encodeHeaderValue("Subject", "a\r\nBcc: x@y.example")).not.toMatch(/[\r\n]/);
  });

  it("qp.encode writes '=' as =3D, so the boundary's '=_' never occurs in a body", async () => {
    const { encode, wrap } = await import("nodemailer/lib/qp/index.js");
    expect(encode(Buffer.from("=_fw_ € ok"))).toBe("=3D_fw_ =E2=82=AC ok");
    expect(
      wrap("x".repeat(100), 76)
        .split("\r\n")
        .every((l) => l.length <= 76),
    ).toBe(true);
  });

  it("mime-funcs.foldLines folds a header at 76 characters", async () => {
    const { foldLines } = await import("nodemailer/lib/mime-funcs/index.js");
    const folded = foldLines(`Subject: ${"word ".repeat(40)}`, 76);
    expect(folded.split("\r\n").every((l) => l.length <= 78)).toBe(true);
  });

  it("parses back to what nodemailer's public MailComposer writes for the same message", async () => {
    const { default: MailComposer } = await import("nodemailer/lib/mail-composer/index.js");
    const theirs = await simpleParser(await new MailComposer({ ...mail }).compile().build());
    const ours = await simpleParser(composeEml(mail));
    for (const key of ["subject", "text", "html", "messageId"] as const) expect(ours[key]).toEqual(theirs[key]);
    expect(ours.replyTo?.value).toEqual(theirs.replyTo?.value);
    expect(ours.headers.get("x-fillway-lead")).toEqual(theirs.headers.get("x-fillway-lead"));
  });
});
