/**
 * `npm run bench:cluster`: the site as several instances on PostgreSQL behind nginx, on
 * loopback only. It starts a throw-away PostgreSQL cluster (Debian's postgresql package;
 * or uses --database-url), a local SMTP sink, the instances (server.js on the build) and
 * nginx with deploy/nginx/fillway.conf (ports rewritten), then, for one instance and for
 * three:
 *
 * - leads POSTed through nginx for --duration seconds: how they spread over the instances
 *   (each instance's own /metrics) and that every acknowledged lead is stored;
 * - every outbox message delivered exactly once to the SMTP sink;
 * - with three: a rolling restart (SIGTERM, start, wait for /readyz, next) while leads
 *   keep coming: requests that failed through nginx;
 * - with three: SIGKILL of one instance mid-run: acknowledged leads lost, and how soon the
 *   others take over the messages it held (its claims run out after one lease);
 * - a post published through one instance's desk: how long until every instance shows it;
 * - the public form rate limit: one client's posts spread over every instance, of which
 *   the cluster accepts RATE_LIMIT_MAX in total.
 *
 * Writes bench/cluster.md and bench/cluster.json; exits 1 when a lead is lost, a message
 * is not delivered, the rolling restart fails a request, a post takes more than 1 s to
 * show everywhere or the cluster accepts more than one limit. Needs nginx (apt-get
 * install nginx).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDb } from "../app/platform/db/db.server";
import { hashPassword } from "../app/features/staff/password.server";
import { createSession } from "../app/features/staff/session.server";
import { freePort, startSmtpSink } from "../tests/helpers/test-smtp";
import {
  benchArgs,
  ensureBuild,
  type FireStats,
  machine,
  positive,
  root,
  round,
  type RunningServer,
  sleep,
  startFiring,
  startServer,
  tempDbFile,
  validLead,
  writeOut,
} from "./bench-lib";

const args = benchArgs({ duration: { type: "string" }, "database-url": { type: "string" } });
const DURATION = positive(args.duration, "duration", 10) * 1000;
const TOKEN = "bench-cluster-metrics-token";
const CONCURRENCY = 20;

function have(cmd: string, a: string[]) {
  return spawnSync(cmd, a).status === 0;
}

/** A PostgreSQL cluster of its own in a temporary folder, as the postgres user when run as root. */
async function startPostgres(): Promise<{ url: string; stop(): void }> {
  const bin = spawnSync("sh", ["-c", "ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1"], { encoding: "utf8" }).stdout.trim();
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install postgresql), or pass --database-url");
  const dir = mkdtempSync(join(tmpdir(), "fillway-cluster-pg-"));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const asPg = (cmd: string, a: string[]) => {
    const r =
      process.getuid?.() === 0 ? spawnSync("runuser", ["-u", "postgres", "--", cmd, ...a], { encoding: "utf8" }) : spawnSync(cmd, a, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  };
  asPg(`${bin}/initdb`, ["-D", `${dir}/data`, "-A", "trust", "-U", "postgres"]);
  asPg(`${bin}/pg_ctl`, [
    "-D",
    `${dir}/data`,
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on`,
    "-l",
    `${dir}/log`,
    "-w",
    "start",
  ]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    asPg(`${bin}/pg_ctl`, ["-D", `${dir}/data`, "-m", "fast", "stop"]);
  };
  // Never leave the cluster running when the bench fails.
  process.once("exit", stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

/** nginx in the foreground with the repository's configuration, its upstream set to `ports`. */
async function startNginx(ports: number[]): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "fillway-cluster-nginx-"));
  const listen = await freePort();
  const site = readFileSync(join(root, "deploy/nginx/fillway.conf"), "utf8")
    .replace(/ *server 127\.0\.0\.1:\d+ max_fails[^\n]*\n/g, "")
    .replace("least_conn;", `least_conn;\n${ports.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=5s;`).join("\n")}`)
    .replace(/listen 127\.0\.0\.1:\d+;/, `listen 127.0.0.1:${listen};`);
  writeFileSync(join(dir, "fillway.conf"), site);
  writeFileSync(
    join(dir, "nginx.conf"),
    `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nworker_processes 1;\nevents { worker_connections 1024; }\nhttp {\n  access_log off;\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};\n  include ${dir}/fillway.conf;\n}\n`,
  );
  const child = spawn("nginx", ["-p", dir, "-c", join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
  // SIGTERM: the master stops its workers too.
  const reap = () => child.kill("SIGTERM");
  process.once("exit", reap);
  child.once("exit", () => process.off("exit", reap));
  const url = `http://127.0.0.1:${listen}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      )
    )
      break;
    await sleep(50);
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGQUIT");
      await exited;
    },
  };
}

async function leadsByInstance(instances: { port: number }[]): Promise<number[]> {
  return Promise.all(
    instances.map(async ({ port }) => {
      const text = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
        .then((r) => r.text())
        .catch(() => "");
      return [...text.matchAll(/^fillway_leads_total\{[^}]*outcome="stored"\} (\d+)/gm)].reduce((s, m) => s + Number(m[1]), 0);
    }),
  );
}

async function waitReady(port: number) {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`instance on ${port} never became ready`);
}

interface Phase {
  instances: number;
  sent: number;
  acked: number;
  rps: number;
  spread: number[];
  stored: number;
  lost: number;
  messages: number;
  delivered: number;
  duplicated: number;
  /** Messages the SIGKILLed instance held, sent before the kill but not recorded, and sent again by the others. */
  resentAfterKill: number;
  missing: number;
  deliverySeconds: number;
  rolling?: { failed: number; statuses: Record<string, number>; unanswered: number; acked: number; lost: number };
  killed?: { acked: number; lost: number; failedThroughNginx: number; waitingForLease: number; takenOverSeconds: number };
  /** Seconds from the desk's answer until each instance showed the new post. */
  published: number[];
  /** One client's posts over every instance: accepted / sent, against the limit. */
  limit: { accepted: number; sent: number; max: number };
}

/** The limit the instances are started again with for the rate-limit check (the lead load runs without one). */
const LIMIT_MAX = 30;

/**
 * Publishes a post through the desk of the first instance (a session made in the
 * database, the form posted as the editor's browser would) and times how long each
 * instance takes to list it on /news.
 */
async function publishThroughOne(databaseUrl: string, ports: number[]): Promise<number[]> {
  const db = await openDb(databaseUrl);
  try {
    const now = new Date().toISOString();
    const staff = await db.kysely
      .insertInto("staff")
      .values({
        email: `editor-${Date.now()}@bench.test`,
        name: null,
        role: "editor",
        password_hash: await hashPassword("Correct horse battery staple"),
        password_changed_at: now,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { token } = await createSession(db, Number(staff.id), {});
    const title = `Cluster post ${Date.now()}`;
    // Every instance has the list cached before the change.
    for (const port of ports) await fetch(`http://127.0.0.1:${port}/news`).then((r) => r.text());
    const form = new URLSearchParams({
      id: "",
      kind: "blog",
      title,
      subTitle: "Published through one instance.",
      body: "Shown by every instance.",
      date: now.slice(0, 10),
      publishedBy: "",
      image: "/media/blog/a-night-with-a-fuel-tech.svg",
      imageAlt: "A fuel technician at a parked truck at night",
      articleUrl: "",
      video: "",
      intent: "publish",
      publishAt: "",
      timeZone: "UTC",
    });
    const res = await fetch(`http://127.0.0.1:${ports[0]}/desk/posts/new`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { cookie: `__Host-fillway-desk=${token}`, "sec-fetch-site": "same-origin", origin: `http://127.0.0.1:${ports[0]}` },
    });
    if (res.status !== 302 && res.status !== 303) throw new Error(`publishing answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const t0 = performance.now();
    return await Promise.all(
      ports.map(async (port) => {
        for (;;) {
          const html = await fetch(`http://127.0.0.1:${port}/news`).then((r) => r.text());
          if (html.includes(title)) return round((performance.now() - t0) / 1000, 3);
          if (performance.now() - t0 > 30_000) return Number.POSITIVE_INFINITY;
          await sleep(20);
        }
      }),
    );
  } finally {
    await db.close();
  }
}

/** One client posting leads through nginx, spread over every instance: how many get through. */
async function limitThroughCluster(nginxUrl: string, sent: number): Promise<{ accepted: number; sent: number; max: number }> {
  let accepted = 0;
  for (let i = 0; i < sent; i++) {
    const res = await fetch(`${nginxUrl}/web/form`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(validLead(1_000_000 + i, randomUUID())),
    });
    await res.arrayBuffer();
    if (res.ok) accepted++;
  }
  return { accepted, sent, max: LIMIT_MAX };
}

async function phase(n: number, baseUrl: string, smtpUrl: string, sink: Awaited<ReturnType<typeof startSmtpSink>>): Promise<Phase> {
  const dbName = `fillway_cluster_${n}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const ports = await Promise.all(Array.from({ length: n }, () => freePort()));
  let heldMessageIds = new Set<string>();
  const env = (port: number) => ({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    SMTP_URL: smtpUrl,
    METRICS_TOKEN: TOKEN,
    TRUST_PROXY: "true",
    IP_HASH_SALT: "bench-cluster-salt-0123456789",
    // Not ready, still serving for 2 s after SIGTERM: nginx's connections to it close one by one.
    SHUTDOWN_DELAY_SECONDS: "2",
  });
  // dbFile only places the instance's MAIL_DIR (unused: mail goes to the SMTP sink).
  const start = (port: number, extra: Record<string, string> = {}) => startServer({ dbFile: tempDbFile("cluster"), env: { ...env(port), ...extra } });
  // One first (it runs the migrations), then the others together.
  const servers: RunningServer[] = [await start(ports[0]!)];
  servers.push(...(await Promise.all(ports.slice(1).map((port) => start(port)))));
  const nginx = await startNginx(ports);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const storedIds = async () =>
    new Set((await db.query<{ submission_id: string }>("SELECT submission_id FROM leads WHERE submission_id IS NOT NULL")).rows.map((r) => r.submission_id));
  const lostOf = async (s: FireStats) => {
    const ids = await storedIds();
    return s.acked.filter((a) => !ids.has(a.id)).length;
  };
  const failedOf = (s: FireStats) => Object.values(s.refused).reduce((a, b) => a + b, 0);

  // Leads through nginx.
  const before = sink.received.length;
  const fire = startFiring(nginx.url, { concurrency: CONCURRENCY });
  const t0 = performance.now();
  await sleep(DURATION);
  const stats = await fire.stop();
  const seconds = (performance.now() - t0) / 1000;
  const spread = await leadsByInstance(ports.map((port) => ({ port })));
  const result: Phase = {
    instances: n,
    sent: stats.sent,
    acked: stats.acked.length,
    rps: round(stats.acked.length / seconds, 0),
    spread,
    stored: (await storedIds()).size,
    lost: await lostOf(stats),
    messages: 0,
    delivered: 0,
    duplicated: 0,
    resentAfterKill: 0,
    missing: 0,
    deliverySeconds: 0,
    published: [],
    limit: { accepted: 0, sent: 0, max: LIMIT_MAX },
  };

  if (n > 1) {
    // A rolling restart while leads keep coming.
    const rolling = startFiring(nginx.url, { concurrency: CONCURRENCY });
    await sleep(1_000);
    for (let i = 0; i < n; i++) {
      await servers[i]!.stop();
      servers[i] = await start(ports[i]!);
      await waitReady(ports[i]!);
      await sleep(500);
    }
    const r = await rolling.stop();
    result.rolling = { failed: failedOf(r), statuses: r.refused, unanswered: r.unanswered, acked: r.acked.length, lost: await lostOf(r) };

    // SIGKILL of one instance mid-run.
    const killing = startFiring(nginx.url, { concurrency: CONCURRENCY });
    await sleep(2_000);
    const sending = async () =>
      new Map(
        (await db.query<{ id: string; attempts: number }>("SELECT id::text AS id, attempts FROM outbox WHERE state = 'sending'")).rows.map((r) => [
          r.id,
          r.attempts,
        ]),
      );
    const before = await sending();
    servers[n - 1]!.child.kill("SIGKILL");
    await once(servers[n - 1]!.child, "exit");
    await sleep(3_000);
    const k = await killing.stop();
    // What was being sent at the kill and is still claimed 3 s later is the dead instance's
    // (the live ones finish theirs): how soon the others take those messages over.
    const left = await sending();
    const held = [...before].filter(([id, attempts]) => left.get(id) === attempts);
    const tk = performance.now();
    // Still held: claimed by the same attempt as at the kill (a takeover counts one more).
    const stillHeld = async () => {
      const now = await sending();
      return held.filter(([id, attempts]) => now.get(id) === attempts).length;
    };
    heldMessageIds = new Set(
      (await db.query<{ message_id: string }>("SELECT message_id FROM outbox WHERE id::text = ANY($1)", [held.map(([id]) => id)])).rows.map(
        (r) => r.message_id,
      ),
    );
    while ((await stillHeld()) > 0 && performance.now() - tk < 600_000) await sleep(250);
    result.killed = {
      acked: k.acked.length,
      lost: await lostOf(k),
      failedThroughNginx: failedOf(k) + k.unanswered,
      waitingForLease: held.length,
      takenOverSeconds: round((performance.now() - tk + 3_000) / 1000, 1),
    };
    servers[n - 1] = await start(ports[n - 1]!);
    await waitReady(ports[n - 1]!);
  }

  // Every message delivered exactly once (a killed instance's claims come back after their lease).
  const d0 = performance.now();
  for (let i = 0; i < 1200; i++) {
    const left = await db.query<{ n: string }>("SELECT count(*)::text AS n FROM outbox WHERE state IN ('pending', 'sending')");
    if (Number(left.rows[0]?.n) === 0) break;
    await sleep(500);
  }
  result.deliverySeconds = round((performance.now() - d0) / 1000, 1);
  const ids = (await db.query<{ message_id: string }>("SELECT message_id FROM outbox WHERE channel = 'email' AND state = 'sent'")).rows.map(
    (r) => r.message_id,
  );
  const got = new Map<string, number>();
  for (const m of sink.received.slice(before)) {
    const id = m.mail.messageId ?? "";
    got.set(id, (got.get(id) ?? 0) + 1);
  }
  result.messages = (await db.query<{ n: string }>("SELECT count(*)::text AS n FROM outbox")).rows.map((r) => Number(r.n))[0] ?? 0;
  result.delivered = ids.filter((id) => got.has(id)).length;
  const twice = [...got].filter(([, c]) => c > 1).map(([id]) => id);
  // A message the killed instance held may have reached the SMTP server before the kill
  // without its outcome being written: taken over, it goes again (at least once across a
  // crash). Any other message received twice is a real duplicate.
  result.resentAfterKill = twice.filter((id) => heldMessageIds.has(id)).length;
  result.duplicated = twice.length - result.resentAfterKill;
  result.missing = ids.filter((id) => !got.has(id)).length + (result.messages - ids.length);

  result.published = await publishThroughOne(databaseUrl, ports);

  // The rate limit, with every instance started again under a small one.
  await Promise.all(servers.map((s) => s.stop()));
  for (let i = 0; i < n; i++) servers[i] = await start(ports[i]!, { RATE_LIMIT_MAX: String(LIMIT_MAX) });
  await Promise.all(ports.map(waitReady));
  // The lead load above was counted too (all of it from this machine's address): start from none.
  await db.query("DELETE FROM rate_counts");
  result.limit = await limitThroughCluster(nginx.url, LIMIT_MAX * 3);

  await db.end();
  await nginx.stop();
  await Promise.all(servers.map((s) => s.stop()));
  return result;
}

async function main() {
  if (!have("nginx", ["-v"])) throw new Error("nginx is not installed: apt-get install nginx");
  ensureBuild(Boolean(args["no-build"]));
  const postgres = args["database-url"] ? { url: args["database-url"], stop() {} } : await startPostgres();
  const sink = await startSmtpSink({ parse: false });
  const phases: Phase[] = [];
  try {
    for (const n of [1, 3]) {
      console.log(`${n} instance(s) …`);
      phases.push(await phase(n, postgres.url, sink.url, sink));
      console.log(JSON.stringify(phases.at(-1)));
    }
  } finally {
    await sink.close();
    postgres.stop();
  }
  const row = (label: string, f: (p: Phase) => string) => `| ${label} | ${phases.map(f).join(" | ")} |`;
  const md = `# bench:cluster

${(() => {
  const m = machine();
  return `${m.cpus} × ${m.cpuModel}, Node ${m.node}, load average ${m.loadAverage1m} at the end`;
})()}. PostgreSQL, nginx (deploy/nginx/fillway.conf) and the instances on loopback; ${CONCURRENCY} connections posting leads through nginx for ${DURATION / 1000} s.

| | ${phases.map((p) => `${p.instances} instance${p.instances > 1 ? "s" : ""}`).join(" | ")} |
|---|${phases.map(() => "---").join("|")}|
${row("Leads acknowledged (2xx) / sent", (p) => `${p.acked} / ${p.sent}`)}
${row("Leads per second through nginx", (p) => String(p.rps))}
${row("Stored by each instance", (p) => p.spread.join(" / "))}
${row("Acknowledged but not stored", (p) => String(p.lost))}
${row("Outbox messages / delivered / duplicated / missing", (p) => `${p.messages} / ${p.delivered} / ${p.duplicated} / ${p.missing}`)}
${row("Sent again after the SIGKILL (held by the killed instance, sent before the kill but not recorded)", (p) => (p.killed ? String(p.resentAfterKill) : "–"))}
${row("Rolling restart: failed / unanswered through nginx (leads acknowledged, lost)", (p) =>
  p.rolling
    ? `${p.rolling.failed}${
        p.rolling.failed
          ? ` (status ${Object.entries(p.rolling.statuses)
              .map(([k, v]) => `${k}: ${v}`)
              .join(", ")})`
          : ""
      } / ${p.rolling.unanswered} (${p.rolling.acked}, ${p.rolling.lost} lost)`
    : "–",
)}
${row("SIGKILL of one instance: failed through nginx (leads acknowledged, lost)", (p) => (p.killed ? `${p.killed.failedThroughNginx} (${p.killed.acked}, ${p.killed.lost} lost)` : "–"))}
${row("Messages the killed instance held / seconds until the others had taken them over", (p) => (p.killed ? `${p.killed.waitingForLease} / ${p.killed.takenOverSeconds}` : "–"))}
${row("Seconds until every message was out", (p) => String(p.deliverySeconds))}
${row("A post published through one instance: seconds until each showed it", (p) => p.published.map((x) => x.toFixed(2)).join(" / "))}
${row(`One client's posts over every instance, limit ${LIMIT_MAX}: accepted / sent`, (p) => `${p.limit.accepted} / ${p.limit.sent}`)}

Every message is delivered, and once ("duplicated" counts any message received twice that the killed instance did not hold). Across the SIGKILL delivery is at least once: a message the killed instance had handed to the SMTP server but not yet recorded as sent is taken over once its lease runs out and sent again, with the same Message-ID (mail clients show it once); those are counted on their own row, and only messages it held can be among them.
`;
  writeOut("bench/cluster.md", md);
  writeOut("bench/cluster.json", `${JSON.stringify({ machine: machine(), phases }, null, 2)}\n`);
  console.log(md);
  const bad = phases.some(
    (p) =>
      p.lost ||
      p.duplicated ||
      p.missing ||
      (p.rolling && (p.rolling.failed || p.rolling.unanswered || p.rolling.lost)) ||
      p.killed?.lost ||
      p.published.some((x) => x > 1) ||
      p.limit.accepted !== p.limit.max,
  );
  process.exit(bad ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
