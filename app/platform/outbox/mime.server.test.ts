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
