import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb } from "../../app/platform/db/db.server";
import { freePort, startSmtpSink } from "../helpers/test-smtp";

// The outbox as an operator meets it: bad settings stop the server naming them, and a
// SIGKILL with messages pending loses none of them.
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
});

function start(env: Record<string, string>) {
  let out = "";
  const child = spawn(process.execPath, ["server.js"], {
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

const lead = (i: number) => ({
  email: `crash-${i}@fleetco.com`,
  firstName: "Dana",
  lastName: "Reyes",
  city: "Dallas",
  zipCode: "75201",
  message: "",
  type: 1,
  phone: "2145550123",
  submissionId: randomUUID(),
});

async function post(url: string, body: Record<string, unknown>) {
  const res = await fetch(`${url}/web/form`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return res.status;
}

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

  it("re-sends after each SIGKILL only the messages that were in flight to a slow SMTP server, and loses none", async () => {
    const file = dbFile();
    const port = await freePort();
    // A slow server: each message is accepted (and kept) a quarter of a second after its data.
    const sink = await startSmtpSink({ port, down: true, parse: false, delayMs: 250 });
    const env = { DATABASE_URL: `file:${file}`, SMTP_URL: sink.url, OUTBOX_RETRY_BASE_SECONDS: "0.1", LOG_LEVEL: "info" };
    let server = start(env);
    const url = await server.url;
    const leads = 60;
    for (let i = 0; i < leads; i++) expect(await post(url, lead(i))).toBe(201);
    const db = await openDb(`file:${file}`);
    const stored = (await db.kysely.selectFrom("outbox").select("message_id").execute()).map((r) => String(r.message_id));
    expect(stored).toHaveLength(leads * 2);
    // The whole backlog is due at once when the server comes up.
    await sink.up();

    // Three kills, each with messages on every one of the mailer's connections.
    const kills = [20, 50, 80];
    for (const at of kills) {
      const exited = once(server.child, "exit");
      await sink.waitFor(at, 60_000);
      // Anywhere in the next message's quarter of a second.
      await new Promise((r) => setTimeout(r, Math.random() * 250));
      server.child.kill("SIGKILL");
      await exited;
      server = start(env);
      await server.url;
    }
    const deadline = Date.now() + 60_000;
    for (;;) {
      const states = await db.kysely.selectFrom("outbox").select("state").execute();
      if (states.every((s) => s.state === "sent")) break;
      if (Date.now() > deadline) throw new Error(`not all sent: ${JSON.stringify(states.filter((s) => s.state !== "sent"))}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const exited = once(server.child, "exit");
    server.child.kill("SIGTERM");
    await exited;
    // Nothing is left to arrive once the server has stopped and the slow accepts are done.
    await new Promise((r) => setTimeout(r, 500));

    const counts = new Map<string, number>();
    for (const m of sink.received) counts.set(String(m.mail.messageId), (counts.get(String(m.mail.messageId)) ?? 0) + 1);
    const lost = stored.filter((id) => !counts.has(id));
    const unknown = [...counts.keys()].filter((id) => !stored.includes(id));
    const resent = sink.received.length - counts.size;
    // In flight at a kill: the server had the message whole, the client died waiting for its answer.
    const inFlight = sink.received.filter((m) => m.clientGone).length;
    expect(lost).toEqual([]);
    expect(unknown).toEqual([]);
    // The mailer's pool has 10 connections: at a kill, each has at most one message the
    // server is taking and one whose answer came while its outcome was being written.
    // (When a round's outcomes were written after its last message, a kill re-sent every
    // message of the round already delivered: 105 of 120 here.)
    expect(inFlight).toBeLessThanOrEqual(kills.length * 10);
    expect(resent).toBeLessThanOrEqual(kills.length * 2 * 10);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(1 + kills.length);
    await db.close();
    await sink.close();
  }, 240_000);
});
