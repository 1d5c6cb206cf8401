import { sendLeadMessages } from "~/features/leads/messages.server";
import { outboxMessages } from "~/server/messages.server";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formForBody } from "~/features/leads/forms/registry";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { type Env, loadEnv } from "~/platform/env.server";
import { acceptSubmission } from "~/features/leads/accept.server";
import { storeLead } from "~/features/leads/store.server";
import { createLogger } from "~/platform/logger.server";
import type { Services } from "~/platform/services.server";
import { listDeliveries } from "./desk.server";
import { retryDelayMs, retryNow } from "./store.server";
import { freePort, type SmtpSink, startSmtpSink } from "../../../tests/helpers/test-smtp";
import { verifySignature } from "./webhook.server";
import { isPermanentSmtpError, type Outbox, startOutbox } from "./worker.server";
import { withoutAddresses } from "~/platform/log-safe.server";

/**
 * The outbox end to end against a real database, a real SMTP server (smtp-server) and a
 * real HTTP receiver: what sales and the visitor receive, retries after SMTP was down,
 * a webhook that fails twice, header injection, and the .eml files without SMTP.
 */

let db: Db;
const running: { outbox?: Outbox; sink?: SmtpSink; http?: Server }[] = [];
const SECRET = "webhook-secret-for-tests-0123456789";

beforeAll(async () => {
  db = await openTestDb();
});
afterEach(async () => {
  for (const r of running.splice(0)) {
    await r.outbox?.stop();
    await r.sink?.close();
    await new Promise<void>((resolve) => (r.http ? r.http.close(() => resolve()) : resolve()));
  }
  await db.kysely.deleteFrom("outbox").execute();
});
afterAll(() => db.close());

/** The settings with the test's salt, which loadEnv leaves optional. */
function withSalt(source: Record<string, string>): Env {
  const settings = loadEnv(source);
  return { ...settings, IP_HASH_SALT: settings.IP_HASH_SALT ?? "outbox-test-salt-0123456" };
}

function services(env: Record<string, string>): Services & { outbox: Outbox } {
  const e = withSalt({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    IP_HASH_SALT: "outbox-test-salt-0123456",
    SITE_URL: "https://www.fillway.example",
    LEADS_NOTIFY_TO: "sales@fillway.example",
    MAIL_DIR: mkdtempSync(join(tmpdir(), "fillway-mail-")),
    OUTBOX_RETRY_BASE_SECONDS: "0.05",
    ...env,
  });
  const log = createLogger("silent");
  const outbox = startOutbox({ db, env: e, log, messages: outboxMessages, pollMs: 50 });
  running.push({ outbox });
  return { env: e, db, log, outbox };
}

const personal = (over: Record<string, unknown> = {}) => ({
  email: `dana-${randomUUID().slice(0, 8)}@fleetco.com`,
  firstName: "Dana",
  lastName: "Reyes",
  city: "Dallas",
  zipCode: "75201",
  message: "Two vans parked overnight need diesel twice a week.",
  type: 9,
  phone: "2145550123",
  submissionId: randomUUID(),
  ...over,
});

async function submit(s: Services, body: Record<string, unknown>) {
  const spec = formForBody("/web/form", body);
  if (!spec) throw new Error("no spec");
  const out = await acceptSubmission(s, spec, body, { ip: "127.0.0.1", pagePath: "/gasoline" });
  expect(out.status).toBe("stored");
  return out;
}

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

const states = async () => (await db.kysely.selectFrom("outbox").select(["state"]).execute()).map((r) => r.state);

describe("outbox over SMTP", () => {
  it("sends sales every field labelled with a desk link and Reply-To the visitor, and the visitor a receipt", async () => {
    const sink = await startSmtpSink();
    running.push({ sink });
    const s = services({
      SMTP_URL: sink.url,
      MAIL_FROM: "Fillway <no-reply@fillway.example>",
      LEADS_NOTIFY_TO_LEAD_PERSONAL: "gas@fillway.example, ops@fillway.example",
    });
    const body = personal();
    await submit(s, body);
    const [a, b] = await sink.waitFor(2);
    const rows = await db.kysely.selectFrom("outbox").selectAll().orderBy("id").execute();
    expect(rows.map((r) => r.template)).toEqual(["lead-sales", "lead-receipt"]);
    const sales = [a, b].find((m) => m?.envelopeTo.includes("gas@fillway.example"))!;
    const receipt = [a, b].find((m) => m?.envelopeTo.includes(body.email))!;

    expect(sales.envelopeTo.sort()).toEqual(["gas@fillway.example", "ops@fillway.example"]);
    // Over SMTP every line ends CRLF, and the message carries its Date and MIME version.
    expect(sales.raw).not.toMatch(/[^\r]\n/);
    expect(sales.raw).toMatch(/^Date: .+\r\nMIME-Version: 1\.0\r$/m);
    expect(sales.mail.from?.value[0]?.address).toBe("no-reply@fillway.example");
    expect(sales.mail.replyTo?.value[0]).toEqual({ address: body.email, name: "Dana Reyes" });
    // The subject names the reference the visitor was given and the page by its title.
    expect(sales.mail.subject).toMatch(/^New lead #[0-9A-F]{8}: Contact form from Dana Reyes on "Gasoline Delivery"$/);
    expect(sales.mail.text).toMatch(/Reference: [0-9A-F]{8}\n/);
    expect(sales.mail.messageId).toBe(rows[0]?.message_id);
    const leadId = rows[0]?.lead_id;
    for (const line of ["First name: Dana", "Last name: Reyes", "Phone: 2145550123", "ZIP code: 75201", "Message: Two vans parked", "Page: /gasoline"]) {
      expect(sales.mail.text).toContain(line);
    }
    expect(sales.mail.text).toMatch(/Form: Contact form, Gasoline \(9\)/);
    expect(sales.mail.text).toContain(`https://www.fillway.example/desk/leads/${leadId}`);
    expect(sales.mail.html).toContain(`href="https://www.fillway.example/desk/leads/${leadId}"`);

    expect(receipt.envelopeTo).toEqual([body.email]);
    expect(receipt.mail.subject).toBe("We got your request – Fillway");
    expect(receipt.mail.messageId).toBe(rows[1]?.message_id);
    expect(receipt.mail.text).toMatch(/^Hello,/);
    expect(receipt.mail.text).toContain("What happens next");
    expect(receipt.mail.text).toContain(`Your reference: ${body.submissionId.slice(0, 8).toUpperCase()}`);
    expect(receipt.mail.text).toContain("Service: Gasoline\n");
    expect(receipt.mail.text).toContain("ZIP code: 75201");
    expect(receipt.mail.text).toMatch(/Fields sent: First name, Last name, .*Message/);
    // What the visitor typed is not repeated to the address typed.
    for (const typed of ["Two vans", "Dana", "Reyes", "2145550123", "Dallas"]) {
      expect(receipt.mail.text).not.toContain(typed);
      expect(String(receipt.mail.html)).not.toContain(typed);
    }
    const html = String(receipt.mail.html);
    expect(html).toContain('name="color-scheme" content="light dark"');
    expect(html).toContain("prefers-color-scheme:dark");
    expect(html).not.toMatch(/<img|url\(/i);
    await until(async () => (await states()).every((st) => st === "sent"));
  });

  it("delivers every message once after SMTP was down for the first attempts", async () => {
    const port = await freePort();
    const sink = await startSmtpSink({ port, down: true });
    running.push({ sink });
    const s = services({ SMTP_URL: sink.url });
    for (let i = 0; i < 5; i++) await submit(s, personal());
    await until(async () => {
      const rows = await db.kysely.selectFrom("outbox").select(["attempts", "last_error"]).execute();
      return rows.length === 10 && rows.every((r) => Number(r.attempts) >= 2 && r.last_error);
    });
    await sink.up();
    await sink.waitFor(10);
    await until(async () => (await states()).every((st) => st === "sent"));
    await new Promise((r) => setTimeout(r, 300));
    const ids = sink.received.map((m) => m.mail.messageId);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    const stored = (await db.kysely.selectFrom("outbox").select("message_id").execute()).map((r) => r.message_id);
    expect(new Set(ids)).toEqual(new Set(stored));
  });

  it("keeps delivering while leads keep arriving, and delivers every message once when they stop", async () => {
    const sink = await startSmtpSink({ parse: false });
    running.push({ sink });
    const s = services({ SMTP_URL: sink.url });
    // A steady stream of leads for about a second and a half: the worker yields to them
    // but does not wait for them to stop.
    const until1500 = Date.now() + 1500;
    let leads = 0;
    while (Date.now() < until1500) {
      await Promise.all(Array.from({ length: 3 }, () => submit(s, personal())));
      leads += 3;
      await new Promise((r) => setTimeout(r, 20));
    }
    const duringStream = sink.received.length;
    expect(duringStream).toBeGreaterThan(0);
    await sink.waitFor(leads * 2);
    await until(async () => (await states()).every((st) => st === "sent"));
    await new Promise((r) => setTimeout(r, 300));
    const ids = sink.received.map((m) => String(m.mail.messageId));
    expect(ids).toHaveLength(leads * 2);
    expect(new Set(ids).size).toBe(leads * 2);
  });

  it("lets no CR/LF in a name or address add a header or a recipient", async () => {
    const sink = await startSmtpSink();
    running.push({ sink });
    const s = services({ SMTP_URL: sink.url });
    // Straight into the store, past the form's validation, as a hostile row would be.
    await storeLead(db, {
      kind: "lead-personal",
      type: 1,
      email: "eve@example.com\r\nBcc: victim@example.com",
      payload: { firstName: "Eve\r\nBcc: victim@example.com\r\nX-Evil: 1", lastName: "X\nSubject: spoofed", email: "eve@example.com" },
      pagePath: "/faq\r\nX-Page: 1",
      messages: (id, trx) => sendLeadMessages(s, "lead-personal", "eve@example.com\r\nBcc: victim@example.com", id, trx),
    });
    s.outbox.nudge();
    const [m] = await sink.waitFor(1);
    await until(async () => (await states()).every((st) => st === "sent"));
    expect(sink.received).toHaveLength(1); // no receipt to an address that is not one
    expect(m?.envelopeTo).toEqual(["sales@fillway.example"]);
    const headerBlock = m!.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headerBlock).not.toMatch(/^(Bcc|X-Evil|X-Page):/im);
    expect(headerBlock.match(/^Subject:/gim)).toHaveLength(1);
    expect(m?.mail.bcc).toBeUndefined();
    expect(m?.mail.replyTo).toBeUndefined();
    expect(m?.mail.subject).toBe("New lead: Contact form from Eve Bcc: victim@example.com X-Evil: 1 X Subject: spoofed on /faq X-Page: 1");
  });
});

describe("SMTP refusals", () => {
  it("fails a message at once on a permanent refusal (5xx), with the server's reason shown in the desk, and retries a temporary one (4xx)", async () => {
    let busyRefused = true;
    const sink = await startSmtpSink({
      rejectRcpt: (address) => {
        if (address.startsWith("gone-")) return { code: 550, message: "5.1.1 no such user" };
        if (address.startsWith("busy-") && busyRefused) return { code: 451, message: "4.3.0 try again later" };
        return undefined;
      },
    });
    running.push({ sink });
    const s = services({ SMTP_URL: sink.url });
    const gone = personal({ email: `gone-${randomUUID().slice(0, 8)}@fleetco.com` });
    const busy = personal({ email: `busy-${randomUUID().slice(0, 8)}@fleetco.com` });
    await submit(s, gone);
    await submit(s, busy);
    const receipt = async (email: string) => {
      const lead = await db.kysely.selectFrom("leads").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      return db.kysely.selectFrom("outbox").selectAll().where("lead_id", "=", lead.id).where("template", "=", "lead-receipt").executeTakeFirstOrThrow();
    };
    await until(async () => (await receipt(gone.email)).state === "failed" && Number((await receipt(busy.email)).attempts) >= 3);
    const failed = await receipt(gone.email);
    expect(Number(failed.attempts)).toBe(1);
    expect(failed.last_error).toContain("550");
    expect(failed.last_error).toContain("no such user");
    const waiting = await receipt(busy.email);
    expect(["pending", "sending"]).toContain(waiting.state);
    expect(waiting.last_error).toContain("451");

    const shown = (await listDeliveries(db, outboxMessages, "failed")).rows;
    expect(shown.map((d) => d.id)).toEqual([Number(failed.id)]);
    expect(shown[0]?.lastError).toContain("550 5.1.1 no such user");

    busyRefused = false;
    await until(async () => (await receipt(busy.email)).state === "sent");
    expect((await receipt(gone.email)).state).toBe("failed");
    expect(Number((await receipt(gone.email)).attempts)).toBe(1);
    const to = sink.received.flatMap((m) => m.envelopeTo);
    expect(to.filter((a) => a === "sales@fillway.example")).toHaveLength(2);
    expect(to).toContain(busy.email);
    expect(to).not.toContain(gone.email);
  });
});

describe("SMTP errors", () => {
  it("are permanent for a reply in the 500s only", () => {
    expect(isPermanentSmtpError(Object.assign(new Error("x"), { responseCode: 550 }))).toBe(true);
    expect(isPermanentSmtpError(Object.assign(new Error("x"), { responseCode: 554 }))).toBe(true);
    expect(isPermanentSmtpError(Object.assign(new Error("x"), { responseCode: 451 }))).toBe(false);
    expect(isPermanentSmtpError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" }))).toBe(false);
    expect(isPermanentSmtpError(undefined)).toBe(false);
  });

  it("are logged without the addresses a server quotes", () => {
    expect(withoutAddresses("Can't send mail - all recipients were rejected: 550 5.1.1 <dana.reyes@fleetco.com>: no such user")).toBe(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: no such user",
    );
    expect(withoutAddresses("answered 503")).toBe("answered 503");
  });
});

describe("channels", () => {
  it("delivers e-mail while the CRM webhook hangs", async () => {
    // A receiver that takes every request and never answers.
    const hanging: IncomingMessage[] = [];
    let ended = 0;
    const http = createServer((req) => {
      hanging.push(req);
      req.resume();
      req.socket.once("close", () => ended++);
    });
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    const sink = await startSmtpSink({ parse: false });
    running.push({ sink });
    const port = (http.address() as { port: number }).port;
    const s = services({ SMTP_URL: sink.url, LEAD_WEBHOOK_URL: `http://127.0.0.1:${port}/crm`, LEAD_WEBHOOK_SECRET: SECRET });
    try {
      await submit(s, personal());
      await until(async () => hanging.length === 1);
      // The first lead's webhook hangs; the e-mails of the leads after it must not wait for it.
      for (let i = 0; i < 10; i++) await submit(s, personal());
      await sink.waitFor(22);
      await until(async () => {
        const mail = await db.kysely.selectFrom("outbox").select("state").where("channel", "=", "email").execute();
        return mail.length === 22 && mail.every((r) => r.state === "sent");
      });
      // All delivered and recorded while every webhook request is still waiting for its answer.
      expect(ended).toBe(0);
      expect(hanging.length).toBeGreaterThanOrEqual(1);
      const hooks = await db.kysely.selectFrom("outbox").select(["state", "attempts"]).where("channel", "=", "webhook").execute();
      expect(hooks).toHaveLength(11);
      expect(hooks.some((h) => h.state === "sent")).toBe(false);
      expect(new Set(sink.received.map((m) => String(m.mail.messageId))).size).toBe(22);
    } finally {
      http.closeAllConnections();
      await new Promise<void>((r) => http.close(() => r()));
    }
  });
});

describe("outbox without SMTP_URL", () => {
  it("writes each message as an .eml file in MAIL_DIR", async () => {
    const s = services({});
    await submit(s, personal());
    await until(async () => (await states()).length === 2 && (await states()).every((st) => st === "sent"));
    const files = readdirSync(s.env.MAIL_DIR).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(2);
    const subjects = await Promise.all(files.map(async (f) => (await simpleParser(readFileSync(join(s.env.MAIL_DIR, f)))).subject));
    expect(subjects.sort()).toEqual([
      expect.stringMatching(/^New lead #[0-9A-F]{8}: Contact form from Dana Reyes on "Gasoline Delivery"$/),
      "We got your request – Fillway",
    ]);
  });
});

describe("CRM webhook", () => {
  it("retries a receiver that fails twice, then delivers a signed body with the same idempotency key", async () => {
    const seen: { status: number; key: string; sig: string; body: string }[] = [];
    const http = createServer((req: IncomingMessage, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        const status = seen.length < 2 ? 503 : 204;
        seen.push({ status, key: String(req.headers["idempotency-key"]), sig: String(req.headers["fillway-signature"]), body });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    const sink = await startSmtpSink();
    running.push({ http, sink });
    const port = (http.address() as { port: number }).port;
    const s = services({ SMTP_URL: sink.url, LEAD_WEBHOOK_URL: `http://127.0.0.1:${port}/crm`, LEAD_WEBHOOK_SECRET: SECRET });
    const body = {
      ...personal(),
      attribution: {
        landingPage: "/getafleet?x=1",
        referrerHost: "News.Example.com",
        utm_source: "newsletter",
        utm_campaign: "spring\r\nX-Evil: 1",
        utm_term: 5,
      },
    };
    await submit(s, body);
    await until(async () => (await db.kysely.selectFrom("outbox").select("state").where("channel", "=", "webhook").executeTakeFirst())?.state === "sent");
    const stored = await db.kysely.selectFrom("leads").selectAll().where("email", "=", body.email).executeTakeFirstOrThrow();
    expect([stored.landing_page, stored.referrer_host, stored.utm_source, stored.utm_campaign, stored.utm_term]).toEqual([
      "/getafleet",
      "news.example.com",
      "newsletter",
      null,
      null,
    ]);
    await sink.waitFor(2);
    const salesMail = sink.received.find((m) => m.envelopeTo.includes("sales@fillway.example"));
    expect(salesMail?.mail.text).toContain("Landing page: /getafleet");
    expect(salesMail?.mail.text).toContain("Campaign source (utm_source): newsletter");
    expect(seen.map((x) => x.status)).toEqual([503, 503, 204]);
    expect(new Set(seen.map((x) => x.key)).size).toBe(1);
    const row = await db.kysely.selectFrom("outbox").selectAll().where("channel", "=", "webhook").executeTakeFirstOrThrow();
    expect(seen[0]?.key).toBe(row.idempotency_key);
    expect(Number(row.attempts)).toBe(3);
    const last = seen[2]!;
    expect(verifySignature(SECRET, last.body, last.sig)).toBe(true);
    expect(verifySignature("another-secret-0123456789", last.body, last.sig)).toBe(false);
    expect(verifySignature(SECRET, last.body.replace("Dana", "Dina"), last.sig)).toBe(false);
    const json = JSON.parse(last.body);
    expect(json.version).toBe(1);
    expect(json.event).toBe("lead.created");
    expect(json.idempotencyKey).toBe(row.idempotency_key);
    expect(json.lead).toMatchObject({ kind: "lead-personal", form: "Contact form", type: 9, typeLabel: "Gasoline (9)", email: body.email, page: "/gasoline" });
    expect(json.lead.fields.firstName).toBe("Dana");
    expect(json.lead.fields.attribution).toBeUndefined();
    expect(json.attribution).toEqual({ landingPage: "/getafleet", referrerHost: "news.example.com", utm_source: "newsletter" });
  });
});

describe("retries", () => {
  it("backs off exponentially with jitter, capped at an hour", () => {
    expect(retryDelayMs(1, 30_000, () => 0)).toBe(15_000);
    expect(retryDelayMs(1, 30_000, () => 1)).toBe(30_000);
    expect(retryDelayMs(3, 30_000, () => 1)).toBe(120_000);
    expect(retryDelayMs(30, 30_000, () => 1)).toBe(3_600_000);
  });

  it("marks a message failed after its give-up time, and the desk's retry sends it", async () => {
    const port = await freePort();
    const sink = await startSmtpSink({ port, down: true });
    running.push({ sink });
    const s = services({ SMTP_URL: sink.url, OUTBOX_GIVE_UP_HOURS: "0.00003" }); // about 0.1 s
    await submit(s, personal());
    await until(async () => (await states()).every((st) => st === "failed"));
    const rows = await db.kysely.selectFrom("outbox").selectAll().execute();
    expect(rows.every((r) => r.last_error)).toBe(true);
    await sink.up();
    for (const r of rows) expect(await retryNow(db, Number(r.id), { retryBaseMs: 50, giveUpMs: 60_000 })).toBe(true);
    s.outbox.nudge();
    await sink.waitFor(2);
    await until(async () => (await states()).every((st) => st === "sent"));
    expect(new Set(sink.received.map((m) => m.mail.messageId))).toEqual(new Set(rows.map((r) => r.message_id)));
  });
});
