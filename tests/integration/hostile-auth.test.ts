import { randomUUID } from "node:crypto";
import { outboxMessages } from "~/server/messages.server";
import { existsSync } from "node:fs";
import http from "node:http";
import type net from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Secret, TOTP } from "otpauth";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../helpers/test-db";
import { createAccount, setPassword } from "~/features/staff/accounts.server";
import { checkCurrentPassword } from "~/features/staff/current-password.server";
import { createSession } from "~/features/staff/session.server";
import { signInWithCode, signInWithPassword } from "~/features/staff/sign-in.server";
import { CLIENT_RULE, CURRENT_PASSWORD_RULE, clientKey, NOTICE_AT, recordFailure } from "~/features/staff/throttle.server";
import { sealTotpSecret } from "~/platform/totp-key.server";
import { type Env, loadEnv } from "~/platform/env.server";
import { createSiteApp } from "~/server/compose.server";
import { clientIp, documentUrl, forwardedValue } from "~/platform/http/request.server";
import { throttleIpHash } from "~/platform/ip-hash.server";
import { createLogger } from "~/platform/logger.server";
import { signInFailuresMail } from "~/features/staff/mail.server";
import { startOutbox } from "~/platform/outbox/worker.server";
import type { Services } from "~/platform/services.server";
import { withIpHashSalt } from "~/platform/settings.server";
import { buildDir, validLead } from "../../scripts/bench-lib";
import { testServices } from "../helpers/services";

/**
 * The attacks of the issue "Hardening the staff side and the outbox" on client addresses
 * and staff sign-in, each as its probe made it: a forged X-Forwarded-For behind a proxy,
 * second-factor codes guessed after a right password, a code sent twice, the current
 * password guessed on the account page, an account locked by someone else. Through the
 * real request listener over a test database where the probe used the server.
 */

const PASSWORD = "Seven orange kites fly over Tulsa";
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

let db: Db;
let build: ServerBuild;
const servers: { close: () => Promise<void> }[] = [];

beforeAll(async () => {
  const serverBuild = join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) throw new Error(`no build in ${buildDir}: run the build first (npm run build)`);
  build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  db = await openTestDb();
});

afterAll(async () => {
  agent.destroy();
  for (const s of servers) await s.close();
  await db?.close();
});

async function envWith(overrides: Record<string, string> = {}): Promise<Env> {
  return withIpHashSalt(loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", LOG_REQUESTS: "false", RATE_LIMIT_MAX: "100000", ...overrides }), db);
}

/** The server over the test database with these settings; its outbox writes but never sends. */
async function startApp(overrides: Record<string, string>): Promise<{ base: string; services: Services }> {
  const env = await envWith(overrides);
  const log = createLogger("silent");
  const services: Services = { env, db, log, outbox: startOutbox({ db, env, log, messages: outboxMessages, paused: true }) };
  const s = http.createServer(createSiteApp({ services, build, clientDir: join(buildDir, "client") }));
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  servers.push({ close: () => new Promise<void>((r) => s.close(() => r())) });
  return { base: `http://127.0.0.1:${(s.address() as net.AddressInfo).port}`, services };
}

/**
 * A reverse proxy like a load balancer's: it forwards to `target` and appends the address
 * it saw to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for), keeping what the client
 * wrote there in front.
 */
async function startProxy(target: string): Promise<string> {
  const { port } = new URL(target);
  const s = http.createServer((req, res) => {
    const seen = req.socket.remoteAddress ?? "";
    const before = req.headers["x-forwarded-for"];
    const headers = { ...req.headers, "x-forwarded-for": before ? `${before}, ${seen}` : seen };
    const out = http.request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers }, (back) => {
      res.writeHead(back.statusCode ?? 502, back.headers);
      back.pipe(res);
    });
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  servers.push({ close: () => new Promise<void>((r) => s.close(() => r())) });
  return `http://127.0.0.1:${(s.address() as net.AddressInfo).port}`;
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function request(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  const { hostname, port } = new URL(base);
  const framed = body === undefined ? headers : { "content-length": String(Buffer.byteLength(body)), ...headers };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path, headers: framed, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** A desk form post as the desk's own page sends it. */
function deskPost(base: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return request(
    base,
    "POST",
    path,
    { "content-type": "application/x-www-form-urlencoded", origin: base, "sec-fetch-site": "same-origin", ...headers },
    new URLSearchParams(fields).toString(),
  );
}

/** name=value of each Set-Cookie, for sending back. */
const cookiesOf = (r: Reply) => (r.headers["set-cookie"] ?? []).map((c) => c.split(";")[0] ?? "").join("; ");

async function staffWithPassword(email: string, role: "admin" | "sales" | "editor" = "sales") {
  const { account } = await createAccount(db, await envWith(), { email, role });
  await setPassword(db, account.id, PASSWORD);
  return account;
}

/** Turns two-factor sign-in on for an account; returns its authenticator. */
async function withTwoFactor(env: Env, staffId: number, email: string): Promise<TOTP> {
  const secret = new Secret({ size: 20 });
  await db.kysely
    .updateTable("staff")
    .set({ totp_secret: sealTotpSecret(env, staffId, secret.base32), totp_enabled_at: new Date().toISOString() })
    .where("id", "=", staffId)
    .execute();
  return new TOTP({ issuer: "Fillway desk", label: email, algorithm: "SHA1", digits: 6, period: 30, secret });
}

const fakeRequest = (peer: string, headers: Record<string, string>) => ({ socket: { remoteAddress: peer }, headers }) as unknown as http.IncomingMessage;

describe("the client address behind a proxy", () => {
  it("is the address the trusted proxies appended, counted from the right, whatever the client wrote", () => {
    const one = loadEnv({ TRUST_PROXY: "1" }).TRUST_PROXY;
    const forged = fakeRequest("10.0.0.2", { "x-forwarded-for": "203.0.113.9, 198.51.100.4" });
    expect(clientIp(forged, one)).toBe("198.51.100.4");
    expect(clientIp(forged, loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY)).toBe("198.51.100.4");
    expect(clientIp(forged, loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY)).toBe("203.0.113.9");
    expect(clientIp(forged, loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY)).toBe("10.0.0.2");
    // Repeated header lines are one list; ports, brackets and IPv4-in-IPv6 are taken off.
    const repeated = fakeRequest("::ffff:10.0.0.2", { "x-forwarded-for": ["1.1.1.1", "[2001:db8::7]:443"] as unknown as string });
    expect(clientIp(repeated, one)).toBe("2001:db8::7");
    expect(clientIp(repeated, loadEnv({}).TRUST_PROXY)).toBe("10.0.0.2");
    // Proxies by address: every trusted entry from the right is skipped, and only when the peer is one.
    const listed = loadEnv({ TRUST_PROXY: "10.0.0.0/8, 192.0.2.1" }).TRUST_PROXY;
    expect(clientIp(fakeRequest("10.0.0.2", { "x-forwarded-for": "203.0.113.9, 198.51.100.4, 192.0.2.1" }), listed)).toBe("198.51.100.4");
    expect(clientIp(fakeRequest("198.51.100.77", { "x-forwarded-for": "203.0.113.9" }), listed)).toBe("198.51.100.77");
    expect(clientIp(fakeRequest("10.0.0.2", {}), listed)).toBe("10.0.0.2");
  });

  it("takes X-Forwarded-Proto and -Host as the nearest trusted proxy set them", () => {
    const one = loadEnv({ TRUST_PROXY: "1" }).TRUST_PROXY;
    const req = fakeRequest("10.0.0.2", { host: "internal:3000", "x-forwarded-proto": "http, https", "x-forwarded-host": "evil.example, www.fillway.example" });
    expect(forwardedValue(req, "x-forwarded-proto", one)).toBe("https");
    expect(documentUrl(req, new URL("http://localhost/desk?x=1"), one).href).toBe("https://www.fillway.example/desk?x=1");
    const listed = loadEnv({ TRUST_PROXY: "10.0.0.0/8" }).TRUST_PROXY;
    expect(forwardedValue(fakeRequest("203.0.113.5", { "x-forwarded-proto": "https" }), "x-forwarded-proto", listed)).toBeUndefined();
  });

  it("takes the protocol the front set behind a TLS terminator and nginx, each appending its own", () => {
    // The front wrote https (and the client's address); nginx appended its own scheme (and the front's address).
    const behind = fakeRequest("127.0.0.1", {
      host: "www.fillway.example:8443",
      "x-forwarded-proto": "https, http",
      "x-forwarded-for": "198.51.100.4, 192.0.2.1",
    });
    const two = loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY;
    expect(forwardedValue(behind, "x-forwarded-proto", two)).toBe("https");
    expect(documentUrl(behind, new URL("http://localhost/desk"), two).href).toBe("https://www.fillway.example:8443/desk");
    expect(clientIp(behind, two)).toBe("198.51.100.4");
    // Trusting only nginx: its own scheme and the front as the client.
    const one = loadEnv({ TRUST_PROXY: "1" }).TRUST_PROXY;
    expect(forwardedValue(behind, "x-forwarded-proto", one)).toBe("http");
    expect(clientIp(behind, one)).toBe("192.0.2.1");
    // By address: nginx and the front listed.
    const both = loadEnv({ TRUST_PROXY: "127.0.0.1, 192.0.2.1" }).TRUST_PROXY;
    expect(forwardedValue(behind, "x-forwarded-proto", both)).toBe("https");
    expect(clientIp(behind, both)).toBe("198.51.100.4");
    // What a client wrote itself stays left of the front's value.
    const forged = fakeRequest("127.0.0.1", { "x-forwarded-proto": "http, https, http" });
    expect(forwardedValue(forged, "x-forwarded-proto", two)).toBe("https");
  });

  it("refuses a TRUST_PROXY that is none of false, true, a count or addresses", () => {
    for (const bad of ["yes", "-1", "11", "10.0.0.0/33", "10.0.0.1, proxy.internal", "::1/129"]) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
    expect(loadEnv({ TRUST_PROXY: "fd00::/8,10.1.2.3" }).TRUST_PROXY).toEqual({ kind: "addresses", addresses: ["fd00::/8", "10.1.2.3"] });
  });

  it("holds the lead limit for 30 posts with forged X-Forwarded-For through a proxy (TRUST_PROXY=1)", { timeout: 60_000 }, async () => {
    const app = await startApp({ TRUST_PROXY: "1", RATE_LIMIT_MAX: "20", RATE_LIMIT_WINDOW_SECONDS: "600" });
    const proxy = await startProxy(app.base);
    const statuses: number[] = [];
    for (let i = 1; i <= 30; i++) {
      const r = await request(
        proxy,
        "POST",
        "/web/form",
        { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}` },
        JSON.stringify(validLead(i, randomUUID())),
      );
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
  });

  it("throttles 40 failed sign-ins from one address that forges a new one each time", { timeout: 120_000 }, async () => {
    const app = await startApp({ TRUST_PROXY: "1" });
    await staffWithPassword("forged.xff@staff.test");
    const statuses: number[] = [];
    for (let i = 1; i <= 40; i++) {
      const r = await deskPost(
        app.base,
        "/desk/sign-in",
        { email: "forged.xff@staff.test", password: `wrong password ${i}` },
        { "x-forwarded-for": `198.51.100.${i}, 127.0.0.1` },
      );
      statuses.push(r.status);
      if (r.status === 429) expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(9)).toEqual(Array(31).fill(429));
    // The owner, behind the same proxy from their own address, still signs in.
    const owner = await deskPost(app.base, "/desk/sign-in", { email: "forged.xff@staff.test", password: PASSWORD }, { "x-forwarded-for": "192.0.2.50" });
    expect(owner.status).toBe(302);
    expect(owner.headers.location).toBe("/desk");
  });
});

describe("sign-in guessing", () => {
  it("slows and blocks one address guessing one account, never the account for its owner elsewhere", { timeout: 120_000 }, async () => {
    const env = await envWith();
    const services: Services = testServices({ db, env, log: createLogger("silent") });
    const account = await staffWithPassword("owner@staff.test");
    const attacker = { ip: "198.51.100.66", userAgent: null };
    const kinds: string[] = [];
    for (let i = 0; i < 12; i++) kinds.push((await signInWithPassword(services, { email: account.email, password: `guess ${i}` }, attacker)).kind);
    expect(kinds.slice(0, 9)).toEqual(Array(9).fill("failed"));
    expect(kinds.slice(9)).toEqual(["throttled", "throttled", "throttled"]);
    // Even the right password from the attacker's address is refused meanwhile...
    expect((await signInWithPassword(services, { email: account.email, password: PASSWORD }, attacker)).kind).toBe("throttled");
    // ...while the owner, from their own address, signs in.
    expect((await signInWithPassword(services, { email: account.email, password: PASSWORD }, { ip: "192.0.2.10", userAgent: null })).kind).toBe("ok");
  });

  it("keeps counting across midnight UTC, when the address's key of the day changes", { timeout: 120_000 }, async () => {
    const env = await envWith();
    const services: Services = testServices({ db, env, log: createLogger("silent") });
    const account = await staffWithPassword("midnight@staff.test");
    const attacker = { ip: "198.51.100.77", userAgent: null };
    const kinds: string[] = [];
    const at = (iso: string) => new Date(iso);
    for (let i = 0; i < 6; i++)
      kinds.push((await signInWithPassword(services, { email: account.email, password: `guess ${i}` }, attacker, at("2026-11-25T23:58:00Z"))).kind);
    for (let i = 6; i < 12; i++)
      kinds.push((await signInWithPassword(services, { email: account.email, password: `guess ${i}` }, attacker, at("2026-11-26T00:02:00Z"))).kind);
    expect(kinds.slice(0, 9)).toEqual(Array(9).fill("failed"));
    expect(kinds.slice(9)).toEqual(["throttled", "throttled", "throttled"]);
  });

  it("caps one address across accounts, so it cannot spray many", { timeout: 60_000 }, async () => {
    const env = await envWith();
    const services: Services = testServices({ db, env, log: createLogger("silent") });
    const sprayer = { ip: "198.51.100.99", userAgent: null };
    // 29 failures against other accounts already counted for this address today.
    const key = clientKey(throttleIpHash(env, sprayer.ip));
    for (let i = 0; i < CLIENT_RULE.blockAt - 1; i++) await recordFailure(db, key, CLIENT_RULE);
    await staffWithPassword("sprayed@staff.test");
    const next = await signInWithPassword(services, { email: "sprayed@staff.test", password: "not it at all" }, sprayer);
    expect(next.kind).toBe("throttled");
    expect((await signInWithPassword(services, { email: "another@staff.test", password: "x" }, sprayer)).kind).toBe("throttled");
    // Another address signs in to the same account as usual.
    expect((await signInWithPassword(services, { email: "sprayed@staff.test", password: PASSWORD }, { ip: "192.0.2.11", userAgent: null })).kind).toBe("ok");
  });

  it("tells the owner by e-mail through the outbox once per run of failures, not per failure", { timeout: 120_000 }, async () => {
    const env = await envWith();
    const log = createLogger("silent");
    const services: Services = { db, env, log, outbox: startOutbox({ db, env, log, messages: outboxMessages, paused: true }) };
    const account = await staffWithPassword("noticed@staff.test");
    // From several addresses, so no pair is blocked: the account itself is never locked.
    for (let i = 0; i < NOTICE_AT + 3; i++) {
      const r = await signInWithPassword(services, { email: account.email, password: `guess ${i}` }, { ip: `198.51.100.${120 + i}`, userAgent: null });
      expect(r.kind).toBe("failed");
    }
    const mails = await db.kysely
      .selectFrom("outbox")
      .select(["template", "recipient", "payload"])
      .where("template", "=", "sign-in-failures")
      .where("recipient", "=", account.email)
      .execute();
    expect(mails).toHaveLength(1);
    expect(JSON.parse(mails[0]?.payload ?? "{}")).toMatchObject({ step: "password", failures: NOTICE_AT });
    expect(JSON.stringify(mails)).not.toMatch(/198\.51\.100/);
    expect((await signInWithPassword(services, { email: account.email, password: PASSWORD }, { ip: "192.0.2.12", userAgent: null })).kind).toBe("ok");
    // The e-mail says what happened, that the account is not locked, and what to do.
    const mail = signInFailuresMail({ step: "password", failures: NOTICE_AT, windowMinutes: 15 }, "https://www.fillway.example");
    expect(mail.text).toContain(`${NOTICE_AT} sign-ins to your Fillway desk account failed within 15 minutes`);
    expect(mail.text).toContain("Your account is not locked");
    expect(mail.text).toContain("https://www.fillway.example/desk/account");
    expect(signInFailuresMail({ step: "code", failures: NOTICE_AT, windowMinutes: 15 }, "https://x.example").text).toContain(
      "someone knows your password: change it now",
    );
  });
});

describe("the second factor", () => {
  it("throttles 28 wrong codes after a right password, and a new right password does not reset them", { timeout: 180_000 }, async () => {
    const app = await startApp({});
    const account = await staffWithPassword("codes@staff.test");
    const totp = await withTwoFactor(app.services.env, account.id, account.email);
    const password = await deskPost(app.base, "/desk/sign-in", { email: account.email, password: PASSWORD });
    expect(password.status).toBe(302);
    let cookie = cookiesOf(password);
    const right = totp.generate();
    const wrong = (i: number) => String((Number(right) + 1000 + i * 7919) % 1_000_000).padStart(6, "0");
    const statuses: number[] = [];
    for (let i = 0; i < 28; i++) {
      const r = await deskPost(app.base, "/desk/sign-in", { intent: "code", code: wrong(i) }, { cookie });
      statuses.push(r.status);
      if (i === 14) {
        // The attacker knows the password: signing in with it again gives a new code step, not a new count.
        const again = await deskPost(app.base, "/desk/sign-in", { email: account.email, password: PASSWORD });
        expect(again.status).toBe(302);
        cookie = cookiesOf(again);
      }
    }
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(statuses.slice(9)).toEqual(Array(19).fill(429));
    // While blocked even the right code is refused.
    expect((await deskPost(app.base, "/desk/sign-in", { intent: "code", code: totp.generate() }, { cookie })).status).toBe(429);
    const audit = await db.kysely.selectFrom("audit_log").select("action").where("staff_id", "=", account.id).execute();
    expect(audit.filter((a) => a.action === "sign-in.code-failed")).toHaveLength(10);
    expect(audit.some((a) => a.action === "sign-in.blocked")).toBe(true);
  });

  it("accepts a code from the authenticator app once: the same code sent again is refused", async () => {
    const env = await envWith();
    const services: Services = testServices({ db, env, log: createLogger("silent") });
    const account = await staffWithPassword("replay@staff.test");
    const totp = await withTwoFactor(env, account.id, account.email);
    const now = new Date("2026-11-25T19:00:10Z");
    const client = { ip: "192.0.2.20", userAgent: null };
    const code = totp.generate({ timestamp: now.getTime() });
    expect((await signInWithCode(services, account.id, code, client, now)).kind).toBe("ok");
    expect((await signInWithCode(services, account.id, code, client, new Date(now.getTime() + 5_000))).kind).toBe("failed");
    // An earlier step's code, still inside the window, is refused too; the next step's works.
    const earlier = totp.generate({ timestamp: now.getTime() - 30_000 });
    expect((await signInWithCode(services, account.id, earlier, client, now)).kind).toBe("failed");
    const later = new Date(now.getTime() + 30_000);
    expect((await signInWithCode(services, account.id, totp.generate({ timestamp: later.getTime() }), client, later)).kind).toBe("ok");
    const row = await db.kysely.selectFrom("staff").select(["totp_last_step", "totp_secret"]).where("id", "=", account.id).executeTakeFirstOrThrow();
    expect(Number(row.totp_last_step)).toBe(Math.floor(later.getTime() / 30_000));
    // The secret is not in the database in plain text.
    expect(row.totp_secret).toMatch(/^v1:/);
    expect(row.totp_secret).not.toContain(totp.secret.base32);
  });
});

describe("the current password on the account page", () => {
  it("slows, audits and then blocks 12 wrong guesses from a signed-in session", { timeout: 120_000 }, async () => {
    const app = await startApp({});
    const account = await staffWithPassword("stolen.session@staff.test");
    const session = await createSession(db, account.id, { userAgent: "test" });
    const cookie = `__Host-fillway-desk=${session.token}`;
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 12; i++) {
      const r = await deskPost(app.base, "/desk/account", { intent: "2fa-codes", current: `guess number ${i}` }, { cookie });
      statuses.push(r.status);
      if (r.status === 429) retryAfter = Number(r.headers["retry-after"]);
    }
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(400));
    expect(statuses.slice(9)).toEqual([429, 429, 429]);
    expect(retryAfter).toBeGreaterThan(0);
    const audit = await db.kysely.selectFrom("audit_log").select("action").where("staff_id", "=", account.id).execute();
    expect(audit.filter((a) => a.action === "account.current-password-failed")).toHaveLength(10);
    expect(audit.filter((a) => a.action === "account.current-password-blocked")).toHaveLength(1);
    // Blocked, the right password does not pass either.
    expect((await checkCurrentPassword({ db, log: createLogger("silent") }, account, PASSWORD)).kind).toBe("throttled");
  });

  it("answers each guess past the free ones later than the last, up to a cap", async () => {
    const key = `current:test-${randomUUID()}`;
    const t0 = new Date("2026-11-25T19:00:00Z");
    const delays: number[] = [];
    for (let i = 0; i < 9; i++) delays.push((await recordFailure(db, key, CURRENT_PASSWORD_RULE, new Date(t0.getTime() + i * 1000))).delayMs);
    expect(delays).toEqual([0, 0, 0, 500, 1000, 1500, 2000, 2500, 3000]);
    // A new window starts afresh once the last one is over.
    expect((await recordFailure(db, key, CURRENT_PASSWORD_RULE, new Date(t0.getTime() + 16 * 60_000))).failures).toBe(1);
  });
});
