import { randomUUID } from "node:crypto";
import { outboxMessages } from "~/server/messages.server";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSpec } from "~/features/leads/forms/kinds/newsletter";
import { formForBody } from "~/features/leads/forms/registry";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../../tests/helpers/test-db";
import { type Env, loadEnv } from "~/platform/env.server";
import { acceptSubmission } from "../accept.server";
import { verifySignature } from "~/platform/outbox/webhook.server";
import { type Outbox, startOutbox } from "~/platform/outbox/worker.server";
import type { Services } from "~/platform/services.server";
import { markAddressFailing } from "~/features/conversations/failures.server";
import { audit } from "~/features/staff/audit.server";
import { deleteByEmail, findByEmail } from "./privacy.server";

/**
 * A privacy deletion against a real database, a mail folder the outbox really wrote and a
 * real HTTP receiver as the CRM: afterwards the address is in no text column of any table
 * (listed from the database's own catalogue, so a table added later is searched too), in
 * no file of the mail folder and in no log line; the CRM receives a signed lead.deleted
 * event with the leads' ids; another person's data stays.
 */

const SECRET = "privacy-webhook-secret-0123456789";
let db: Db;
let env: Env;
let mailDir: string;
let crm: Server;
const received: { body: string; signature: string }[] = [];
const logLines: string[] = [];
const log = pino({ level: "debug" }, { write: (line: string) => void logLines.push(line) });
const running: Outbox[] = [];

beforeAll(async () => {
  db = await openTestDb();
  mailDir = mkdtempSync(join(tmpdir(), "fillway-mail-"));
  crm = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      received.push({ body, signature: String(req.headers["fillway-signature"] ?? "") });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => crm.listen(0, "127.0.0.1", resolve));
  const port = (crm.address() as { port: number }).port;
  const settings = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "debug",
    SITE_URL: "https://www.fillway.example",
    MAIL_DIR: mailDir,
    LEAD_WEBHOOK_URL: `http://127.0.0.1:${port}/crm`,
    LEAD_WEBHOOK_SECRET: SECRET,
  });
  env = { ...settings, IP_HASH_SALT: "privacy-test-salt-0123456" };
});
afterAll(async () => {
  for (const o of running) await o.stop();
  await new Promise<void>((resolve) => crm.close(() => resolve()));
  await db.kysely.deleteFrom("outbox").execute();
  await db.close();
});

function services(paused: boolean): Services & { outbox: Outbox } {
  const outbox = startOutbox({ db, env, log, messages: outboxMessages, pollMs: 50, paused });
  running.push(outbox);
  return { db, env, log, outbox };
}

async function until(check: () => Promise<boolean> | boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function lead(s: Services, email: string, message: string) {
  const body = { email, firstName: "Fay", lastName: "Forget", zipCode: "75201", phone: "2145550142", message, type: 9, submissionId: randomUUID() };
  const spec = formForBody("/web/form", body);
  if (!spec) throw new Error("no spec");
  expect((await acceptSubmission(s, spec, body, { ip: "127.0.0.1", wire: true, pagePath: "/gasoline" })).status).toBe("stored");
  return body.submissionId;
}

/** Every text column of every table, from the database's catalogue. */
async function textColumns(): Promise<{ table: string; column: string }[]> {
  if (db.dialect === "postgres") {
    const { rows } = await sql<{ table: string; column: string }>`
      SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
      WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'json', 'jsonb')`.execute(db.kysely);
    return rows;
  }
  const { rows: tables } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db.kysely);
  const out: { table: string; column: string }[] = [];
  for (const t of tables) {
    const { rows: cols } = await sql<{ name: string; type: string }>`SELECT name, type FROM pragma_table_info(${t.name})`.execute(db.kysely);
    // SQLite stores text in any column without a declared type too.
    for (const c of cols) if (!/INT|REAL|FLOA|DOUB|BLOB/i.test(c.type)) out.push({ table: t.name, column: c.name });
  }
  return out;
}

/** Where a text (or its URL-encoded form) occurs in the database: "table.column" per hit. */
async function whereInDatabase(text: string): Promise<string[]> {
  const hits: string[] = [];
  for (const { table, column } of await textColumns()) {
    const col = sql.ref(`${table}.${column}`);
    const { rows } = await sql<{ n: number | string }>`
      SELECT count(*) AS n FROM ${sql.table(table)}
      WHERE lower(CAST(${col} AS text)) LIKE ${`%${text.toLowerCase()}%`} OR lower(CAST(${col} AS text)) LIKE ${`%${encodeURIComponent(text).toLowerCase()}%`}`.execute(
      db.kysely,
    );
    if (Number(rows[0]?.n) > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}

/** The mail folder's files that name a text, in their raw or their quoted-printable-decoded form. */
function whereInMailDir(text: string): string[] {
  if (!existsSync(mailDir)) return [];
  return readdirSync(mailDir).filter((f) => {
    const raw = readFileSync(join(mailDir, f), "utf8");
    const decoded = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return `${raw}\n${decoded}`.toLowerCase().includes(text.toLowerCase());
  });
}

describe("privacy deletion", () => {
  it("leaves the address nowhere: no table, no mail file, no log line; tells the CRM by lead id; keeps others' data", async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `fay.forget-${tag}@privacy.test`;
    const other = `keep-${tag}@privacy.test`;

    // Delivered: two leads (sales e-mail, receipt, CRM webhook), a sign-up's confirmation, another person's lead.
    const live = services(false);
    await lead(live, email, "Please call me about the diesel tank");
    await lead(live, email.toUpperCase(), "Second request");
    expect(
      (await acceptSubmission(live, newsletterSpec, { email, type: 4, submissionId: randomUUID() }, { ip: "127.0.0.1", wire: true, pagePath: "/" })).status,
    ).toBe("stored");
    await lead(live, other, "Keep me");
    await until(async () => (await db.kysely.selectFrom("outbox").select("state").execute()).every((r) => r.state === "sent"));
    await live.outbox.stop();
    const delivered = received.length;
    expect(delivered).toBe(3);
    expect(whereInMailDir(email).length).toBe(5);

    // Not delivered: a lead whose messages wait, one that failed with the address in its error.
    const paused = services(true);
    const waiting = await lead(paused, email, "Third request");
    const failedId = await db.kysely
      .selectFrom("outbox")
      .innerJoin("leads", "leads.id", "outbox.lead_id")
      .select("outbox.id")
      .where("leads.submission_id", "=", waiting)
      .where("outbox.template", "=", "lead-sales")
      .executeTakeFirstOrThrow();
    await db.kysely
      .updateTable("outbox")
      .set({ state: "failed", last_error: `550 5.1.1 <${email}>: Recipient address rejected` })
      .where("id", "=", failedId.id)
      .execute();

    // A comment, an export whose filter held the address, and another export that stays as it is.
    const at = new Date().toISOString();
    const post = { id: `p-${tag}`, title: "T", sub_title: "", description_html: "", body_text: "", created_on: at, is_published: 1, is_article: 0 };
    await db.kysely
      .insertInto("posts")
      .values({
        ...post,
        updated_at: at,
        image_thumbnail: null,
        image_original: null,
        article_url: null,
        video_url: null,
        published_by: null,
        source_file: null,
        source_hash: null,
      })
      .execute();
    await db.kysely
      .insertInto("comments")
      .values({
        id: `c-${tag}`,
        post_id: post.id,
        parent_id: null,
        comment_by: "Fay",
        email,
        company_name: "",
        text: "Nice",
        created_on: at,
        submission_id: null,
        ip_hash: null,
      })
      .execute();
    await audit(db, { staffId: null, action: "leads.export", subject: `?q=${encodeURIComponent(email)}`, detail: { filters: { q: email } } });
    await audit(db, { staffId: null, action: "leads.export", subject: `?q=${encodeURIComponent(other)}`, detail: { filters: { q: other } } });

    // A conversation: an e-mail written to the person from the desk, their answer and the
    // address's bounce mark; the other person's conversation, and a template, which stay.
    const leadOf = async (address: string) =>
      Number(
        (
          await db.kysely
            .selectFrom("leads")
            .select("id")
            .where("email_norm", "=", address)
            .where("kind", "<>", "newsletter")
            .orderBy("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    const message = (leadId: number, direction: "out" | "in", from: string, to: string) => ({
      lead_id: leadId,
      direction,
      message_id: `<${randomUUID()}@fillway.example>`,
      in_reply_to: null,
      refs: null,
      from_address: from,
      from_name: direction === "out" ? "Sal Rivera" : "Fay",
      to_address: to,
      subject: "About the diesel tank",
      body_text: `Dear Fay, we can deliver to ${to}.`,
      body_html: null,
      staff_id: null,
      outbox_id: null,
      attachments: null,
      created_at: at,
    });
    await db.kysely
      .insertInto("lead_messages")
      .values([
        message(await leadOf(email), "out", "sal@fillway.example", email),
        message(await leadOf(email), "in", email, "sales+lead-1@fillway.example"),
        message(await leadOf(other), "out", "sal@fillway.example", other),
      ])
      .execute();
    // A reply from the address no lead was found for (the reader's unmatched list).
    await db.kysely
      .insertInto("unmatched_messages")
      .values({
        message_id: `<${randomUUID()}@mail.example>`,
        in_reply_to: null,
        refs: null,
        from_address: email,
        from_name: "Fay",
        to_address: "sales@fillway.example",
        subject: "Hello again",
        body_text: "Is the offer still open?",
        body_html: null,
        attachments: null,
        created_at: at,
        assigned_lead_id: null,
        assigned_at: null,
        assigned_by: null,
      })
      .execute();
    await markAddressFailing(db, email, `550 5.1.1 <${email}>: Recipient address rejected`);
    await db.kysely
      .insertInto("mail_templates")
      .values({ name: `First contact ${tag}`, subject: "Fuel for {business}", body: "Hello {first name}", updated_by: null, created_at: at, updated_at: at })
      .execute();

    expect((await whereInDatabase(email)).sort()).toEqual(
      expect.arrayContaining([
        "audit_log.detail",
        "audit_log.subject",
        "leads.email",
        "outbox.recipient",
        "lead_messages.to_address",
        "mail_address_failures.address",
        "unmatched_messages.from_address",
      ]),
    );
    const found = await findByEmail(paused, email);
    // Three leads: the third is past the day's three receipts and confirmations, so it has none.
    expect(found).toEqual({ leads: 3, subscriptions: 1, comments: 1, outbox: 9, mailFiles: 5, audit: 1, insight: 0, conversations: 3 });

    const removed = await deleteByEmail(paused, email);
    expect(removed).toMatchObject(found);
    // Delivered from here on: the deletion's webhook, and nothing of the deleted leads.
    const done = services(false);

    // The CRM hears which leads went, by id and reference, signed like every webhook.
    await until(() => received.length > delivered);
    expect(received).toHaveLength(delivered + 1);
    const event = received[delivered];
    expect(verifySignature(SECRET, event?.body ?? "", event?.signature ?? "")).toBe(true);
    const body = JSON.parse(event?.body ?? "{}");
    expect(body.version).toBe(1);
    expect(body.event).toBe("lead.deleted");
    expect(body.leads).toHaveLength(3);
    expect(body.leads.map((l: { reference: string }) => l.reference)).toContain(waiting.slice(0, 8).toUpperCase());
    await until(async () =>
      (await db.kysely.selectFrom("outbox").select("state").where("template", "=", "lead-deleted").execute()).every((r) => r.state === "sent"),
    );
    await done.outbox.stop();

    expect(await whereInDatabase(email)).toEqual([]);
    expect(await whereInDatabase(`fay.forget-${tag}`)).toEqual([]);
    expect(whereInMailDir(email)).toEqual([]);
    expect(whereInMailDir("Please call me about the diesel tank")).toEqual([]);
    expect(logLines.filter((l) => l.toLowerCase().includes(email.toLowerCase()))).toEqual([]);
    expect(received.slice(delivered).some((r) => r.body.toLowerCase().includes(email.toLowerCase()))).toBe(false);

    // Sent messages stay counted, without their recipient; the other person keeps everything.
    const sent = await db.kysely
      .selectFrom("outbox")
      .select(["recipient", "lead_id"])
      .where("template", "=", "lead-receipt")
      .where("state", "=", "sent")
      .execute();
    expect(sent.filter((r) => r.recipient === null && r.lead_id === null)).toHaveLength(2);
    expect(await whereInDatabase(other)).toEqual(expect.arrayContaining(["audit_log.detail", "audit_log.subject", "leads.email", "outbox.recipient"]));
    expect(whereInMailDir(other)).toHaveLength(2);
    expect(await findByEmail(done, email)).toEqual({
      leads: 0,
      subscriptions: 0,
      comments: 0,
      outbox: 0,
      mailFiles: 0,
      audit: 0,
      insight: 0,
      conversations: 0,
    });
    // The other person's conversation and the templates stay.
    expect(
      await db.kysely
        .selectFrom("lead_messages")
        .select("to_address")
        .where("lead_id", "=", await leadOf(other))
        .execute(),
    ).toEqual([{ to_address: other }]);
    expect(await db.kysely.selectFrom("mail_templates").select("name").where("name", "=", `First contact ${tag}`).execute()).toHaveLength(1);
  });
});
