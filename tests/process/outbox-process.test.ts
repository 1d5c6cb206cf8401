import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb } from "../../app/server/db/db.server";
import { freePort, startSmtpSink } from "../../app/server/outbox/test-smtp";

// The outbox as an operator meets it: bad settings stop the server naming them, and a
// SIGKILL with messages pending loses none of them.
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
});

function start(env: Record<string, string>) {
  let out = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, LOG_REQUESTS: "false", PORT: "0", RATE_LIMIT_MAX: "100000", MAIL_DIR: mkdtempSync(join(tmpdir(), "fillway-mail-")), ...env },
  });
  children.push(child);
  const add = (d: Buffer) => {
    out += d;
  };
  child.stdout?.on("data", add);
  child.stderr?.on("data", add);
  const url = new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no listen line: ${out}`)), 30_000);
    const look = () => {
      const m = /"url":"(http:[^"]+)"/.exec(out);
      if (m?.[1]) {
        clearTimeout(t);
        resolve(m[1]);
      }
    };
    child.stdout?.on("data", look);
    child.once("exit", () => {
      clearTimeout(t);
      reject(new Error(`exited: ${out}`));
    });
  });
  url.catch(() => {});
  return { child, out: () => out, url };
}

const dbFile = () => join(mkdtempSync(join(tmpdir(), "fillway-outbox-proc-")), "t.db");

describe("outbox settings", () => {
  it.each([
    ["SMTP_URL", { SMTP_URL: "mail.example.com:25" }],
    ["LEAD_WEBHOOK_URL", { LEAD_WEBHOOK_URL: "not a url", LEAD_WEBHOOK_SECRET: "0123456789abcdef0123" }],
  ])("a malformed %s stops the server at start, naming it", async (name, env) => {
    const { child, out } = start({ DATABASE_URL: `file:${dbFile()}`, ...env });
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(1);
    expect(out()).toContain(name);
    expect(out()).not.toMatch(/listening/);
  });
});

describe("outbox across a crash", () => {
  it("delivers every pending message after SIGKILL and restart, each with its Message-ID once", async () => {
    const file = dbFile();
    const port = await freePort();
    const sink = await startSmtpSink({ port, down: true });
    const env = { DATABASE_URL: `file:${file}`, SMTP_URL: sink.url, OUTBOX_RETRY_BASE_SECONDS: "0.2", LOG_LEVEL: "info" };
    const first = start(env);
    const url = await first.url;
    const leads = 20;
    for (let i = 0; i < leads; i++) {
      const res = await fetch(`${url}/web/form`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: `crash-${i}@fleetco.com`,
          firstName: "Dana",
          lastName: "Reyes",
          city: "Dallas",
          zipCode: "75201",
          message: "",
          type: 1,
          phone: "2145550123",
          submissionId: randomUUID(),
        }),
      });
      expect(res.status).toBe(201);
    }
    // SMTP is down: the worker has tried and failed; the messages wait.
    await new Promise((r) => setTimeout(r, 500));
    first.child.kill("SIGKILL");
    await once(first.child, "exit");

    const db = await openDb(`file:${file}`);
    const before = await db.kysely.selectFrom("outbox").select(["message_id", "state"]).execute();
    expect(before).toHaveLength(leads * 2);
    expect(before.filter((r) => r.state === "sent")).toHaveLength(0);

    await sink.up();
    const second = start(env);
    await second.url;
    await sink.waitFor(leads * 2, 30_000);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const states = await db.kysely.selectFrom("outbox").select("state").execute();
      if (states.every((s) => s.state === "sent")) break;
      if (Date.now() > deadline) throw new Error(`not all sent: ${JSON.stringify(states)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 500));
    const ids = sink.received.map((m) => m.mail.messageId);
    expect(ids).toHaveLength(leads * 2);
    expect(new Set(ids)).toEqual(new Set(before.map((r) => r.message_id)));
    second.child.kill("SIGTERM");
    await once(second.child, "exit");
    await db.close();
    await sink.close();
  }, 90_000);
});
