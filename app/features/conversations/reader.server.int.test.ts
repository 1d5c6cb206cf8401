import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "~/server/messages.server";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { type Outbox, startOutbox } from "~/platform/outbox/worker.server";
import { storeLead } from "~/features/leads/store.server";
import { countMatching, listLeads } from "~/features/leads/desk/query.server";
import { deleteByEmail, findByEmail } from "~/features/leads/desk/privacy.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { rawMessage, startTestImap, type TestImap } from "../../../tests/helpers/test-imap";
import { assignUnmatched, listUnmatched, repliedAmong } from "./desk.server";
import { leadConversation } from "./thread.server";
import { addressFailure } from "./failures.server";
import type { ServerResponse } from "node:http";
import { createMetrics } from "~/platform/ops/metrics.server";
import { mailboxGauges, mailboxStatus, type ReaderOptions, startMailboxReader } from "./reader.server";

/**
 * The reply reader against a real Dovecot (tests/helpers/test-imap.ts): messages appended
 * to its folders are matched to their leads, stored once, and the mailbox left as it was.
 */

let db: Db;
let imap: TestImap;
let outbox: Outbox;
const log = createLogger("silent");
let owner: { id: number; email: string };
let admin: { id: number; email: string };

const envFor = (folder: string) => ({ IMAP_URL: imap.url, IMAP_FOLDER: folder, IMAP_POLL_SECONDS: 60, MAIL_REPLY_TO: "replies@fillway.example" });
const reader = (folder: string, extra: Partial<ReaderOptions> = {}) => startMailboxReader({ db, env: envFor(folder), log, outbox, schedule: false, ...extra });

async function lead(email = `pat-${randomUUID().slice(0, 8)}@example.com`, assigneeId: number | null = null) {
  const stored = await storeLead(db, {
    kind: "lead-personal",
    type: 9,
    email,
    payload: { firstName: "Pat", lastName: "Doe", email, phone: "2145550100", zipCode: "75201", message: "Tell me more" },
    submissionId: randomUUID(),
  });
  if (assigneeId !== null) await db.kysely.updateTable("leads").set({ assignee_id: assigneeId }).where("id", "=", stored.id).execute();
  return { id: stored.id, email };
}

const mid = () => `<${randomUUID()}@mail.example.net>`;
const count = async (table: "lead_messages" | "unmatched_messages", messageId: string) =>
  (await db.kysely.selectFrom(table).select("id").where("message_id", "=", messageId).execute()).length;
const notices = async (leadId: number) =>
  db.kysely.selectFrom("outbox").select(["recipient", "idempotency_key"]).where("template", "=", "lead-replied").where("lead_id", "=", leadId).execute();

beforeAll(async () => {
  db = await openTestDb();
  imap = await startTestImap();
  const env = {
    ...loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SITE_URL: "https://www.fillway.example", MAIL_REPLY_TO: "replies@fillway.example" }),
    IP_HASH_SALT: "conversations-salt-0123456",
  };
  outbox = startOutbox({ db, env, log, messages: outboxMessages, paused: true });
  const now = new Date().toISOString();
  const staff = async (role: "sales" | "admin") => {
    const email = `${role}-${randomUUID().slice(0, 6)}@fillway.example`;
    const row = await db.kysely
      .insertInto("staff")
      .values({ email, name: null, role, password_hash: null, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), email };
  };
  owner = await staff("sales");
  admin = await staff("admin");
}, 60_000);

afterAll(async () => {
  await outbox?.stop();
  await imap?.close();
  await db?.close();
});

describe("the reply reader", () => {
  it("files a reply sent to the lead's reply address on that lead, leaves the mailbox as it was and tells the owner once", async () => {
    const l = await lead(undefined, owner.id);
    const id = mid();
    await imap.append(
      rawMessage(
        { From: `Pat Doe <${l.email}>`, To: `replies+lead-${l.id}@fillway.example`, Subject: "Re: your quote", "Message-ID": id },
        "Yes please, Tuesday works.\n\nOn Mon, Pat wrote:\n> Would Tuesday suit you?\n",
      ),
      "Box1",
    );
    const r = reader("Box1");
    const result = await r.poll();
    expect(result).toMatchObject({ state: "read", taken: 1, stored: { replies: 1, notices: 1 } });
    const conversation = await leadConversation(db, l.id);
    expect(conversation).toHaveLength(1);
    expect(conversation[0]).toMatchObject({ direction: "in", from: `Pat Doe <${l.email}>`, subject: "Re: your quote", fresh: "Yes please, Tuesday works." });
    expect(conversation[0]?.quoted).toContain("Would Tuesday suit you?");
    expect([...(await repliedAmong(db, [l.id]))]).toEqual([l.id]);
    // Nothing flagged: not \Seen, not \Deleted.
    expect((await imap.list("Box1")).map((m) => m.flags)).toEqual([[]]);
    // A second poll takes nothing, and a new reader (a restart) neither.
    expect(await r.poll()).toMatchObject({ state: "read", taken: 0 });
    expect(await reader("Box1").poll()).toMatchObject({ state: "read", taken: 0 });
    expect(await notices(l.id)).toEqual([{ recipient: owner.email, idempotency_key: expect.stringMatching(/^lead-replied:\d+$/) }]);
    const status = await mailboxStatus(db, envFor("Box1"));
    expect(status).toMatchObject({ takenTotal: 1, takenLast: 0, lastError: null });
    expect(status?.lastReadAt).not.toBeNull();
  });

  it("matches by In-Reply-To to a message stored on the lead, and by the sender's address", async () => {
    const l = await lead();
    const ours = `<lead-${l.id}.${randomUUID().replace(/-/g, "")}@fillway.example>`;
    await db.kysely
      .insertInto("lead_messages")
      .values({
        lead_id: l.id,
        direction: "out",
        message_id: ours,
        in_reply_to: null,
        refs: null,
        from_address: "sales@fillway.example",
        from_name: "Fillway",
        to_address: l.email,
        subject: "Your quote",
        body_text: "Here it is.",
        body_html: null,
        staff_id: owner.id,
        outbox_id: null,
        attachments: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const other = `someone-${randomUUID().slice(0, 6)}@example.org`;
    const byThread = mid();
    await imap.append(
      rawMessage({ From: other, To: "replies@fillway.example", Subject: "Re: Your quote", "Message-ID": byThread, "In-Reply-To": ours, References: ours }),
      "Box2",
    );
    const l2 = await lead();
    const bySender = mid();
    await imap.append(rawMessage({ From: l2.email.toUpperCase(), To: "replies@fillway.example", Subject: "A question", "Message-ID": bySender }), "Box2");
    expect(await reader("Box2").poll()).toMatchObject({ state: "read", taken: 2, stored: { replies: 2, unmatched: 0 } });
    expect((await leadConversation(db, l.id)).map((m) => m.direction)).toEqual(["out", "in"]);
    expect((await leadConversation(db, l2.id)).map((m) => m.subject)).toEqual(["A question"]);
    // The reply is the last message: waiting on us.
    expect([...(await repliedAmong(db, [l.id, l2.id]))].sort()).toEqual([l.id, l2.id].sort());
    // The inbox's replied view lists them; a message sent after the reply takes a lead off it.
    const replied = async () => (await listLeads(db, { replied: true })).rows.map((r) => r.id);
    expect(await replied()).toEqual(expect.arrayContaining([l.id, l2.id]));
    await db.kysely
      .insertInto("lead_messages")
      .values({
        lead_id: l.id,
        direction: "out",
        message_id: `<lead-${l.id}.ff@fillway.example>`,
        in_reply_to: byThread,
        refs: null,
        from_address: "sales@fillway.example",
        from_name: null,
        to_address: other,
        subject: "Re: Re: Your quote",
        body_text: "Thanks.",
        body_html: null,
        staff_id: owner.id,
        outbox_id: null,
        attachments: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await replied()).not.toContain(l.id);
    expect(await replied()).toContain(l2.id);
    expect(await countMatching(db, { leads: { replied: true } })).toEqual({ n: (await replied()).length, capped: false });
  });

  it("keeps a message no lead matches in the unmatched list until an admin assigns it (audited)", async () => {
    const stranger = `stranger-${randomUUID().slice(0, 6)}@example.org`;
    const id = mid();
    await imap.append(rawMessage({ From: stranger, To: "replies@fillway.example", Subject: "Who is this?", "Message-ID": id }), "Box3");
    expect(await reader("Box3").poll()).toMatchObject({ stored: { unmatched: 1 } });
    const { rows } = await listUnmatched(db);
    const row = rows.find((r) => r.fromAddress === stranger);
    expect(row).toBeDefined();
    const l = await lead(undefined, owner.id);
    expect(await assignUnmatched({ db, outbox }, { messageId: row?.id ?? 0, leadId: 999_999_999, staffId: admin.id })).toBe("no-lead");
    expect(await assignUnmatched({ db, outbox }, { messageId: row?.id ?? 0, leadId: l.id, staffId: admin.id })).toBe("assigned");
    expect(await assignUnmatched({ db, outbox }, { messageId: row?.id ?? 0, leadId: l.id, staffId: admin.id })).toBe("no-message");
    expect((await leadConversation(db, l.id)).map((m) => m.subject)).toEqual(["Who is this?"]);
    expect((await listUnmatched(db)).rows.some((r) => r.id === row?.id)).toBe(false);
    const audited = await db.kysely.selectFrom("audit_log").select(["staff_id", "action", "subject"]).where("action", "=", "reply.assign").execute();
    expect(audited.map((a) => ({ ...a, staff_id: Number(a.staff_id) }))).toEqual([{ staff_id: admin.id, action: "reply.assign", subject: String(l.id) }]);
    expect(await notices(l.id)).toHaveLength(1);
  });

  it("stores a message met in two folders, and by a second reader, once; one reader at a time holds the lease", async () => {
    const l = await lead(undefined, owner.id);
    const id = mid();
    const raw = rawMessage({ From: l.email, To: `replies+lead-${l.id}@fillway.example`, Subject: "Twice", "Message-ID": id });
    await imap.append(raw, "Box4");
    await imap.append(raw, "Box4copy");
    const a = reader("Box4", { instance: "a" });
    const b = reader("Box4", { instance: "b" });
    // While a holds the lease (a poll in flight), b reads nothing.
    const both = await Promise.all([a.poll(), b.poll()]);
    expect(both.map((r) => r.state).sort()).toEqual(["busy", "read"]);
    expect(await reader("Box4copy").poll()).toMatchObject({ state: "read", taken: 1, stored: { replies: 0, seen: 1 } });
    expect(await count("lead_messages", id)).toBe(1);
    expect(await notices(l.id)).toHaveLength(1);
  });

  it("reads a folder again when its UIDVALIDITY changes, storing nothing twice", async () => {
    const l = await lead();
    const first = mid();
    await imap.append(rawMessage({ From: l.email, To: `replies+lead-${l.id}@fillway.example`, Subject: "One", "Message-ID": first }), "Box5");
    expect(await reader("Box5").poll()).toMatchObject({ taken: 1, uidValidityChanged: false });
    await imap.recreateFolder("Box5");
    const second = mid();
    await imap.append(rawMessage({ From: l.email, To: `replies+lead-${l.id}@fillway.example`, Subject: "One", "Message-ID": first }), "Box5");
    await imap.append(rawMessage({ From: l.email, To: `replies+lead-${l.id}@fillway.example`, Subject: "Two", "Message-ID": second }), "Box5");
    expect(await reader("Box5").poll()).toMatchObject({ taken: 2, uidValidityChanged: true, stored: { replies: 1, seen: 1 } });
    expect((await leadConversation(db, l.id)).map((m) => m.subject)).toEqual(["One", "Two"]);
  });

  it("sanitises hostile HTML, lists attachments without keeping them, and names a message without a Message-ID by its hash", async () => {
    const l = await lead();
    const boundary = "b-123";
    const raw = [
      `From: ${l.email}`,
      `To: replies+lead-${l.id}@fillway.example`,
      "Subject: Hostile",
      "MIME-Version: 1.0",
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      "",
      `--${boundary}`,
      "Content-Type: text/html; charset=utf-8",
      "",
      `<p onclick="steal()">Hi <script>alert(1)</script><img src="https://tracker.example/p.gif"><a href="javascript:alert(2)">x</a><a href="https://ok.example/">ok</a><iframe src="https://evil.example"></iframe><style>p{}</style></p>`,
      `--${boundary}`,
      "Content-Type: application/pdf; name=quote.pdf",
      "Content-Disposition: attachment; filename=quote.pdf",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("%PDF-1.4 pretend").toString("base64"),
      `--${boundary}--`,
      "",
    ].join("\r\n");
    await imap.append(raw, "Box6");
    expect(await reader("Box6").poll()).toMatchObject({ stored: { replies: 1 } });
    const row = await db.kysely.selectFrom("lead_messages").selectAll().where("lead_id", "=", l.id).executeTakeFirstOrThrow();
    expect(row.body_html).not.toMatch(/script|onclick|javascript:|<img|iframe|<style/i);
    expect(row.body_html).toContain('href="https://ok.example/"');
    expect(row.message_id).toMatch(/^<sha256-[0-9a-f]{40}@fillway\.invalid>$/);
    expect(JSON.parse(row.attachments ?? "[]")).toEqual([{ name: "quote.pdf", type: "application/pdf", size: 16 }]);
    // Read again (a new folder): the same hash, stored once.
    await imap.append(raw, "Box6b");
    expect(await reader("Box6b").poll()).toMatchObject({ stored: { seen: 1 } });
  });

  it("passes over a message over 10 MB and a malformed one, and goes on with the next", async () => {
    const l = await lead();
    const big = rawMessage(
      { From: l.email, To: `replies+lead-${l.id}@fillway.example`, Subject: "Huge", "Message-ID": mid() },
      `${"x".repeat(998)}\n`.repeat(11 * 1024),
    );
    await imap.append(big, "Box7");
    await imap.append("this is not a message at all", "Box7");
    const after = mid();
    await imap.append(rawMessage({ From: l.email, To: `replies+lead-${l.id}@fillway.example`, Subject: "After", "Message-ID": after }), "Box7");
    expect(await reader("Box7").poll()).toMatchObject({ state: "read", taken: 3, stored: { replies: 1, skipped: 2 } });
    expect((await leadConversation(db, l.id)).map((m) => m.subject)).toEqual(["After"]);
  });

  it("marks the failed recipient of a delivery status notification and does not keep it as a reply", async () => {
    const failed = `gone-${randomUUID().slice(0, 6)}@example.com`;
    const l = await lead(failed);
    const raw = [
      "From: Mail Delivery System <MAILER-DAEMON@mx.fillway.example>",
      `To: replies+lead-${l.id}@fillway.example`,
      "Subject: Undelivered Mail Returned to Sender",
      `Message-ID: ${mid()}`,
      "MIME-Version: 1.0",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="r"',
      "",
      "--r",
      "Content-Type: text/plain",
      "",
      "Your message could not be delivered.",
      "--r",
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; mx.fillway.example",
      "",
      `Final-Recipient: rfc822; ${failed}`,
      "Action: failed",
      "Status: 5.1.1",
      "Diagnostic-Code: smtp; 550 5.1.1 no such user",
      "",
      "--r--",
      "",
    ].join("\r\n");
    await imap.append(raw, "Box8");
    expect(await reader("Box8").poll()).toMatchObject({ stored: { reports: 1, replies: 0, unmatched: 0 } });
    expect(await addressFailure(db, failed)).toMatchObject({ reason: "5.1.1 550 5.1.1 no such user" });
    expect(await leadConversation(db, l.id)).toEqual([]);
  });

  it("records a folder that is gone as an error and reads it once it is back", async () => {
    const r = reader("Box9");
    const failed = await r.poll();
    expect(failed.state).toBe("failed");
    const status = await mailboxStatus(db, envFor("Box9"));
    expect(status?.lastError).toBeTruthy();
    expect(status?.lastErrorAt).not.toBeNull();
    expect(status?.lastReadAt).toBeNull();
    await imap.createFolder("Box9");
    expect(await r.poll()).toMatchObject({ state: "read", taken: 0 });
    expect((await mailboxStatus(db, envFor("Box9")))?.lastReadAt).not.toBeNull();
  });

  it("forgets the person's messages and their unmatched ones on a privacy request, and nobody else's", async () => {
    const person = `forget-${randomUUID().slice(0, 6)}@example.com`;
    const l = await lead(person);
    const kept = await lead();
    await imap.append(rawMessage({ From: person, To: `replies+lead-${l.id}@fillway.example`, Subject: "Mine", "Message-ID": mid() }), "Box10");
    // Filed on someone else's lead by its reply address: still theirs to forget.
    await imap.append(rawMessage({ From: person, To: `replies+lead-${kept.id}@fillway.example`, Subject: "On theirs", "Message-ID": mid() }), "Box10");
    await imap.append(rawMessage({ From: kept.email, To: `replies+lead-${kept.id}@fillway.example`, Subject: "Theirs", "Message-ID": mid() }), "Box10");
    await db.kysely.updateTable("leads").set({ email_norm: "moved@example.net" }).where("id", "=", kept.id).execute();
    const unmatchedId = mid();
    // An address no lead has any more once the lead is gone: kept unmatched until the deletion.
    await imap.append(rawMessage({ From: person, To: "replies@fillway.example", Subject: "Hello?", "Message-ID": unmatchedId }), "Box10");
    await db.kysely.updateTable("leads").set({ email_norm: "elsewhere@example.net" }).where("id", "=", l.id).execute();
    expect(await reader("Box10").poll()).toMatchObject({ stored: { replies: 3, unmatched: 1 } });
    await db.kysely.updateTable("leads").set({ email_norm: person }).where("id", "=", l.id).execute();
    const env = { ...loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", MAIL_REPLY_TO: "replies@fillway.example" }), IP_HASH_SALT: "conversations-salt-0123456" };
    expect(await findByEmail({ db, env }, person)).toMatchObject({ leads: 1, conversations: 3 });
    const erased = await deleteByEmail({ db, env, outbox }, person);
    expect(erased.conversations).toBe(3);
    expect(await leadConversation(db, l.id)).toEqual([]);
    expect((await leadConversation(db, kept.id)).map((m) => m.subject)).toEqual(["Theirs"]);
    expect(await count("unmatched_messages", unmatchedId)).toBe(0);
    expect(await findByEmail({ db, env }, person)).toMatchObject({ leads: 0, conversations: 0 });
  });

  it("reports the mailbox in /metrics: NaN before a read, then the age of the last read and the messages taken", async () => {
    const scrape = async (folder: string) => {
      const metrics = createMetrics({ db, gauges: mailboxGauges(db, envFor(folder)) });
      let body = "";
      await metrics.send({ writeHead: () => undefined, end: (b: string) => (body = b) } as unknown as ServerResponse);
      metrics.close();
      return body;
    };
    const never = await scrape("Box11");
    // prom-client writes NaN as "Nan", which Prometheus (and promtool check metrics) reads as NaN.
    expect(never).toMatch(/^fillway_replies_last_read_age_seconds Nan$/m);
    expect(never).toMatch(/^fillway_replies_taken 0$/m);
    expect(never).toMatch(/^fillway_replies_last_error_timestamp_seconds Nan$/m);
    const after = await scrape("Box1");
    expect(after).toMatch(/^fillway_replies_last_read_age_seconds \d+(\.\d+)?$/m);
    expect(after).toMatch(/^fillway_replies_taken 1$/m);
    expect(mailboxGauges(db, { IMAP_URL: undefined, IMAP_FOLDER: "INBOX", IMAP_POLL_SECONDS: 60 })).toEqual([]);
  });

  it("is off without IMAP_URL", async () => {
    const r = startMailboxReader({ db, env: { IMAP_URL: undefined, IMAP_FOLDER: "INBOX", IMAP_POLL_SECONDS: 60 }, log, outbox });
    expect(r.enabled).toBe(false);
    expect(await r.poll()).toEqual({ state: "off" });
    expect(await mailboxStatus(db, { IMAP_URL: undefined, IMAP_FOLDER: "INBOX", IMAP_POLL_SECONDS: 60 })).toBeNull();
  });
});
