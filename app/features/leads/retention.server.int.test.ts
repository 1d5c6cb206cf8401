import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privacySections } from "~/copy/legal/privacy";
import { formForBody } from "~/features/leads/forms/registry";
import { waitlistSpec } from "~/features/leads/forms/kinds/waitlist";
import { newsletterSpec } from "~/features/leads/forms/kinds/newsletter";
import type { Db } from "~/platform/db/db.server";
import { EnvError, type Env, loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { type Outbox, startOutbox } from "~/platform/outbox/worker.server";
import type { Services } from "~/platform/services.server";
import { outboxMessages } from "~/server/messages.server";
import { daysInWords, LEAD_RETENTION_DAYS_DEFAULT, WAITLIST_RETENTION_DAYS_DEFAULT } from "~/shared/retention";
import { openTestDb } from "../../../tests/helpers/test-db";
import { acceptSubmission } from "./accept.server";
import { runRetention } from "./retention.server";

/**
 * The retention job against a real database, through the real submission path and the
 * desk's privacy deletion: enquiries and waitlist entries past their period are forgotten
 * with everything about their address; a newer enquiry, a customer, a confirmed
 * subscription keep a person; the audit log records counts, never an address.
 */

const DAY = 86_400_000;
let db: Db;
let env: Env;
let outbox: Outbox;
let services: Services & { outbox: Outbox };

beforeAll(async () => {
  db = await openTestDb();
  const settings = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", MAIL_DIR: mkdtempSync(join(tmpdir(), "fillway-mail-")) });
  env = { ...settings, IP_HASH_SALT: "retention-test-salt-0123" };
  const log = createLogger("silent");
  outbox = startOutbox({ db, env, log, messages: outboxMessages, paused: true });
  services = { env, db, log, outbox };
});
afterAll(async () => {
  await outbox.stop();
  await db.close();
});

const address = (who: string) => `${who}-${randomUUID().slice(0, 8)}@retention.test`;

/** A contact form sent through the real path, then dated `daysAgo` days back. */
async function enquiry(email: string, daysAgo: number, status?: string): Promise<number> {
  const body = {
    email,
    firstName: "Ray",
    lastName: "Tension",
    zipCode: "75201",
    phone: "2145550142",
    message: "Two vans",
    type: 9,
    submissionId: randomUUID(),
  };
  const spec = formForBody("/web/form", body);
  if (!spec) throw new Error("no spec");
  expect((await acceptSubmission(services, spec, body, { ip: "127.0.0.1", wire: true, pagePath: "/gasoline" })).status).toBe("stored");
  return backdate(body.submissionId, daysAgo, status);
}

async function waitlisted(email: string, daysAgo: number): Promise<number> {
  const body = { email, zipCode: "60601", type: 1, submissionId: randomUUID() };
  expect((await acceptSubmission(services, waitlistSpec, body, { ip: "127.0.0.1", wire: true, pagePath: "/" })).status).toBe("stored");
  return backdate(body.submissionId, daysAgo);
}

async function subscribed(email: string, daysAgo: number): Promise<number> {
  const body = { email, type: 4, submissionId: randomUUID() };
  expect((await acceptSubmission(services, newsletterSpec, body, { ip: "127.0.0.1", wire: true, pagePath: "/" })).status).toBe("stored");
  return backdate(body.submissionId, daysAgo, "subscribed");
}

async function backdate(submissionId: string, daysAgo: number, status?: string): Promise<number> {
  const at = new Date(Date.now() - daysAgo * DAY).toISOString();
  await db.kysely
    .updateTable("leads")
    .set({ created_at: at, ...(status ? { status } : {}) })
    .where("submission_id", "=", submissionId)
    .execute();
  const row = await db.kysely.selectFrom("leads").select("id").where("submission_id", "=", submissionId).executeTakeFirstOrThrow();
  return Number(row.id);
}

const leadsOf = async (email: string) => (await db.kysely.selectFrom("leads").select("id").where("email", "=", email).execute()).length;
const outboxOf = async (id: number) => (await db.kysely.selectFrom("outbox").select("id").where("lead_id", "=", id).execute()).length;

describe("the retention job", () => {
  it("has the periods the privacy policy states as its defaults, and refuses a period under 30 days", () => {
    expect(env.LEAD_RETENTION_DAYS).toBe(LEAD_RETENTION_DAYS_DEFAULT);
    expect(env.WAITLIST_RETENTION_DAYS).toBe(WAITLIST_RETENTION_DAYS_DEFAULT);
    const policy = JSON.stringify(privacySections.find((s) => s.id === "retention-and-deletion"));
    expect(policy).toContain(`is kept for ${daysInWords(LEAD_RETENTION_DAYS_DEFAULT)} after you sent it`);
    expect(policy).toContain(`a waitlist sign-up for ${daysInWords(WAITLIST_RETENTION_DAYS_DEFAULT)} after you made it`);
    expect(daysInWords(730)).toBe("two years");
    expect(daysInWords(1095)).toBe("three years");
    expect(daysInWords(400)).toBe("400 days");
    expect(() => loadEnv({ LEAD_RETENTION_DAYS: "7" })).toThrow(EnvError);
    expect(() => loadEnv({ WAITLIST_RETENTION_DAYS: "forever" })).toThrow(/WAITLIST_RETENTION_DAYS/);
  });

  it("forgets an enquiry and a waitlist entry past their periods with everything about the address, keeps everyone else, and audits counts only", async () => {
    const gone = address("gone");
    const goneLead = await enquiry(gone, LEAD_RETENTION_DAYS_DEFAULT + 1);
    const goneWait = address("gone-wait");
    const goneWaitLead = await waitlisted(goneWait, WAITLIST_RETENTION_DAYS_DEFAULT + 1);
    // Kept: a waitlist entry still within its longer period, a customer, a person who wrote
    // again lately, a confirmed subscriber, a recent enquiry.
    const waiting = address("waiting");
    await waitlisted(waiting, LEAD_RETENTION_DAYS_DEFAULT + 1);
    const customer = address("customer");
    await enquiry(customer, LEAD_RETENTION_DAYS_DEFAULT + 100, "won");
    const again = address("again");
    await enquiry(again, LEAD_RETENTION_DAYS_DEFAULT + 100);
    await enquiry(again, 10);
    const reader = address("reader");
    await enquiry(reader, LEAD_RETENTION_DAYS_DEFAULT + 100);
    await subscribed(reader, LEAD_RETENTION_DAYS_DEFAULT + 100);
    const recent = address("recent");
    await enquiry(recent, 40);
    expect(await outboxOf(goneLead)).toBe(2); // the note to sales and the receipt

    const done = await runRetention(services);
    expect(done).toMatchObject({ people: 2, leads: 2, subscriptions: 0, comments: 0 });
    expect(done.outbox).toBeGreaterThanOrEqual(4);
    expect(await leadsOf(gone)).toBe(0);
    expect(await leadsOf(goneWait)).toBe(0);
    expect(await outboxOf(goneLead)).toBe(0);
    expect(await outboxOf(goneWaitLead)).toBe(0);
    const recipients = (await db.kysely.selectFrom("outbox").select("recipient").execute()).map((r) => r.recipient ?? "");
    expect(recipients.filter((r) => r.includes("gone-"))).toEqual([]);
    for (const kept of [waiting, customer, again, reader, recent]) expect(await leadsOf(kept), kept).toBeGreaterThan(0);
    expect(await leadsOf(again)).toBe(2);

    const entries = await db.kysely.selectFrom("audit_log").selectAll().where("action", "=", "privacy.retention").execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.staff_id).toBeNull();
    expect(entries[0]?.subject).toBeNull();
    expect(JSON.parse(entries[0]?.detail ?? "{}")).toMatchObject({
      people: 2,
      leads: 2,
      leadDays: LEAD_RETENTION_DAYS_DEFAULT,
      waitlistDays: WAITLIST_RETENTION_DAYS_DEFAULT,
    });
    expect(entries[0]?.detail).not.toContain("@");

    // Nothing more to forget: a second run deletes nothing and writes no entry.
    expect((await runRetention(services)).people).toBe(0);
    expect(await db.kysely.selectFrom("audit_log").select("id").where("action", "=", "privacy.retention").execute()).toHaveLength(1);
  });

  it("follows LEAD_RETENTION_DAYS when it is set shorter", async () => {
    const recent = address("forty-days");
    await enquiry(recent, 40);
    const shorter = { ...services, env: { ...env, LEAD_RETENTION_DAYS: 30 } };
    expect((await runRetention(shorter)).people).toBeGreaterThanOrEqual(1);
    expect(await leadsOf(recent)).toBe(0);
  });
});
