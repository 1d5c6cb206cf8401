import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { acceptSubmission } from "~/features/leads/accept.server";
import { formForBody } from "~/features/leads/forms/registry";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { type Outbox, startOutbox } from "~/platform/outbox/worker.server";
import type { Services } from "~/platform/services.server";
import { outboxMessages } from "~/server/messages.server";
import { openTestDb } from "../helpers/test-db";
import { freePort } from "../helpers/test-smtp";

/** scripts/webhook-receiver.mjs, the README's receiver, in a process of its own, fed by the outbox. */

let db: Db;
const running: Outbox[] = [];
const SECRET = "webhook-secret-for-tests-0123456789";

beforeAll(async () => {
  db = await openTestDb();
});
afterEach(async () => {
  for (const outbox of running.splice(0)) await outbox.stop();
  await db.kysely.deleteFrom("outbox").execute();
});
afterAll(() => db.close());

function services(env: Record<string, string>): Services & { outbox: Outbox } {
  const settings = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    IP_HASH_SALT: "outbox-test-salt-0123456",
    SITE_URL: "https://www.fillway.example",
    LEADS_NOTIFY_TO: "sales@fillway.example",
    MAIL_DIR: mkdtempSync(join(tmpdir(), "fillway-mail-")),
    OUTBOX_RETRY_BASE_SECONDS: "0.05",
    ...env,
  });
  const e = { ...settings, IP_HASH_SALT: settings.IP_HASH_SALT ?? "outbox-test-salt-0123456" };
  const log = createLogger("silent");
  const outbox = startOutbox({ db, env: e, log, messages: outboxMessages, pollMs: 50 });
  running.push(outbox);
  return { env: e, db, log, outbox };
}

const personal = () => ({
  email: `dana-${randomUUID().slice(0, 8)}@fleetco.com`,
  firstName: "Dana",
  lastName: "Reyes",
  city: "Dallas",
  zipCode: "75201",
  message: "Two vans parked overnight need diesel twice a week.",
  type: 9,
  phone: "2145550123",
  submissionId: randomUUID(),
});

async function submit(s: Services, body: Record<string, unknown>) {
  const spec = formForBody("/web/form", body);
  if (!spec) throw new Error("no spec");
  const out = await acceptSubmission(s, spec, body, { ip: "127.0.0.1", pagePath: "/gasoline" });
  expect(out.status).toBe("stored");
}

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the README's webhook receiver", () => {
  it("accepts the worker's signed deliveries and refuses a forged one", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["scripts/webhook-receiver.mjs"], { env: { ...process.env, PORT: String(port), LEAD_WEBHOOK_SECRET: SECRET } });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    try {
      await until(async () => out.includes("listening"));
      const s = services({ LEAD_WEBHOOK_URL: `http://127.0.0.1:${port}/leads`, LEAD_WEBHOOK_SECRET: SECRET });
      const body = personal();
      await submit(s, body);
      await until(async () => (await db.kysely.selectFrom("outbox").select("state").where("channel", "=", "webhook").executeTakeFirst())?.state === "sent");
      expect(out).toContain(`"email":"${body.email}"`);
      const forged = await fetch(`http://127.0.0.1:${port}/leads`, {
        method: "POST",
        body: "{}",
        headers: { "Fillway-Signature": `t=${Math.floor(Date.now() / 1000)},v1=00` },
      });
      expect(forged.status).toBe(401);
    } finally {
      child.kill();
    }
  });
});
