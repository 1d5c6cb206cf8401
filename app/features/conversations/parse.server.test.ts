import { describe, expect, it } from "vitest";
import { loadEnv } from "~/platform/env.server";
import { failedRecipients, parseMessage } from "./parse.server";
import { splitQuoted } from "./quoted";
import { mailboxKey, uidSet } from "./reader.server";
import { sanitizeMailHtml } from "./sanitize.server";

describe("reading a received message", () => {
  it("finds the reply address, the thread and the sender, lower-cased", async () => {
    const raw = Buffer.from(
      [
        'From: "Pat Doe" <Pat.Doe@Example.COM>',
        "To: Sales <replies+lead-42@fillway.example>",
        "Cc: other@example.org",
        "Delivered-To: replies+lead-42@fillway.example",
        "Subject: Re: Your quote",
        "Message-ID: <abc@mail.example.com>",
        "In-Reply-To: <lead-42.0a1b@fillway.example>",
        "References: <first@fillway.example> <lead-42.0a1b@fillway.example>",
        "",
        "Yes.",
      ].join("\r\n"),
    );
    const parsed = await parseMessage(raw);
    expect(parsed.kind).toBe("reply");
    if (parsed.kind !== "reply") return;
    expect(parsed.message).toMatchObject({
      messageId: "<abc@mail.example.com>",
      inReplyTo: "<lead-42.0a1b@fillway.example>",
      refs: "<first@fillway.example> <lead-42.0a1b@fillway.example>",
      fromAddress: "pat.doe@example.com",
      fromName: "Pat Doe",
      recipients: ["replies+lead-42@fillway.example", "other@example.org"],
      bodyText: "Yes.",
    });
  });

  it("passes over what is no message, and names one without a Message-ID by its bytes", async () => {
    expect(await parseMessage(Buffer.from("not a message"))).toEqual({ kind: "skip", reason: "no header" });
    const raw = Buffer.from("From: a@example.com\r\nSubject: x\r\n\r\nhi");
    const a = await parseMessage(raw);
    const b = await parseMessage(Buffer.from(raw));
    expect(a.kind === "reply" && a.message.messageId).toMatch(/^<sha256-[0-9a-f]{40}@fillway\.invalid>$/);
    expect(a.kind === "reply" && b.kind === "reply" && a.message.messageId === b.message.messageId).toBe(true);
  });

  it("reads the failed recipients of a delivery status report, and only those", () => {
    const status = [
      "Reporting-MTA: dns; mx.example",
      "",
      "Final-Recipient: rfc822; Gone@Example.com",
      "Action: failed",
      "Status: 5.1.1",
      "Diagnostic-Code: smtp; 550 5.1.1 user",
      "  unknown",
      "",
      "Final-Recipient: rfc822; later@example.com",
      "Action: delayed",
      "Status: 4.4.1",
    ].join("\r\n");
    expect(failedRecipients(status)).toEqual([{ address: "gone@example.com", reason: "5.1.1 550 5.1.1 user unknown" }]);
  });
});

describe("the quoted history", () => {
  it("folds from the 'On … wrote:' line, an original-message line or a trailing run of '>' lines", () => {
    expect(splitQuoted("Thanks!\n\nOn Tue, 3 Nov 2026, Ana wrote:\n> Hello")).toEqual({ fresh: "Thanks!", quoted: "On Tue, 3 Nov 2026, Ana wrote:\n> Hello" });
    expect(splitQuoted("Fine.\n-----Original Message-----\nFrom: x")).toEqual({ fresh: "Fine.", quoted: "-----Original Message-----\nFrom: x" });
    expect(splitQuoted("> a question\nmy answer\n> more\n>\n")).toEqual({ fresh: "> a question\nmy answer", quoted: "> more\n>" });
    expect(splitQuoted("Just text.")).toEqual({ fresh: "Just text.", quoted: "" });
  });
});

describe("received HTML", () => {
  it("keeps structure and http(s)/mailto links, and nothing that runs, loads or styles", () => {
    const html = sanitizeMailHtml(
      `<div onmouseover="x()"><p style="color:red">Hi</p><script>alert(1)</script><img src="https://t.example/p.gif"><a href="javascript:y()">bad</a><a href="https://ok.example">ok</a><form action="/desk"><input name="q"></form><svg onload="z()"></svg></div>`,
    );
    expect(html).toBe(
      '<div><p>Hi</p><a rel="noopener noreferrer nofollow" target="_blank">bad</a><a href="https://ok.example" rel="noopener noreferrer nofollow" target="_blank">ok</a></div>',
    );
  });
});

describe("the reader's settings", () => {
  it("reads IMAP_URL, IMAP_FOLDER and IMAP_POLL_SECONDS, and refuses another scheme", () => {
    const env = loadEnv({ NODE_ENV: "test", IMAP_URL: "imaps://replies%40fillway.example:p%40ss@imap.example.com", IMAP_POLL_SECONDS: "30" });
    expect([env.IMAP_URL, env.IMAP_FOLDER, env.IMAP_POLL_SECONDS]).toEqual(["imaps://replies%40fillway.example:p%40ss@imap.example.com", "INBOX", 30]);
    expect(mailboxKey(env.IMAP_URL ?? "", env.IMAP_FOLDER)).toBe("replies@fillway.example@imap.example.com:993/INBOX");
    expect(() => loadEnv({ NODE_ENV: "test", IMAP_URL: "pop3://a:b@example.com" })).toThrow(/IMAP_URL/);
    expect(loadEnv({ NODE_ENV: "test", IMAP_URL: "" }).IMAP_URL).toBeUndefined();
  });

  it("writes UIDs as IMAP sequence sets", () => {
    expect(uidSet([9, 1, 2, 3, 5, 10, 11])).toBe("1:3,5,9:11");
    expect(uidSet([7])).toBe("7");
  });
});
