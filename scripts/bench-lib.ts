/**
 * Shared by the bench scripts: build into BUILD_DIR, start the real server process on a
 * throw-away database, a typed face for autocannon, and small report helpers.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

export const root = resolve(import.meta.dirname, "..");
export const buildDir = resolve(root, process.env.BUILD_DIR ?? "build");

/** Builds into BUILD_DIR unless `--no-build` was given and a build is already there. */
export function ensureBuild(): void {
  const skip = process.argv.includes("--no-build") && existsSync(join(buildDir, "server/index.js"));
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
 * Starts server.ts (the process operators run) on a free port and waits for its
 * "listening" line. Request logging off and the form rate limit out of the way, so the
 * figures measure serving, not logging or throttling.
 */
export async function startServer(opts: { dbFile: string; env?: Record<string, string> }): Promise<RunningServer> {
  let out = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
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
const autocannon = require("autocannon") as (opts: CannonOptions, cb: (err: Error | null, res: CannonResult) => void) => unknown;

export function cannon(opts: CannonOptions): Promise<CannonResult> {
  return new Promise((res, rej) => {
    autocannon(opts, (err, result) => (err ? rej(err) : res(result)));
  });
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
