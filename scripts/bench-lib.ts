/**
 * Shared by the bench scripts: build into BUILD_DIR, start the real server process on a
 * throw-away database, a typed face for autocannon, and small report helpers.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import Database from "better-sqlite3";

export const root = resolve(import.meta.dirname, "..");
export const buildDir = resolve(root, process.env.BUILD_DIR ?? "build");

/**
 * A bench script's command line (node:util parseArgs): its own options plus `--no-build`;
 * an unknown option or a missing value stops the script with parseArgs' message.
 */
export function benchArgs<O extends NonNullable<ParseArgsConfig["options"]>>(options: O) {
  return parseArgs({ options: { ...options, "no-build": { type: "boolean", default: false } }, strict: true, allowPositionals: false }).values;
}

/** A positive number given as an option, or the fallback; anything else is an error. */
export function positive(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, not "${value}"`);
  return n;
}

/** Builds into BUILD_DIR unless `--no-build` was given and a build is already there. */
export function ensureBuild(noBuild: boolean): void {
  const skip = noBuild && existsSync(join(buildDir, "server/main.js"));
  if (skip) return;
  console.log(`building into ${buildDir} …`);
  const r = spawnSync("npm", ["run", "-s", "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (r.status !== 0) throw new Error("the production build failed");
}

export function tempDbFile(label: string): string {
  return join(mkdtempSync(join(tmpdir(), `fillway-${label}-`)), "bench.db");
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts server.js (the process operators run) on a free port and waits for its
 * "listening" line. Request logging off and the form rate limit out of the way, so the
 * figures measure serving, not logging or throttling.
 */
export async function startServer(opts: { dbFile: string; env?: Record<string, string>; nodeArgs?: string[] }): Promise<RunningServer> {
  let out = "";
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under load.
  const nodeArgs = opts.nodeArgs ?? (process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) || []);
  const child = spawn(process.execPath, [...nodeArgs, "server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      BUILD_DIR: buildDir,
      DATABASE_URL: `file:${opts.dbFile}`,
      LOG_LEVEL: "info",
      LOG_REQUESTS: "false",
      RATE_LIMIT_MAX: "100000000",
      // No backup of the bench database into the repository's data/backups.
      BACKUP_EVERY_HOURS: "0",
      // Without an SMTP sink the outbox writes .eml files: next to the bench database, not in data/.
      MAIL_DIR: `${opts.dbFile}.mail`,
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  // Never leave a server behind when the bench itself fails.
  const reap = () => child.kill("SIGKILL");
  process.once("exit", reap);
  child.once("exit", () => process.off("exit", reap));
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`server did not start within 60 s:\n${out}`)), 60_000);
    const check = () => {
      const m = /"url":"(http:[^"]+)"/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        child.stdout?.off("data", check);
        res(m[1]);
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      rej(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
  return {
    url,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The bare static server (scripts/bench-bare.ts) in its own process, serving `htmlFile`. */
export async function startBare(htmlFile: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "scripts/bench-bare.ts"), htmlFile], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((res, rej) => {
    let out = "";
    child.stdout?.on("data", (d) => {
      out += d;
      const m = /"url":"([^"]+)"/.exec(out);
      if (m?.[1]) res(m[1]);
    });
    child.once("exit", (code) => rej(new Error(`bare server exited with ${code}`)));
  });
  const reap = () => child.kill("SIGKILL");
  process.once("exit", reap);
  child.once("exit", () => process.off("exit", reap));
  return {
    url,
    stop: () =>
      new Promise<void>((r) => {
        if (child.exitCode !== null || child.signalCode !== null) return r();
        child.once("exit", () => r());
        child.kill("SIGTERM");
      }),
  };
}

// ---- autocannon, typed for what the benches use -------------------------------------

export interface Histogram {
  average: number;
  mean: number;
  stddev: number;
  min: number;
  max: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  total?: number;
}

export interface CannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  throughput: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
  "4xx": number;
  "5xx": number;
  statusCodeStats: Record<string, { count: number }>;
}

export interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: CannonRequest, context: Record<string, unknown>) => CannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
}

export interface CannonOptions {
  url: string;
  connections?: number;
  duration?: number;
  amount?: number;
  pipelining?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: CannonRequest[];
  timeout?: number;
}

const require = createRequire(import.meta.url);
const autocannon = require("autocannon") as (
  opts: CannonOptions,
  cb: (err: Error | null, res: CannonResult) => void,
) => { on(event: "response", listener: () => void): void };

/**
 * One autocannon run. A run of a fixed --amount stops only at autocannon's next
 * one-second tick, so its own duration is rounded up to whole seconds (15,000 requests
 * done in 10.1 s read as 11.02 s, 9 % too slow); such a run's duration is taken from
 * the first request to the last response instead.
 */
export function cannon(opts: CannonOptions): Promise<CannonResult> {
  return new Promise((res, rej) => {
    const started = performance.now();
    let last = started;
    const instance = autocannon(opts, (err, result) => {
      if (err) return rej(err);
      if (opts.amount && last > started) result.duration = round((last - started) / 1000, 2);
      res(result);
    });
    if (opts.amount) instance.on("response", () => (last = performance.now()));
  });
}

// ---- page figures, shared by bench-load and bench-scale -------------------------------

// A browser asks for compressed HTML; both servers get the same request headers.
export const pageHeaders = { accept: "text/html,application/xhtml+xml", "accept-encoding": "br, gzip" };

export interface Figure {
  label: string;
  url: string;
  method: string;
  connections: number;
  durationS: number;
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  bytesPerResponse: number;
  status2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export function figure(label: string, url: string, method: string, connections: number, r: CannonResult): Figure {
  const total = r["2xx"] + r.non2xx;
  return {
    label,
    url,
    method,
    connections,
    durationS: round(r.duration, 2),
    requests: total,
    rps: round(total / r.duration, 0),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    bytesPerResponse: total ? Math.round((r.throughput.total ?? 0) / total) : 0,
    status2xx: r["2xx"],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** GETs of one path, or of `path()` anew for every request (e.g. a different search each time). */
export async function measureGet(label: string, base: string, path: string | (() => string), connections: number, duration: number): Promise<Figure> {
  const url = typeof path === "string" ? `${base}${path}` : base;
  const requests: CannonRequest[] | undefined =
    typeof path === "string" ? undefined : [{ method: "GET", headers: pageHeaders, setupRequest: (req) => ({ ...req, path: path() }) }];
  // A short warm-up so the JIT and the connection pool are in steady state.
  await cannon({ url, connections, duration: 2, headers: pageHeaders, requests });
  const r = await cannon({ url, connections, duration, headers: pageHeaders, requests });
  return figure(label, url, "GET", connections, r);
}

/** A markdown table of figures. */
export function table(rows: Figure[]): string {
  const head = "| Target | Requests/s | p50 ms | p99 ms | max ms | bytes/response | 2xx | non-2xx | errors |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|";
  const lines = rows.map(
    (f) =>
      `| ${f.label} | ${f.rps.toLocaleString("en-US")} | ${f.p50Ms} | ${f.p99Ms} | ${f.maxMs} | ${f.bytesPerResponse.toLocaleString("en-US")} | ${f.status2xx.toLocaleString("en-US")} | ${f.non2xx} | ${f.errors + f.timeouts} |`,
  );
  return [head, ...lines].join("\n");
}

// ---- leads ----------------------------------------------------------------------------

/** A valid personal-variant lead of form type 1 (spec sections 3 and 5), unique by id and e-mail. */
export function validLead(n: number, submissionId: string) {
  return {
    submissionId,
    type: 1,
    email: `load-${n}-${submissionId.slice(0, 8)}@example.com`,
    firstName: "Dana",
    lastName: "Reyes",
    phone: "2145550123",
    zipCode: "75201",
    city: "Dallas",
    message: "Two vans parked overnight at our depot need diesel twice a week.",
  };
}

/** A POST /web/form request that sends a new valid type-1 lead each time (for autocannon). */
export function leadPostRequest(): CannonRequest {
  let n = 0;
  return {
    method: "POST",
    path: "/web/form",
    headers: { "content-type": "application/json", accept: "application/json" },
    setupRequest: (req) => ({ ...req, body: JSON.stringify(validLead(n++, randomUUID())) }),
  };
}

/** A valid "Tell me when you arrive" lead (POST /api/waitlist): ZIP codes in, near and far from our markets. */
export function validWaitlistLead(n: number, submissionId: string) {
  const zips = ["75201", "60601", "99501", "33101", "85004"];
  return { submissionId, email: `wait-${n}-${submissionId.slice(0, 8)}@example.com`, zipCode: zips[n % zips.length], type: 1 };
}

export interface StoredLeads {
  count: number;
  ids: Set<string>;
  emails: Set<string>;
  /** Stored leads by kind (lead-personal, waitlist…). */
  kinds: Record<string, number>;
}

/** Reads what the leads table holds (open only while no server writes, or read-only in WAL). */
export function readStoredLeads(dbFile: string): StoredLeads {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT submission_id, email, kind FROM leads").all() as { submission_id: string | null; email: string; kind: string }[];
    const kinds: Record<string, number> = {};
    for (const r of rows) kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
    return {
      count: rows.length,
      ids: new Set(rows.flatMap((r) => (r.submission_id ? [r.submission_id] : []))),
      emails: new Set(rows.map((r) => r.email.toLowerCase())),
      kinds,
    };
  } finally {
    db.close();
  }
}

export interface Acked {
  id: string;
  email: string;
}

export interface FireStats {
  sent: number;
  acked: Acked[];
  /** Answers that were not 2xx, by status. */
  refused: Record<string, number>;
  /** Requests that got no answer (connection reset or refused). */
  unanswered: number;
}

/**
 * Sends valid leads as fast as `concurrency` keep-alive connections allow, remembering
 * every submission answered 2xx, until `stop()`. `stats` is live while it runs.
 */
export function startFiring(base: string, opts: { concurrency: number }): { stats: FireStats; stop(): Promise<FireStats> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const target = new URL("/web/form", base);
  const stats: FireStats = { sent: 0, acked: [], refused: {}, unanswered: 0 };
  let n = 0;
  let stopping = false;
  const post = (body: string) =>
    new Promise<number>((res, rej) => {
      const req = http.request(
        target,
        { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), accept: "application/json" } },
        (resp) => {
          resp.resume();
          resp.on("end", () => res(resp.statusCode ?? 0));
          resp.on("error", rej);
        },
      );
      req.on("error", rej);
      req.end(body);
    });
  const worker = async () => {
    while (!stopping) {
      const id = randomUUID();
      const lead = validLead(n++, id);
      stats.sent++;
      try {
        const status = await post(JSON.stringify(lead));
        if (status >= 200 && status < 300) stats.acked.push({ id, email: lead.email });
        else stats.refused[status] = (stats.refused[status] ?? 0) + 1;
      } catch {
        stats.unanswered++;
        // The server is gone: do not spin on a refused port.
        await sleep(20);
      }
    }
  };
  const running = Promise.all(Array.from({ length: opts.concurrency }, worker));
  return {
    stats,
    async stop() {
      stopping = true;
      await running;
      agent.destroy();
      return stats;
    },
  };
}

/** Acknowledged submissions not found among the stored leads (by submissionId, else e-mail). */
export function lostLeads(acked: Acked[], stored: StoredLeads): Acked[] {
  return acked.filter((a) => !stored.ids.has(a.id) && !stored.emails.has(a.email.toLowerCase()));
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
export function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is the 3rd, utime the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return null;
  }
}

let ticks = 0;
function clockTicks(): number {
  if (!ticks) ticks = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
  return ticks;
}

// ---- report helpers --------------------------------------------------------------------

export function machine() {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model ?? "unknown",
    node: process.version,
    loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}

export function writeOut(rel: string, text: string): void {
  const path = resolve(root, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${rel}`);
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * A CRM that takes every webhook request and never answers (the worker gives up on each
 * after its timeout). `open` counts the requests still waiting for an answer.
 */
export async function startHangingWebhook(): Promise<{ url: string; stats: { requests: number; open: number }; close(): Promise<void> }> {
  const stats = { requests: 0, open: 0 };
  const server = http.createServer((req) => {
    stats.requests++;
    stats.open++;
    req.resume();
    req.socket.once("close", () => stats.open--);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/crm`,
    stats,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Counts of what an SMTP sink received against the Message-IDs that were stored. */
export function mailCounts(stored: Iterable<string>, received: { messageId: string; clientGone: boolean }[]) {
  const expected = new Set(stored);
  const counts = new Map<string, number>();
  for (const m of received) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
  return {
    expected: expected.size,
    received: received.length,
    lost: [...expected].filter((id) => !counts.has(id)).length,
    /** Message-IDs received more than once. */
    duplicated: [...counts.values()].filter((c) => c > 1).length,
    /** Copies beyond the first. */
    resent: received.length - counts.size,
    /** Copies the sink had whole when the sender was killed waiting for its answer. */
    clientGone: received.filter((m) => m.clientGone).length,
    unknown: [...counts.keys()].filter((id) => !expected.has(id)).length,
  };
}
