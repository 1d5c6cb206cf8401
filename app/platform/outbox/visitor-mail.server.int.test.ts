import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { outboxMessages } from "~/server/messages.server";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newsletterSpec } from "~/features/leads/forms/kinds/newsletter";
import { formForBody } from "~/features/leads/forms/registry";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { loadEnv } from "~/platform/env.server";
import { acceptSubmission } from "~/features/leads/accept.server";
import { createLogger } from "~/platform/logger.server";
import { confirmSubscription } from "~/features/newsletter/subscriptions.server";
import type { Services } from "~/platform/services.server";
import { type Outbox, startOutbox } from "./worker.server";
import { visitorMailSoFar } from "./visitor-mail.server";
import { anyLeadPending } from "~/features/leads/messages.server";

/**
 * The messages a form sends to the address typed into it, against a real database through
 * the real submission path: at most VISITOR_MAIL_PER_DAY receipts and confirmations per
 * address within 24 hours (the lead itself always stored and sent to sales), and one
 * pending confirmation per address. The outbox only writes here (paused); what a receipt
 * says is checked over SMTP in worker.server.test.ts.
 */

let db: Db;
let outbox: Outbox;
let services: Services;

beforeAll(async () => {
  db = await openTestDb();
  const settings = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", MAIL_DIR: mkdtempSync(join(tmpdir(), "fillway-mail-")), VISITOR_MAIL_PER_DAY: "3" });
  const env = { ...settings, IP_HASH_SALT: "visitor-mail-test-salt-01" };
  const log = createLogger("silent");
  outbox = startOutbox({ db, env, log, messages: outboxMessages, paused: true });
  services = { env, db, log, outbox };
});
afterEach(async () => {
  await db.kysely.deleteFrom("outbox").execute();
});
afterAll(async () => {
  await outbox.stop();
  await db.close();
});

async function lead(email: string) {
  const body = {
    email,
    firstName: "Dana",
    lastName: "Reyes",
    zipCode: "75201",
    phone: "2145550123",
    message: "Buy now at example.com",
    type: 9,
    submissionId: randomUUID(),
  };
  const spec = formForBody("/web/form", body);
  if (!spec) throw new Error("no spec");
  const out = await acceptSubmission(services, spec, body, { ip: "127.0.0.1", wire: true, pagePath: "/gasoline" });
  expect(out.status).toBe("stored");
  const row = await db.kysely.selectFrom("leads").select("id").where("submission_id", "=", body.submissionId).executeTakeFirstOrThrow();
  return Number(row.id);
}

async function signUp(email: string, type: number) {
  const submissionId = randomUUID();
  const out = await acceptSubmission(services, newsletterSpec, { email, type, submissionId }, { ip: "127.0.0.1", wire: true, pagePath: "/" });
  expect(out.status).toBe("stored");
  const row = await db.kysely.selectFrom("leads").select(["id", "status"]).where("submission_id", "=", submissionId).executeTakeFirstOrThrow();
  return Number(row.id);
}

const templatesOf = async (leadId: number) =>
  (await db.kysely.selectFrom("outbox").select("template").where("lead_id", "=", leadId).orderBy("id").execute()).map((r) => r.template);

describe("mail to the address typed into a form", () => {
  it("sends at most three receipts per address a day, in any letter case; later leads are stored and go to sales without one", async () => {
    const email = `target-${randomUUID().slice(0, 8)}@example.com`;
    const ids: number[] = [];
    for (const typed of [email, email.toUpperCase(), email, email]) ids.push(await lead(typed));
    expect(await templatesOf(ids[0] as number)).toEqual(["lead-sales", "lead-receipt"]);
    expect(await templatesOf(ids[1] as number)).toEqual(["lead-sales", "lead-receipt"]);
    expect(await templatesOf(ids[2] as number)).toEqual(["lead-sales", "lead-receipt"]);
    expect(await templatesOf(ids[3] as number)).toEqual(["lead-sales"]);
    const receipts = await db.kysely.selectFrom("outbox").select("recipient").where("template", "=", "lead-receipt").execute();
    expect(receipts.map((r) => r.recipient)).toEqual([email, email, email]);
    // Another address is not held back by this one.
    expect(await templatesOf(await lead(`other-${randomUUID().slice(0, 8)}@example.com`))).toEqual(["lead-sales", "lead-receipt"]);

    // A day after the first three, the address gets a receipt again.
    const dayAgo = new Date(Date.now() - 24 * 3_600_000 - 60_000).toISOString();
    await db.kysely.updateTable("outbox").set({ created_at: dayAgo }).where("recipient", "=", email).execute();
    expect(await templatesOf(await lead(email))).toEqual(["lead-sales", "lead-receipt"]);
  });

  it("counts newsletter confirmations with receipts, and sends an address one pending confirmation that confirms every sign-up", async () => {
    const email = `reader-${randomUUID().slice(0, 8)}@example.com`;
    const first = await signUp(email, 4);
    expect(await templatesOf(first)).toEqual(["newsletter-confirm"]);
    // A second sign-up while the first waits for its confirmation: no second e-mail.
    const second = await signUp(email.toUpperCase(), 3);
    expect(await templatesOf(second)).toEqual([]);
    expect(await confirmSubscription(db, first)).toBe("confirmed");
    const statuses = await db.kysely.selectFrom("leads").select(["id", "status"]).where("id", "in", [first, second]).orderBy("id").execute();
    expect(statuses.map((r) => r.status)).toEqual(["subscribed", "subscribed"]);

    // Nothing pending now: a sign-up of another list asks again, and counts toward the day's three.
    await db.kysely.updateTable("leads").set({ status: "unsubscribed" }).where("id", "in", [first, second]).execute();
    const third = await signUp(email, 4);
    expect(await templatesOf(third)).toEqual(["newsletter-confirm"]);
    expect(await templatesOf(await lead(email))).toEqual(["lead-sales", "lead-receipt"]);
    await db.kysely.updateTable("leads").set({ status: "unsubscribed" }).where("id", "=", third).execute();
    expect(await templatesOf(await signUp(email, 4))).toEqual([]);
  });

  it("sends a new confirmation when the pending one failed for good", async () => {
    const email = `bounce-${randomUUID().slice(0, 8)}@example.com`;
    const first = await signUp(email, 4);
    await db.kysely.updateTable("outbox").set({ state: "failed" }).where("lead_id", "=", first).execute();
    expect(await templatesOf(await signUp(email, 4))).toEqual(["newsletter-confirm"]);
  });

  it("counts with a statement PostgreSQL parses and plans once per connection, not for every lead", async (ctx) => {
    if (db.dialect !== "postgres") ctx.skip();
    await db.kysely.transaction().execute(async (trx) => {
      // One connection throughout: its prepared statements are its own.
      for (const email of ["one@example.com", "two@example.com"]) {
        expect(await visitorMailSoFar(trx, outboxMessages, email, new Date(), anyLeadPending)).toEqual({ sent: 0, pendingConfirmation: false });
      }
      const { rows } = await sql<{
        n: string;
      }>`SELECT count(*)::text AS n FROM pg_prepared_statements WHERE statement LIKE '%SELECT template, state, lead_id FROM outbox%'`.execute(trx);
      expect(rows[0]?.n).toBe("1");
    });
  });
});
