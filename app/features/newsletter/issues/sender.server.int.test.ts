import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { type Outbox, startOutbox } from "~/platform/outbox/worker.server";
import { outboxMessages } from "~/server/messages.server";
import { openTestDb } from "../../../../tests/helpers/test-db";
import { type SmtpSink, startSmtpSink } from "../../../../tests/helpers/test-smtp";
import { unsubscribePage } from "../pages.server";
import { unsubscribeAddress } from "../subscriptions.server";
import { issueCounts, saveIssue, scheduleIssue } from "./issues.server";
import { fillIssue, releaseDeliveries, sendRound } from "./sender.server";

/**
 * Sending an issue: one message per confirmed address even when the process stops
 * mid-send and starts again, never one to an address unsubscribed before it is sent,
 * released at no more than the rate per minute, each with the one-click headers.
 */

let db: Db;
let sink: SmtpSink;
let writer: Outbox;
const SITE = "https://www.fillway.example";
const env = {
  ...loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SITE_URL: SITE, MAIL_DIR: mkdtempSync(join(tmpdir(), "fillway-mail-")) }),
  IP_HASH_SALT: "newsletter-issue-test-salt",
};
const log = createLogger("silent");
const ids: number[] = [];
const issues: number[] = [];

beforeAll(async () => {
  db = await openTestDb();
  sink = await startSmtpSink();
  // Writes rows only; a second outbox delivers them when a test says so.
  writer = startOutbox({ db, env, log, messages: outboxMessages, paused: true });
});
afterAll(async () => {
  await writer.stop();
  await sink.close();
  // The PostgreSQL leg runs every file against one database: leave nothing behind.
  await db.kysely.deleteFrom("outbox").execute();
  if (issues.length) {
    await db.kysely.deleteFrom("newsletter_deliveries").where("issue_id", "in", issues).execute();
    await db.kysely.deleteFrom("newsletter_issues").where("id", "in", issues).execute();
  }
  for (let i = 0; i < ids.length; i += 500)
    await db.kysely
      .deleteFrom("leads")
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
  await db.close();
});

/** Confirmed subscribers (and those in `other` states), written straight into the table. */
async function subscribers(n: number, status = "subscribed"): Promise<{ id: number; email: string }[]> {
  const tag = randomUUID().slice(0, 8);
  const at = new Date().toISOString();
  const rows = Array.from({ length: n }, (_, i) => {
    const email = `reader-${tag}-${i}@example.com`;
    return { kind: "newsletter", type: 4, email, email_norm: email, payload: "{}", status, created_at: at, confirmed_at: at };
  });
  const out: { id: number; email: string }[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const made = await db.kysely
      .insertInto("leads")
      .values(rows.slice(i, i + 200))
      .returning(["id", "email"])
      .execute();
    out.push(...made.map((r) => ({ id: Number(r.id), email: r.email })));
  }
  ids.push(...out.map((r) => r.id));
  return out;
}

async function newIssue(subject: string) {
  const id = await saveIssue(db, null, { subject, body: "Hello **readers**.\n\n<script>alert(1)</script>" }, { staffId: 1 });
  if (id === null) throw new Error("not saved");
  issues.push(id);
  return id;
}

/** A header of the raw message, unfolded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const m = new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(head);
  return m?.[1]?.replace(/\r?\n[ \t]+/g, " ").trim();
}

/** Ends every other subscription, so a test counts only its own. */
async function onlyThese() {
  await db.kysely.updateTable("leads").set({ status: "unsubscribed" }).where("kind", "=", "newsletter").where("status", "=", "subscribed").execute();
}

describe("sending an issue", () => {
  it("sends each confirmed address exactly once across a restart mid-send, skips those unsubscribed since, with one-click headers", async () => {
    await onlyThese();
    const subs = await subscribers(40);
    await subscribers(3, "pending");
    const issue = await newIssue("Diesel prices this spring");
    const t0 = new Date("2026-03-01T10:00:00Z");
    expect(await scheduleIssue(db, issue, null, t0)).toBe(true);

    // First run: starts, fills, releases 10 (the rate's share of a one-minute tick).
    const opts = { db, outbox: writer, log, ratePerMinute: 10, tickMs: 60_000 };
    expect(await sendRound(opts, t0)).toBe(10);
    // The process stops here and starts again: the fill runs again as if its end was never recorded.
    await db.kysely.updateTable("newsletter_issues").set({ filled_at: null }).where("id", "=", issue).execute();
    expect(await fillIssue(db, issue, t0)).toBe(40);
    // A release batch that runs twice (the write queue may run a write again) writes nothing twice.
    await releaseDeliveries(db, writer, 5, new Date(t0.getTime() + 60_001));
    // One address unsubscribes before its message is written, one after it is written but before it is sent.
    const early = subs[39] as { email: string };
    const late = subs[0] as { email: string };
    await unsubscribeAddress(db, early.email);
    await unsubscribeAddress(db, late.email);
    for (let m = 2; m < 8; m++) await sendRound(opts, new Date(t0.getTime() + m * 60_001));
    const state = await db.kysely.selectFrom("newsletter_issues").select(["state", "recipients"]).where("id", "=", issue).executeTakeFirstOrThrow();
    expect(state).toEqual({ state: "sent", recipients: 40 });
    const written = await db.kysely.selectFrom("outbox").select(["lead_id"]).where("template", "=", "newsletter-issue").execute();
    expect(written).toHaveLength(39);
    expect(new Set(written.map((r) => r.lead_id)).size).toBe(39);

    const deliverer = startOutbox({ db, env: { ...env, SMTP_URL: sink.url }, log, messages: outboxMessages, pollMs: 50 });
    try {
      await sink.waitFor(38, 20_000);
      await expect.poll(async () => (await issueCounts(db, issue)).queued, { timeout: 10_000 }).toBe(0);
    } finally {
      await deliverer.stop();
    }
    const to = sink.received.map((m) => m.envelopeTo[0]);
    expect(to).toHaveLength(38);
    expect(new Set(to).size).toBe(38);
    expect(to).not.toContain(early.email);
    expect(to).not.toContain(late.email);
    const counts = await issueCounts(db, issue);
    expect(counts).toEqual({ queued: 0, sent: 38, failed: 0, unsubscribed: 2 });

    const msg = sink.received[0];
    const raw = msg?.raw ?? "";
    expect(header(raw, "List-Unsubscribe")).toMatch(/^<https:\/\/www\.fillway\.example\/newsletter\/unsubscribe\?token=\d+\.[\w-]{43}>, <mailto:[^>]+>$/);
    expect(header(raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(msg?.mail.subject).toBe("Diesel prices this spring");
    expect(msg?.mail.html).toContain("<strong>readers</strong>");
    expect(msg?.mail.html).not.toContain("<script>");
    expect(msg?.mail.text).toContain("Unsubscribe with one click: https://www.fillway.example/newsletter/unsubscribe?token=");
  });

  it("releases no more than NEWSLETTER_RATE_PER_MINUTE within any minute", async () => {
    await onlyThese();
    await subscribers(400);
    const issue = await newIssue("Rate");
    const t0 = new Date("2026-04-01T10:00:00Z");
    await scheduleIssue(db, issue, null, t0);
    const opts = { db, outbox: writer, log, ratePerMinute: 120, tickMs: 1000 };
    const perSecond: number[] = [];
    for (let s = 0; s < 150; s++) perSecond.push(await sendRound(opts, new Date(t0.getTime() + s * 1000)));
    // 2 a second (120 a minute), evenly: 300 in 150 seconds, and never more than 120 in a minute.
    for (let s = 0; s + 60 <= perSecond.length; s++) expect(perSecond.slice(s, s + 60).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(120);
    expect(perSecond.reduce((a, b) => a + b, 0)).toBe(300);
    expect(Math.max(...perSecond)).toBe(2);
  });

  it("reads right in a mail client: absolute links and images, a plain-text part written from the Markdown, a test e-mail's sample unsubscribe link", async () => {
    await onlyThese();
    // The issue the test above left half released, and the messages it wrote, would go first.
    if (issues.length) {
      await db.kysely.deleteFrom("newsletter_deliveries").where("issue_id", "in", issues).execute();
      await db.kysely.updateTable("newsletter_issues").set({ state: "sent" }).where("id", "in", issues).execute();
    }
    await db.kysely.deleteFrom("outbox").execute();
    const [reader] = await subscribers(1);
    const body =
      "## Winter diesel\n\nCold nights thicken diesel. [Read the FAQ](/faq).\n\n![A truck](/media/blog/truck.webp)\n\n- **Blended** fuel\n- Tank checks";
    const issue = await saveIssue(db, null, { subject: "Winter diesel", body }, { staffId: 1 });
    if (issue === null) throw new Error("not saved");
    issues.push(issue);
    const t0 = new Date("2026-05-01T10:00:00Z");
    await scheduleIssue(db, issue, null, t0);
    await sendRound({ db, outbox: writer, log, ratePerMinute: 10, tickMs: 60_000 }, t0);
    await writer.sendNow([{ template: "newsletter-test", recipient: "editor@fillway.example", staffId: 1, payload: { issue } }]);
    const before = sink.received.length;
    const deliverer = startOutbox({ db, env: { ...env, SMTP_URL: sink.url }, log, messages: outboxMessages, pollMs: 50 });
    try {
      await sink.waitFor(before + 2, 20_000);
    } finally {
      await deliverer.stop();
    }
    const mine = sink.received.slice(before);
    const sent = mine.find((m) => m.envelopeTo[0] === reader?.email);
    const test = mine.find((m) => m.envelopeTo[0] === "editor@fillway.example");
    for (const m of [sent, test]) {
      expect(m?.mail.html).toContain(`href="${SITE}/faq"`);
      expect(m?.mail.html).toContain(`src="${SITE}/media/blog/truck.webp"`);
      expect(m?.mail.html).not.toMatch(/\s(href|src)="\//);
      const text = m?.mail.text ?? "";
      expect(text).toContain("Winter diesel\n=============");
      expect(text).toContain(`Cold nights thicken diesel. Read the FAQ (${SITE}/faq).`);
      expect(text).toContain("- Blended fuel\n- Tank checks");
      expect(text).not.toMatch(/##|\*\*|\]\(/);
    }
    expect(sent?.mail.text).toContain(`${SITE}/newsletter/unsubscribe?token=`);
    // The test went to a member of staff for no subscriber: its link says so and changes nothing.
    const sample = /Unsubscribe with one click: (\S+)/.exec(test?.mail.text ?? "")?.[1] ?? "";
    expect(sample).toBe(`${SITE}/newsletter/unsubscribe?sample=1`);
    const page = await unsubscribePage({ db } as never, new Request(sample));
    expect(page.status).toBe(200);
    expect(page.view.title).toBe("This is a sample unsubscribe link");
  });
});
