import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { acceptSubmission } from "~/features/leads/accept.server";
import { eachLeadBatch, exportColumn } from "~/features/leads/desk/query.server";
import { newsletterSpec } from "~/features/leads/forms/kinds/newsletter";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { type Outbox, startOutbox } from "~/platform/outbox/worker.server";
import type { Services } from "~/platform/services.server";
import { outboxMessages } from "~/server/messages.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { type SmtpSink, startSmtpSink } from "../../../tests/helpers/test-smtp";
import { confirmPage, unsubscribePage } from "./pages.server";
import { resendConfirmation } from "./resend.server";
import { newsletterSecret, signToken, subscriptionForToken } from "./subscriptions.server";

/**
 * Double opt-in end to end against a real database and a real SMTP server: the sign-up,
 * the confirmation e-mail and its headers, the link pages (GET changes nothing, POST
 * does), tokens that cannot be moved to another address or purpose, re-subscribing.
 */

let db: Db;
let sink: SmtpSink;
let outbox: Outbox;
let services: Services;
const SITE = "https://www.fillway.example";

beforeAll(async () => {
  db = await openTestDb();
  sink = await startSmtpSink();
  const settings = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SITE_URL: SITE,
    SMTP_URL: sink.url,
    MAIL_DIR: mkdtempSync(join(tmpdir(), "fillway-mail-")),
  });
  const env = { ...settings, IP_HASH_SALT: "newsletter-test-salt-0123" };
  const log = createLogger("silent");
  outbox = startOutbox({ db, env, log, messages: outboxMessages, pollMs: 50 });
  services = { env, db, log, outbox };
});
afterEach(() => {
  sink.received.length = 0;
});
afterAll(async () => {
  await outbox.stop();
  await sink.close();
  // The PostgreSQL leg runs every file against one database: leave no messages behind.
  await db.kysely.deleteFrom("outbox").execute();
  await db.close();
});

async function subscribe(email: string, type = 4) {
  const out = await acceptSubmission(services, newsletterSpec, { email, type, submissionId: randomUUID() }, { ip: "127.0.0.1", wire: true, pagePath: "/" });
  expect(out.status).toBe("stored");
  return db.kysely.selectFrom("leads").select(["id", "status"]).where("email", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
}

/** A header of the raw message, unfolded (long headers are wrapped onto several lines). */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const m = new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(head);
  return m?.[1]?.replace(/\r?\n[ \t]+/g, " ").trim();
}

const page = (path: string, method = "GET", body?: string) =>
  new Request(`${SITE}${path}`, body ? { method, body, headers: { "Content-Type": "application/x-www-form-urlencoded" } } : { method });

const status = async (id: number) => (await db.kysely.selectFrom("leads").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("newsletter double opt-in", () => {
  it("stores a sign-up as pending and e-mails only its address a confirmation link with List-Unsubscribe headers", async () => {
    const email = `reader-${randomUUID().slice(0, 8)}@example.com`;
    const row = await subscribe(email);
    expect(row.status).toBe("pending");
    const [msg] = await sink.waitFor(1);
    expect(sink.received).toHaveLength(1);
    expect(msg?.envelopeTo).toEqual([email]);
    expect(msg?.mail.subject).toBe("Confirm your Fillway newsletter subscription");
    const listUnsubscribe = header(msg?.raw ?? "", "List-Unsubscribe");
    expect(listUnsubscribe).toMatch(/^<https:\/\/www\.fillway\.example\/newsletter\/unsubscribe\?token=\d+\.[\w-]{43}>, <mailto:[^>]+\?subject=unsubscribe>$/);
    expect(header(msg?.raw ?? "", "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const confirm = /https:\/\/www\.fillway\.example\/newsletter\/confirm\?token=[\w.-]+/.exec(msg?.mail.text ?? "")?.[0];
    expect(confirm).toBeDefined();
    expect(msg?.mail.html).toContain(confirm);
    expect(msg?.mail.text).toContain("Unsubscribe with one click");

    // Opening the link (a scanner, a preview) confirms nothing; the button does.
    const path = new URL(confirm as string).pathname + new URL(confirm as string).search;
    const shown = await confirmPage(services, page(path));
    expect(shown).toMatchObject({ status: 200, view: { button: "Confirm my subscription" } });
    expect(await status(row.id)).toBe("pending");
    const done = await confirmPage(services, page(path, "POST"));
    expect(done).toMatchObject({ status: 200, view: { title: "Subscription confirmed" } });
    expect(await status(row.id)).toBe("subscribed");
    expect((await confirmPage(services, page(path, "POST"))).view.title).toBe("Already confirmed");
  });

  it("unsubscribes by the one-click POST, refuses forged and moved tokens, and lets the address subscribe again", async () => {
    const email = `Mixed.Case-${randomUUID().slice(0, 8)}@Example.com`;
    const other = `other-${randomUUID().slice(0, 8)}@example.com`;
    const first = await subscribe(email, 3);
    const neighbour = await subscribe(other);
    const secret = await newsletterSecret(db);
    await confirmPage(services, page(`/newsletter/confirm?token=${signToken(secret, "confirm", first.id, email)}`, "POST"));
    await confirmPage(services, page(`/newsletter/confirm?token=${signToken(secret, "confirm", neighbour.id, other)}`, "POST"));
    expect(await status(first.id)).toBe("subscribed");

    // A token is for one row, one address and one purpose.
    const confirmToken = signToken(secret, "confirm", first.id, email);
    expect(await subscriptionForToken(db, confirmToken, "unsubscribe")).toEqual({ ok: false, reason: "invalid" });
    const moved = `${neighbour.id}.${confirmToken.split(".")[1]}`;
    expect(await subscriptionForToken(db, moved, "confirm")).toEqual({ ok: false, reason: "invalid" });
    expect(await subscriptionForToken(db, signToken("not-our-secret", "unsubscribe", first.id, email), "unsubscribe")).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await subscriptionForToken(db, "12.short", "unsubscribe")).toEqual({ ok: false, reason: "malformed" });
    expect(await subscriptionForToken(db, null, "unsubscribe")).toEqual({ ok: false, reason: "malformed" });
    const forged = await unsubscribePage(services, page(`/newsletter/unsubscribe?token=${moved}`, "POST", "List-Unsubscribe=One-Click"));
    expect(forged.status).toBe(404);
    expect(forged.view.title).toBe("We don't know this unsubscribe link");
    expect((await unsubscribePage(services, page("/newsletter/unsubscribe?token=abc"))).status).toBe(400);
    expect(await status(neighbour.id)).toBe("subscribed");

    const unsubscribe = `/newsletter/unsubscribe?token=${signToken(secret, "unsubscribe", first.id, email)}`;
    expect((await unsubscribePage(services, page(unsubscribe))).view.button).toBe("Unsubscribe");
    expect(await status(first.id)).toBe("subscribed");
    // RFC 8058: what a mail client sends, no cookie, no Origin.
    const done = await unsubscribePage(services, page(unsubscribe, "POST", "List-Unsubscribe=One-Click"));
    expect(done).toMatchObject({ status: 200, view: { title: "You're unsubscribed" } });
    expect(await status(first.id)).toBe("unsubscribed");
    expect(await status(neighbour.id)).toBe("subscribed");
    expect((await unsubscribePage(services, page(unsubscribe))).view.title).toBe("Already unsubscribed");
    // The old confirmation link does not bring the address back.
    const stale = await confirmPage(services, page(`/newsletter/confirm?token=${confirmToken}`, "POST"));
    expect(stale.status).toBe(410);
    expect(await status(first.id)).toBe("unsubscribed");

    // Subscribing again: a new pending sign-up and a new link, which confirms it.
    const again = await subscribe(email, 3);
    expect(again.id).not.toBe(first.id);
    expect(again.status).toBe("pending");
    const linkFor = (id: number) =>
      sink.received.map((m) => /https:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/.exec(m.mail.text ?? "")?.[0]).find((l) => l?.includes(`token=${id}.`));
    while (!linkFor(again.id)) await sink.waitFor(sink.received.length + 1);
    const link = new URL(linkFor(again.id) as string);
    expect((await confirmPage(services, page(link.pathname + link.search, "POST"))).view.title).toBe("Subscription confirmed");
    expect(await status(again.id)).toBe("subscribed");

    // The export's scope: confirmed sign-ups only.
    const exported: string[] = [];
    for await (const batch of eachLeadBatch(db, { subscribers: { status: "subscribed", q: email.toLowerCase() } }))
      exported.push(...batch.map((r) => `${r[exportColumn.id]}`));
    expect(exported).toEqual([String(again.id)]);
  });

  it("sends a waiting sign-up its confirmation again only once the earlier one has gone, and at most the day's limit", async () => {
    const email = `again-${randomUUID().slice(0, 8)}@example.com`;
    const [lead] = await db.kysely
      .insertInto("leads")
      .values({ kind: "newsletter", type: 4, email, email_norm: email, payload: "{}", status: "pending", page_path: "/", created_at: new Date().toISOString() })
      .returning("id")
      .execute();
    const id = Number(lead?.id);
    // Written an hour ahead, so the running worker leaves each one waiting until the test marks it sent.
    const later = new Date(Date.now() + 3_600_000);
    const again = () => resendConfirmation(db, outbox, id, 2, later);
    const markSent = () => db.kysely.updateTable("outbox").set({ state: "sent", sent_at: later.toISOString() }).where("lead_id", "=", id).execute();

    expect(await again()).toEqual({ ok: true, email });
    expect(await again()).toEqual({ ok: false, status: 409, error: `A confirmation to ${email} is still waiting to be sent` });
    await markSent();
    expect(await again()).toEqual({ ok: true, email });
    await markSent();
    expect(await again()).toEqual({
      ok: false,
      status: 429,
      error: `${email} has had 2 e-mails from us within a day, the most we send one address; try again tomorrow`,
    });
    await db.kysely.updateTable("leads").set({ status: "subscribed" }).where("id", "=", id).execute();
    expect(await again()).toEqual({ ok: false, status: 409, error: `${email} is not waiting for confirmation` });
    expect(await resendConfirmation(db, outbox, id + 1_000_000, 2, later)).toEqual({ ok: false, status: 404, error: "There is no such subscription" });
  });
});
