import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import * as http from "node:http";
import * as https from "node:https";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, setPassword } from "~/features/staff/accounts.server";
import { openDb } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { exitCode, type Started, start, typeOneLead } from "./server";

/**
 * The shipped deploy/nginx/fillway.conf run by Debian's nginx, as operators run it: alone
 * (TRUST_PROXY=true), and behind a second nginx that terminates TLS with a self-signed
 * certificate on a port of its own (TRUST_PROXY=2). In each the desk's sign-in passes its
 * origin check, and posts from three client addresses (127.0.0.2, .3, .4 on loopback) are
 * three clients: three stored address hashes, three rate limits.
 */

const has = (cmd: string, args: string[]) => spawnSync(cmd, args).status === 0;
const shipped = resolve(import.meta.dirname, "../../deploy/nginx/fillway.conf");
const PASSWORD = "correct horse battery staple 42";

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** An nginx of its own: its prefix, pid and logs in a temporary folder, `server` blocks given. */
async function nginx(dir: string, http: string): Promise<{ child: ChildProcess; log: () => string }> {
  const main = join(dir, "nginx.conf");
  writeFileSync(
    main,
    `daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};\n${http}\n}\n`,
  );
  const test = spawnSync("nginx", ["-t", "-c", main, "-p", dir], { encoding: "utf8" });
  expect(test.stderr).toMatch(/test is successful/);
  const child = spawn("nginx", ["-c", main, "-p", dir], { stdio: "ignore" });
  return { child, log: () => readFileSync(join(dir, "error.log"), "utf8") };
}

/** The shipped file, listening on `listen` and sending to one instance at `upstream`. */
function shippedOn(listen: number, upstream: string): string {
  const conf = readFileSync(shipped, "utf8");
  expect(conf).toContain("listen 127.0.0.1:8080;");
  return conf
    .replace("listen 127.0.0.1:8080;", `listen 127.0.0.1:${listen};`)
    .replace(/^\s*server 127\.0\.0\.1:300[23] [^\n]*\n/gm, "")
    .replace(/server 127\.0\.0\.1:3001 /, `server ${upstream} `);
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request from a given local address, over http or https (trusting the test's certificate). */
function send(url: string, options: { method?: string; from?: string; headers?: Record<string, string>; body?: string; ca?: string }): Promise<Reply> {
  const u = new URL(url);
  const lib = u.protocol === "https:" ? https : http;
  return new Promise((resolveReply, reject) => {
    const req = lib.request(
      u,
      {
        method: options.method ?? "GET",
        localAddress: options.from,
        headers: options.headers,
        ca: options.ca,
        servername: u.protocol === "https:" ? "localhost" : undefined,
        agent: false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          body += d;
        });
        res.on("end", () => resolveReply({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Waits until the proxy in front answers a page, so the first test request meets a running nginx. */
async function waitFor(url: string, ca?: string): Promise<void> {
  for (;;) {
    try {
      const r = await send(url, { ca });
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const lead = (tag: string) => JSON.stringify(typeOneLead(`${tag}@example.com`));

interface Topology {
  name: string;
  trustProxy: string;
  /** The public base URL, once started. */
  base: string;
  ca?: string;
  server?: Started;
  file: string;
  nginxes: ChildProcess[];
}

async function startTopology(t: Topology, front: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "fillway-edge-"));
  t.file = join(dir, "t.db");
  t.server = start({ PORT: "0", HOST: "127.0.0.1", TRUST_PROXY: t.trustProxy, RATE_LIMIT_MAX: "1", DATABASE_URL: `file:${t.file}` });
  const instance = new URL(await t.server.listening()).host;
  const db = await openDb(`file:${t.file}`);
  try {
    const env = { ...loadEnv({ LOG_LEVEL: "silent", DATABASE_URL: `file:${t.file}` }), IP_HASH_SALT: "edge-test-salt-0123456789" };
    const { account } = await createAccount(db, env, { email: "edge@staff.test", role: "admin" });
    await setPassword(db, account.id, PASSWORD);
  } finally {
    await db.close();
  }
  const innerPort = await freePort();
  const inner = await nginx(join(dir), shippedOn(innerPort, instance));
  t.nginxes.push(inner.child);
  if (!front) {
    t.base = `http://127.0.0.1:${innerPort}`;
    await waitFor(`${t.base}/faq`);
    return;
  }
  // The TLS terminator: a self-signed certificate for localhost, on a port that is not 443.
  const frontDir = mkdtempSync(join(tmpdir(), "fillway-front-"));
  const key = join(frontDir, "key.pem");
  const cert = join(frontDir, "cert.pem");
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost",
    ],
    { encoding: "utf8" },
  );
  expect(made.status, made.stderr).toBe(0);
  t.ca = readFileSync(cert, "utf8");
  const frontPort = await freePort();
  const outer = await nginx(
    frontDir,
    `  server {
    listen 127.0.0.1:${frontPort} ssl;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_pass http://127.0.0.1:${innerPort};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`,
  );
  t.nginxes.push(outer.child);
  t.base = `https://localhost:${frontPort}`;
  await waitFor(`${t.base}/faq`, t.ca);
}

async function stopTopology(t: Topology): Promise<void> {
  for (const n of t.nginxes) {
    if (n.exitCode === null) {
      n.kill("SIGTERM");
      await exitCode(n);
    }
  }
  const child = t.server?.child;
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await exitCode(child);
  }
}

const topologies: Array<{ name: string; trustProxy: string; front: boolean }> = [
  { name: "nginx alone, on a port of its own (TRUST_PROXY=true)", trustProxy: "true", front: false },
  { name: "nginx behind a TLS terminator on :PORT with a self-signed certificate (TRUST_PROXY=2)", trustProxy: "2", front: true },
];

describe.skipIf(!has("nginx", ["-v"]) || !has("openssl", ["version"]))("the shipped nginx configuration", () => {
  describe.each(topologies)("$name", ({ trustProxy, front }) => {
    const t: Topology = { name: "", trustProxy, base: "", file: "", nginxes: [] };
    beforeAll(async () => {
      await startTopology(t, front);
    }, 90_000);
    afterAll(async () => {
      await stopTopology(t);
    });

    it("signs staff in to the desk: the browser's origin, scheme and port reach the server", { timeout: 60_000 }, async () => {
      const page = await send(`${t.base}/desk/sign-in`, { ca: t.ca });
      expect(page.status).toBe(200);
      const signIn = await send(`${t.base}/desk/sign-in`, {
        method: "POST",
        ca: t.ca,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: t.base, "sec-fetch-site": "same-origin" },
        body: new URLSearchParams({ email: "edge@staff.test", password: PASSWORD }).toString(),
      });
      expect(signIn.body).not.toContain("another site");
      expect(signIn.status).toBe(302);
      expect(signIn.headers.location).toBe("/desk");
      const cookie = (signIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
      const desk = await send(`${t.base}/desk`, { ca: t.ca, headers: { cookie } });
      expect(desk.status).toBe(200);
      // Over https the browser is told to stay on https; over plain http it is not.
      expect(desk.headers["strict-transport-security"] !== undefined).toBe(front);
    });

    it("stores three clients' posts with three address hashes and counts three rate limits", { timeout: 60_000 }, async () => {
      const post = (from: string, tag: string, headers: Record<string, string> = {}) =>
        send(`${t.base}/web/form`, { method: "POST", from, ca: t.ca, headers: { "content-type": "application/json", ...headers }, body: lead(tag) });
      const clients = ["127.0.0.2", "127.0.0.3", "127.0.0.4"];
      for (const [i, from] of clients.entries()) expect((await post(from, `client${i}`)).status, from).toBe(201);
      // RATE_LIMIT_MAX=1: each client's second post is over its own limit, whatever it
      // writes in X-Forwarded-For itself.
      expect((await post("127.0.0.2", "again", { "x-forwarded-for": "203.0.113.9" })).status).toBe(429);
      expect((await post("127.0.0.3", "again2")).status).toBe(429);
      const db = new Database(t.file, { readonly: true });
      try {
        const rows = db.prepare("SELECT email, ip_hash FROM leads WHERE email LIKE 'client%' ORDER BY email").all() as Array<{
          email: string;
          ip_hash: string | null;
        }>;
        expect(rows.map((r) => r.email)).toEqual(["client0@example.com", "client1@example.com", "client2@example.com"]);
        expect(rows.every((r) => typeof r.ip_hash === "string" && r.ip_hash.length > 0)).toBe(true);
        expect(new Set(rows.map((r) => r.ip_hash)).size).toBe(3);
      } finally {
        db.close();
      }
    });
  });
});
