import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formForBody } from "~/features/leads/forms/registry";
import { waitlistSpec } from "~/features/leads/forms/kinds/waitlist";
import type { FormSpec } from "~/shared/forms/form-spec";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { type Outbox, startOutbox } from "~/platform/outbox/worker.server";
import type { Services } from "~/platform/services.server";
import { outboxMessages } from "~/server/messages.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { acceptSubmission } from "./accept.server";

/**
 * What the visitor's receipt promises, read from the .eml files the outbox writes to
 * MAIL_DIR: a waitlist sign-up is told it will be written to when Fillway arrives (no
 * call, no business day); a lead with a phone number that sales replies by phone or
 * e-mail within one business day; a lead without one, by e-mail.
 */

let db: Db;
let outbox: Outbox;
let services: Services;
let mailDir: string;

beforeAll(async () => {
  db = await openTestDb();
  mailDir = mkdtempSync(join(tmpdir(), "fillway-mail-"));
  const settings = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", MAIL_DIR: mailDir, SITE_URL: "https://www.fillway.example" });
  const env = { ...settings, IP_HASH_SALT: "receipt-words-salt-0123" };
  const log = createLogger("silent");
  outbox = startOutbox({ db, env, log, messages: outboxMessages, pollMs: 50 });
  services = { env, db, log, outbox };
});
afterAll(async () => {
  await outbox.stop();
  await db.close();
});

/** Sends a form through the real path and returns the receipt the outbox wrote to the address, parsed. */
async function receiptFor(spec: FormSpec, body: Record<string, unknown>) {
  expect((await acceptSubmission(services, spec, body, { ip: "127.0.0.1", wire: true, pagePath: "/gasoline" })).status).toBe("stored");
  const email = String(body.email);
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const file of readdirSync(mailDir).filter((f) => f.endsWith(".eml"))) {
      const mail = await simpleParser(readFileSync(join(mailDir, file)));
      if (mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === email)
        return { text: mail.text ?? "", html: String(mail.html), subject: mail.subject };
    }
    if (Date.now() > deadline) throw new Error(`no receipt to ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const uniq = () => randomUUID().slice(0, 8);

describe("the visitor's receipt says what the form does next", () => {
  it("a waitlist sign-up: written to when Fillway arrives, no call promised", async () => {
    const r = await receiptFor(waitlistSpec, { email: `wait-${uniq()}@example.com`, zipCode: "60601", type: 1, submissionId: randomUUID() });
    expect(r.subject).toBe("You are on the waitlist – Fillway");
    expect(r.text).toContain("We got your waitlist sign-up:");
    expect(r.text).toContain("What happens next: We will e-mail you when Fillway starts delivering in your area.");
    expect(r.html).toContain("We will e-mail you when Fillway starts delivering in your area.");
    for (const wrong of ["business day", "phone", "call"]) expect(r.text.toLowerCase()).not.toContain(wrong);
  });

  it("a lead with a phone number: sales replies within one business day, by phone or e-mail", async () => {
    const body = {
      email: `dana-${uniq()}@example.com`,
      firstName: "Dana",
      lastName: "Reyes",
      zipCode: "75201",
      phone: "2145550123",
      type: 9,
      submissionId: randomUUID(),
    };
    const spec = formForBody("/web/form", body);
    if (!spec) throw new Error("no spec");
    const r = await receiptFor(spec, body);
    expect(r.subject).toBe("We got your request – Fillway");
    expect(r.text).toContain("What happens next: a member of our sales team reads it and replies within one business day, by phone or e-mail.");
    expect(r.text).not.toContain("if you gave us a number");
  });

  it("a lead without a phone number: by e-mail only", async () => {
    const body = { firstName: "Priya", lastName: "Shah", email: `priya-${uniq()}@example.com`, zipCode: "10001", type: 18, submissionId: randomUUID() };
    const spec = formForBody("/web/form", body);
    if (!spec) throw new Error("no spec");
    const r = await receiptFor(spec, body);
    expect(r.text).toContain("replies within one business day, by e-mail.");
    expect(r.text).not.toMatch(/by phone/);
  });
});
