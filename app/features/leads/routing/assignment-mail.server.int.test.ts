import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "~/server/messages.server";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { type Outbox, startOutbox } from "~/platform/outbox/worker.server";
import type { Services } from "~/platform/services.server";
import { openTestDb } from "../../../../tests/helpers/test-db";
import { type Received, type SmtpSink, startSmtpSink } from "../../../../tests/helpers/test-smtp";
import { changeLeads } from "../desk/query.server";
import { submissionReference } from "~/shared/forms/success";
import { storeLead } from "../store.server";
import { ownersOf, tellNewOwner, tellOwnerOfMany } from "./work.server";

/**
 * Assignment e-mails through the real outbox to a real SMTP sink: a change is one e-mail
 * per person listing its leads (name, phone, e-mail, the start of the message, the
 * reference), a person is sent at most ASSIGNMENT_MAIL_PER_HOUR of them within an hour,
 * and the leads given past that arrive in one digest when the hour is up; no lead is left
 * out. Five bulk assignments of 200 leads used to be a thousand e-mails.
 */

let db: Db;
let sink: SmtpSink;
let outbox: Outbox;
let services: Services & { outbox: Outbox };
const staff: Record<string, { id: number; email: string }> = {};

beforeAll(async () => {
  db = await openTestDb();
  sink = await startSmtpSink();
  const env = {
    ...loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SMTP_URL: sink.url, SITE_URL: "https://www.fillway.example" }),
    IP_HASH_SALT: "assignment-mail-salt-0123456",
  };
  const log = createLogger("silent");
  outbox = startOutbox({ db, env, log, messages: outboxMessages, pollMs: 50 });
  services = { env, db, log, outbox };
  const now = new Date().toISOString();
  for (const name of ["sal", "cole", "dee", "eve"]) {
    const email = `${name}-${randomUUID().slice(0, 6)}@fillway.example`;
    const row = await db.kysely
      .insertInto("staff")
      .values({ email, name: name === "sal" ? "Sal Rivera" : null, role: "sales", password_hash: null, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    staff[name] = { id: Number(row.id), email };
  }
}, 60_000);

afterAll(async () => {
  await outbox.stop();
  await sink.close();
  await db.close();
});

interface Made {
  id: number;
  reference: string;
  name: string;
  phone: string;
  email: string;
  firstLine: string;
}

/** `n` leads from the contact form, each with a name, a phone number, an address and a message of several lines. */
async function leads(n: number): Promise<Made[]> {
  const made: Made[] = [];
  for (let i = 0; i < n; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, async (_, j) => {
        const k = i + j;
        const tag = randomUUID().slice(0, 8);
        const submissionId = randomUUID();
        const lead = {
          name: `Dana${tag} Lopez`,
          phone: `214555${String(k).padStart(4, "0")}`,
          email: `dana-${tag}@example.com`,
          firstLine: `Fleet of ${k} trucks, call after ${tag}`,
        };
        const stored = await storeLead(db, {
          kind: "lead-personal",
          type: 9,
          email: lead.email,
          payload: {
            firstName: `Dana${tag}`,
            lastName: "Lopez",
            email: lead.email,
            phone: lead.phone,
            zipCode: "75201",
            message: `${lead.firstLine}\nSecond line\nThird line\nA fourth line the e-mail leaves out`,
          },
          submissionId,
        });
        return { id: stored.id, reference: `#${submissionReference(submissionId)}`, ...lead };
      }),
    );
    made.push(...batch);
  }
  return made;
}

/** Gives `ids` to `to` in one bulk change by `by`, as the inbox's action does: change, then tell. */
async function bulkAssign(ids: number[], to: { id: number }, by: { id: number }, on: typeof services = services) {
  const before = await ownersOf(db, ids);
  await changeLeads(db, ids, { assigneeId: to.id }, by.id);
  await tellNewOwner(on, before, to.id, by.id);
}

const to = (address: string) => (r: Received) => r.envelopeTo.includes(address);
/** The leads an e-mail lists, by the desk links it carries. */
const listed = (r: Received) => [...(r.mail.text ?? "").matchAll(/\/desk\/leads\/(\d+)/g)].map((m) => Number(m[1]));

/** Waits until the outbox has nothing left to send now (every row sent or waiting for a later time). */
async function settled() {
  for (;;) {
    const busy = await db.kysely
      .selectFrom("outbox")
      .select("id")
      .where("state", "in", ["pending", "sending"])
      .where("next_attempt_at", "<=", new Date().toISOString())
      .execute();
    if (!busy.length) return;
    outbox.nudge();
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("assignment e-mails between colleagues", () => {
  it("five bulk assignments of 200 leads are five e-mails, each listing its 200 with what a call back needs", { timeout: 120_000 }, async () => {
    const all = await leads(1000);
    for (let i = 0; i < 5; i++)
      await bulkAssign(
        all.slice(i * 200, (i + 1) * 200).map((l) => l.id),
        staff.cole as { id: number },
        staff.sal as { id: number },
      );
    await settled();
    const got = sink.received.filter(to(staff.cole?.email ?? ""));
    expect(got).toHaveLength(5);
    for (const [i, mail] of got.entries()) {
      expect(mail.mail.subject).toBe("200 leads now assigned to you by Sal Rivera");
      expect(listed(mail).sort((a, b) => a - b)).toEqual(
        all
          .slice(i * 200, (i + 1) * 200)
          .map((l) => l.id)
          .sort((a, b) => a - b),
      );
    }
    // What a call back needs, for every lead: reference, name, phone, e-mail, the message's first lines.
    const text = got.map((m) => m.mail.text ?? "").join("\n");
    for (const lead of all) {
      expect(text).toContain(`${lead.reference}  ${lead.name} (`);
      expect(text).toContain(`Phone: ${lead.phone}`);
      expect(text).toContain(`E-mail: ${lead.email}`);
      expect(text).toContain(`Message: ${lead.firstLine}`);
    }
    expect(text).toContain("Third line");
    expect(text).not.toContain("A fourth line the e-mail leaves out");
    expect(got[0]?.mail.html).toContain(`href="tel:${all[0]?.phone}"`);
  });

  it("past the hourly limit the leads wait in one digest, sent when the hour is up; none is left out", { timeout: 120_000 }, async () => {
    const limited = { ...services, env: { ...services.env, ASSIGNMENT_MAIL_PER_HOUR: 3 } };
    const all = await leads(1000);
    const dee = staff.dee as { id: number; email: string };
    for (let i = 0; i < 5; i++)
      await bulkAssign(
        all.slice(i * 200, (i + 1) * 200).map((l) => l.id),
        dee,
        staff.sal as { id: number },
        limited,
      );
    // A lead given on its own page later in the hour joins the digest too.
    const [late] = await leads(1);
    if (!late) throw new Error("no lead");
    await bulkAssign([late.id], dee, staff.eve as { id: number }, limited);
    await settled();
    const now = sink.received.filter(to(dee.email));
    expect(now).toHaveLength(3);
    const rows = await db.kysely
      .selectFrom("outbox")
      .select(["template", "state", "created_at", "next_attempt_at", "payload"])
      .where("recipient", "=", dee.email)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.template, r.state])).toEqual([
      ["leads-assigned", "sent"],
      ["leads-assigned", "sent"],
      ["leads-assigned", "sent"],
      ["leads-assigned-digest", "pending"],
    ]);
    // Due when the first of the three is an hour old: then, with it, three in the hour.
    const digest = rows[3];
    expect(digest?.next_attempt_at).toBe(new Date(Date.parse(rows[0]?.created_at ?? "") + 3_600_000).toISOString());
    expect(JSON.parse(digest?.payload ?? "{}").leadIds).toHaveLength(401);

    // The hour is up.
    await db.kysely
      .updateTable("outbox")
      .set({ next_attempt_at: new Date().toISOString() })
      .where("template", "=", "leads-assigned-digest")
      .where("recipient", "=", dee.email)
      .execute();
    outbox.nudge();
    const received = (await sink.waitFor(sink.received.length + 1, 60_000)).filter(to(dee.email));
    expect(received).toHaveLength(4);
    const sum = received[3];
    expect(sum?.mail.subject).toBe("More leads assigned to you this hour: 401 leads");
    expect(sum?.mail.text).toContain(`Message: ${late.firstLine}`);
    const ids = received.flatMap(listed);
    expect(ids).toHaveLength(1001);
    expect(new Set(ids)).toEqual(new Set([...all, late].map((l) => l.id)));
  });

  it('"all N matching" is one e-mail saying how many, counted in the same hour', { timeout: 60_000 }, async () => {
    const limited = { ...services, env: { ...services.env, ASSIGNMENT_MAIL_PER_HOUR: 1 } };
    const eve = staff.eve as { id: number; email: string };
    const [one] = await leads(1);
    if (!one) throw new Error("no lead");
    await bulkAssign([one.id], eve, staff.sal as { id: number }, limited);
    await tellOwnerOfMany(limited, eve.id, 4000, staff.sal?.id as number);
    await settled();
    const got = sink.received.filter(to(eve.email));
    expect(got.map((m) => m.mail.subject)).toEqual([`Lead ${one.reference} is yours: Contact form from ${one.name}`]);
    const digest = await db.kysely
      .selectFrom("outbox")
      .select(["payload", "state"])
      .where("recipient", "=", eve.email)
      .where("template", "=", "leads-assigned-digest")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(digest.payload)).toEqual({ leadIds: [], more: 4000 });
  });
});
