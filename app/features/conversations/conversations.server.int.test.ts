import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLead } from "~/features/leads/desk/query.server";
import { submissionReference } from "~/shared/forms/success";
import { storeLead } from "~/features/leads/store.server";
import type { StaffUser } from "~/features/staff/auth.server";
import { outboxMessages } from "~/server/messages.server";
import type { Db } from "~/platform/db/db.server";
import { type Env, loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { type Outbox, startOutbox } from "~/platform/outbox/worker.server";
import type { Services } from "~/platform/services.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { type Received, type SmtpSink, startSmtpSink } from "../../../tests/helpers/test-smtp";
import { composeFor, sendLeadMail } from "./compose.server";
import { addressFailure, markAddressFailing } from "./failures.server";
import { messagesOf } from "./store.server";
import { saveTemplate, templateSchema } from "./templates.server";

/**
 * Writing to a lead from the desk, through the real outbox to a real SMTP sink: the
 * salesperson's name on MAIL_FROM's address, a Reply-To that finds the lead, a Message-ID
 * on the site's domain, the thread's In-Reply-To and References, a plain-text and a
 * sanitised HTML part; templates filled from the lead and a send refused while a field is
 * left; a refused address marked as failing.
 */

let db: Db;
let sink: SmtpSink;
let outbox: Outbox;
let services: Services & { outbox: Outbox };
let me: StaffUser;
const REFUSED = `refused-${randomUUID().slice(0, 6)}@example.com`;

const envWith = (extra: Record<string, string>): Env =>
  ({
    ...loadEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SMTP_URL: sink.url,
      SITE_URL: "https://www.fillway.example",
      MAIL_FROM: "Fillway <no-reply@mail.fillway.example>",
      ...extra,
    }),
    IP_HASH_SALT: "conversations-salt-0123456789",
  }) as Env;

function start(env: Env) {
  const log = createLogger("silent");
  outbox = startOutbox({ db, env, log, messages: outboxMessages, pollMs: 50 });
  services = { env, db, log, outbox };
}

beforeAll(async () => {
  db = await openTestDb();
  sink = await startSmtpSink({ rejectRcpt: (a) => (a === REFUSED ? { code: 550, message: "5.1.1 no such user here" } : undefined) });
  start(envWith({ MAIL_REPLY_TO: "Sales@Fillway.example" }));
  const email = `sal-${randomUUID().slice(0, 6)}@fillway.example`;
  const row = await db.kysely
    .insertInto("staff")
    .values({ email, name: "Sal Rivera", role: "sales", password_hash: null, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  me = { id: Number(row.id), email, name: "Sal Rivera", role: "sales", timeZone: null };
}, 60_000);

afterAll(async () => {
  await outbox.stop();
  await sink.close();
  await db.close();
});

async function newLead(
  email = `dana-${randomUUID().slice(0, 8)}@example.com`,
  payload: Record<string, unknown> = { firstName: "Dana", lastName: "Lopez", phone: "2145550142" },
) {
  const { id } = await storeLead(db, { kind: "lead-personal", type: 1, email, payload, submissionId: randomUUID() });
  const lead = await getLead(db, id);
  if (!lead) throw new Error("no lead");
  return lead;
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  f.set("intent", "mail");
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
/** A refusal's data, or where a send redirected to (`sent`). */
type Answer = { data: { mailErrors: string[] | null; mail: Record<string, string> | null }; init: { status?: number } | null; sent?: string | null };
const send = async (lead: Awaited<ReturnType<typeof newLead>>, fields: Record<string, string>): Promise<Answer> => {
  try {
    return (await sendLeadMail(
      services,
      me,
      lead,
      form({ template: "", ...fields }),
      `https://www.fillway.example/desk/leads/${lead.id}?q=x&template=3`,
    )) as unknown as Answer;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { data: { mailErrors: null, mail: null }, init: { status: thrown.status }, sent: thrown.headers.get("Location") };
  }
};

/** The message the sink received for a Message-ID. */
async function receivedFor(messageId: string): Promise<Received> {
  for (let i = 0; i < 200; i++) {
    const hit = sink.received.find((r) => r.mail.messageId === messageId);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${messageId} never arrived`);
}

async function stored(leadId: number) {
  return db.kysely.selectFrom("lead_messages").selectAll().where("lead_id", "=", leadId).orderBy("id").execute();
}

describe("an e-mail from a lead's page", () => {
  it("goes from the salesperson on MAIL_FROM's address, with the lead's Reply-To, a Message-ID, both parts, and shows in the timeline", async () => {
    const lead = await newLead();
    const answer = await send(lead, {
      subject: "Your diesel delivery",
      body: "Hello Dana,\n\nWe can fill **three trucks** on Monday. <script>alert(1)</script>\n\n[Prices](/pricing)",
    });
    // Sent: back to the page, its filter kept, the template's values gone, saying so.
    expect(answer.init?.status).toBe(302);
    expect(answer.sent).toBe(`/desk/leads/${lead.id}?q=x&mailed=1`);
    const [row] = await stored(lead.id);
    expect(row).toMatchObject({ direction: "out", to_address: lead.email, subject: "Your diesel delivery", in_reply_to: null, refs: null });
    // PostgreSQL answers a bigint as text.
    expect(Number(row?.staff_id)).toBe(me.id);
    expect(row?.message_id).toMatch(new RegExp(`^<lead-${lead.id}\\.[0-9a-f]{16}@mail\\.fillway\\.example>$`));
    // In the timeline at once, queued; then sent.
    const shown = await messagesOf(db, [lead.id]);
    expect(shown).toHaveLength(1);
    expect(["queued", "sending", "sent"]).toContain(shown[0]?.state);

    const got = await receivedFor((row?.message_id ?? "").trim());
    expect(got.envelopeTo).toEqual([lead.email]);
    expect(got.envelopeFrom).toBe("no-reply@mail.fillway.example");
    expect(got.mail.from?.value).toEqual([{ name: "Sal Rivera", address: "no-reply@mail.fillway.example" }]);
    expect(got.mail.replyTo?.value).toEqual([{ name: "Sal Rivera", address: `sales+lead-${lead.id}@fillway.example` }]);
    expect(got.mail.subject).toBe("Your diesel delivery");
    expect(got.mail.text).toContain("We can fill **three trucks** on Monday.");
    expect(got.mail.html).toContain("<strong>three trucks</strong>");
    expect(got.mail.html).not.toContain("<script>");
    expect(got.mail.html).toContain('href="https://www.fillway.example/pricing"');
    expect(got.mail.inReplyTo).toBeUndefined();
    expect(got.mail.references).toBeUndefined();
    await expect.poll(async () => (await messagesOf(db, [lead.id]))[0]?.state).toBe("sent");
  });

  it("answers the thread: In-Reply-To the previous message, References the whole thread, an answer received included", async () => {
    const lead = await newLead();
    await send(lead, { subject: "Fuel for your fleet", body: "First." });
    const [first] = await stored(lead.id);
    const compose = await composeFor(services, me, lead, new URLSearchParams());
    expect(compose.draft.subject).toBe("Re: Fuel for your fleet");
    await send(lead, { subject: "Re: Fuel for your fleet", body: "Second." });
    // The visitor's answer, as the mailbox reader stores it: its References carry the thread.
    const inbound = `<${randomUUID()}@mail.example.com>`;
    const before = await stored(lead.id);
    await db.kysely
      .insertInto("lead_messages")
      .values({
        lead_id: lead.id,
        direction: "in",
        message_id: inbound,
        in_reply_to: before[1]?.message_id ?? null,
        refs: before.map((r) => r.message_id).join(" "),
        from_address: lead.email,
        from_name: "Dana Lopez",
        to_address: `sales+lead-${lead.id}@fillway.example`,
        subject: "Re: Fuel for your fleet",
        body_text: "Monday works.",
        body_html: null,
        staff_id: null,
        outbox_id: null,
        attachments: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await send(lead, { subject: "Re: Fuel for your fleet", body: "Third." });
    const rows = await stored(lead.id);
    expect(rows.map((r) => r.direction)).toEqual(["out", "out", "in", "out"]);
    const [, second, , third] = rows;
    const ids = rows.map((r) => r.message_id);
    const gotSecond = await receivedFor(second?.message_id ?? "");
    expect(gotSecond.mail.inReplyTo).toBe(first?.message_id);
    expect(gotSecond.mail.references).toBe(first?.message_id);
    const gotThird = await receivedFor(third?.message_id ?? "");
    expect(gotThird.mail.inReplyTo).toBe(inbound);
    expect(gotThird.mail.references).toEqual([ids[0], ids[1], inbound]);
    expect((await messagesOf(db, [lead.id])).map((m) => m.state)).toContain("received");
  });

  it("refuses an empty subject, a text too long, an unknown template and an address no mail can reach with 422, giving back what was typed; stores nothing", async () => {
    const lead = await newLead();
    const answer = await send(lead, { subject: "  ", body: "Kept words" });
    expect(answer.init?.status).toBe(422);
    expect(answer.data.mailErrors).toEqual(["Give the e-mail a subject"]);
    expect(answer.data.mail).toMatchObject({ subject: "  ", body: "Kept words" });
    const long = await send(lead, { subject: "Hi", body: "x".repeat(20_001), template: "abc" });
    expect(long.init?.status).toBe(422);
    expect(long.data.mailErrors).toEqual(["The text is at most 20,000 characters", "This is not one of the templates"]);
    // An address no e-mail can go to (the API kept one with a space).
    await db.kysely.updateTable("leads").set({ email: "dana lopez@example.com" }).where("id", "=", lead.id).execute();
    const odd = await getLead(db, lead.id);
    if (!odd) throw new Error("no lead");
    const refused = await send(odd, { subject: "Hi", body: "Hello" });
    expect(refused.init?.status).toBe(422);
    expect(refused.data.mailErrors).toEqual(["This lead's address, dana lopez@example.com, is not one an e-mail can be sent to."]);
    expect(await stored(lead.id)).toEqual([]);
  });
});

describe("templates", () => {
  it("fills the fields the lead has, names the one it lacks, and the send is refused while its marker is left", async () => {
    const saved = await saveTemplate(
      db,
      null,
      templateSchema.parse({
        name: `First contact ${randomUUID().slice(0, 6)}`,
        subject: "Fuel for {business} ({Reference})",
        body: "Hello { first name },\n\nI look after {business}'s enquiry. {owner name} will call.\n\n{my name}",
      }),
      me.id,
    );
    if (!saved.ok) throw new Error(saved.error);
    const lead = await newLead();
    await db.kysely.updateTable("leads").set({ assignee_id: me.id }).where("id", "=", lead.id).execute();
    const withOwner = await getLead(db, lead.id);
    if (!withOwner) throw new Error("no lead");
    const compose = await composeFor(services, me, withOwner, new URLSearchParams({ template: String(saved.id) }));
    const reference = `#${submissionReference(withOwner.submissionId ?? "")}`;
    expect(compose.draft).toEqual({
      template: String(saved.id),
      subject: `Fuel for {business} (${reference})`,
      body: "Hello Dana,\n\nI look after {business}'s enquiry. Sal Rivera will call.\n\nSal Rivera",
      missing: ["business"],
      notFound: false,
    });
    const refused = await send(withOwner, { template: String(saved.id), subject: compose.draft.subject, body: compose.draft.body });
    expect(refused.init?.status).toBe(422);
    expect(refused.data.mailErrors).toEqual(["Not sent: {business} is still in the e-mail. Write it out or remove it."]);
    expect(refused.data.mail).toEqual({ template: String(saved.id), subject: compose.draft.subject, body: compose.draft.body });
    expect(await stored(lead.id)).toEqual([]);

    const edited = await send(withOwner, {
      template: String(saved.id),
      subject: compose.draft.subject.replace("{business}", "your trucks"),
      body: compose.draft.body.replace("{business}", "your"),
    });
    expect(edited.sent).toContain("mailed=1");
    const [row] = await stored(lead.id);
    expect(row?.subject).toBe(`Fuel for your trucks (${reference})`);
    expect((await receivedFor(row?.message_id ?? "")).mail.text).toContain("Hello Dana,");
    const audited = await db.kysely
      .selectFrom("audit_log")
      .select(["action", "subject", "detail"])
      .where("action", "=", "lead.mail")
      .where("subject", "=", String(lead.id))
      .execute();
    expect(audited).toHaveLength(1);
    expect(JSON.parse(audited[0]?.detail ?? "{}")).toMatchObject({ template: saved.id });
  });

  it("refuses a template naming a field that does not exist, and a name taken already", async () => {
    const bad = templateSchema.safeParse({ name: "Bad", subject: "Hi {firstname}", body: "x" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain("{firstname}");
    const name = `Twice ${randomUUID().slice(0, 6)}`;
    expect((await saveTemplate(db, null, { name, subject: "s", body: "b" }, me.id)).ok).toBe(true);
    expect(await saveTemplate(db, null, { name: name.toUpperCase(), subject: "s", body: "b" }, me.id)).toMatchObject({ ok: false, status: 409 });
  });
});

describe("a refused address", () => {
  it("is marked failing on the lead and its contact when the server refuses it (5xx), and the form says so", async () => {
    const lead = await newLead(REFUSED);
    await send(lead, { subject: "Hello", body: "Are you there?" });
    await expect.poll(async () => (await messagesOf(db, [lead.id]))[0]?.state, { timeout: 10_000 }).toBe("failed");
    await expect.poll(async () => addressFailure(db, REFUSED.toUpperCase())).not.toBeNull();
    const failure = await addressFailure(db, REFUSED);
    expect(failure?.reason).toContain("550");
    const compose = await composeFor(services, me, lead, new URLSearchParams());
    expect(compose.failure).toMatchObject({ address: REFUSED });
    const shown = await messagesOf(db, [lead.id]);
    expect(shown[0]?.error).toContain("no such user");
  });

  it("markAddressFailing records a bounce reported later (a delivery status notification), the latest reason kept", async () => {
    const address = `bounced-${randomUUID().slice(0, 6)}@example.com`;
    await markAddressFailing(db, address, "550 mailbox full", new Date("2026-01-02T10:00:00Z"));
    await markAddressFailing(db, address.toUpperCase(), "552 5.2.2 over quota\r\nX-Injected: 1", new Date("2026-01-03T10:00:00Z"));
    expect(await addressFailure(db, address)).toEqual({ address, reason: "552 5.2.2 over quota X-Injected: 1", at: "2026-01-03T10:00:00.000Z" });
  });
});

describe("without MAIL_REPLY_TO", () => {
  beforeAll(async () => {
    await outbox.stop();
    start(envWith({}));
  });

  it("Reply-To is the salesperson's own address, and the form says answers will not come back into the desk", async () => {
    const lead = await newLead();
    const compose = await composeFor(services, me, lead, new URLSearchParams());
    expect(compose).toMatchObject({ repliesToDesk: false, replyTo: me.email });
    await send(lead, { subject: "Plain", body: "Plain text\nsecond line" });
    const [row] = await stored(lead.id);
    const got = await receivedFor(row?.message_id ?? "");
    expect(got.mail.replyTo?.value).toEqual([{ name: "Sal Rivera", address: me.email }]);
    expect(got.mail.text).toContain("Plain text\nsecond line");
  });
});
