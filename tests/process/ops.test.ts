import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { listBackups } from "../../app/platform/ops/backup.server";
import { exitCode, type Started, start, typeOneLead } from "./server";

/**
 * The server process (server.js on the build) as an operator runs it: health and
 * readiness, metrics behind a bearer token, its own backup at start, readiness gone the
 * moment SIGTERM arrives, and `npm run restore` refusing while it runs, then the server
 * starting on the restored file.
 */

const TOKEN = "metrics-token-for-the-process-test";
const dir = mkdtempSync(join(tmpdir(), "fillway-ops-"));
const file = join(dir, "site.db");
const backups = join(dir, "backups");
const running: Started[] = [];

afterAll(async () => {
  for (const s of running) {
    if (s.child.exitCode === null && s.child.signalCode === null) {
      s.child.kill("SIGKILL");
      await exitCode(s.child);
    }
  }
});

const leadsIn = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare("SELECT email FROM leads ORDER BY id").all() as { email: string }[]).map((r) => r.email);
  } finally {
    db.close();
  }
};

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, tries = 400): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

describe("the server in operation", () => {
  let base = "";
  let server: Started;

  it("answers /healthz and /readyz without logging them, and /metrics only with the token", async () => {
    server = start({
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${file}`,
      LOG_REQUESTS: "true",
      METRICS_TOKEN: TOKEN,
      BACKUP_DIR: backups,
      BACKUP_EVERY_HOURS: "6",
      SHUTDOWN_DELAY_SECONDS: "30",
    });
    running.push(server);
    base = await server.listening();

    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, await ready.text()]).toEqual([200, "ready"]);
    expect((await fetch(`${base}/readyz`, { method: "POST" })).status).toBe(405);

    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: "Bearer wrong-token-of-some-length" } })).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Basic ${TOKEN}` } })).status).toBe(401);

    // Traffic to count: a page, a lead, a refused lead.
    expect((await fetch(`${base}/faq`)).status).toBe(200);
    const post = (body: object) => fetch(`${base}/web/form`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await post(typeOneLead("kept@example.com"))).status).toBe(201);
    expect((await post({ ...typeOneLead("bad@example.com"), email: "not an address" })).status).toBe(422);

    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await metrics.text();
    expect(text).toMatch(/fillway_http_request_duration_seconds_count\{group="api \/web\/form",method="POST",status="201"\} 1\n/);
    expect(text).toMatch(/fillway_http_request_duration_seconds_count\{group="api \/web\/form",method="POST",status="422"\} 1\n/);
    expect(text).toMatch(/fillway_http_request_duration_seconds_count\{group="static",method="GET",status="200"\} 1\n/);
    expect(text).toMatch(/fillway_leads_total\{form="lead-personal",outcome="stored"\} 1\n/);
    expect(text).toMatch(/fillway_leads_total\{form="lead-personal",outcome="invalid"\} 1\n/);
    expect(text).toMatch(/fillway_write_batch_size_count [1-9]/);
    expect(text).toMatch(/fillway_write_batch_commit_seconds_bucket/);
    expect(text).toMatch(/fillway_outbox_waiting \d+\n/);
    expect(text).toMatch(/fillway_outbox_failed 0\n/);
    expect(text).toMatch(/fillway_outbox_oldest_waiting_seconds [\d.e-]+\n/);
    expect(text).toMatch(/fillway_page_cache_lookups_total/);
    expect(text).toMatch(/fillway_page_cache_bytes \d+\n/);
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds [\d.e-]+\n/);
    expect(text).toMatch(/fillway_db_pool_connections\{state="total"\} \d+\n/);
    expect(text).toMatch(/fillway_backup_age_seconds /);
    // The operator's endpoints are not counted, and nothing of a visitor is a label.
    expect(text).not.toContain("/healthz");
    expect(text).not.toContain("kept@example.com");
    // Prometheus's own linter takes it as it is (when promtool is installed; CI installs it).
    if (spawnSync("promtool", ["--version"]).status === 0) {
      const lint = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
      expect(`${lint.stdout}${lint.stderr}`).toBe("");
      expect(lint.status).toBe(0);
    }

    // One log line per request, but none for the probes or the metrics.
    await until("the lead's log line", () => (server.out().includes('"path":"/web/form"') ? true : undefined));
    expect(server.out()).not.toContain('"path":"/healthz"');
    expect(server.out()).not.toContain('"path":"/readyz"');
    expect(server.out()).not.toContain('"path":"/metrics"');
  }, 90_000);

  it("takes its first backup at start when there is none, and the backup's age shows in the metrics", async () => {
    const first = await until("a backup", () => listBackups(backups)[0]);
    expect(first.name).toMatch(/^fillway-\d{8}T\d{9}Z\.db$/);
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const age = Number(/fillway_backup_age_seconds ([\d.e+-]+)/.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(0);
  });

  it("refuses `npm run restore` while the server runs, and changes nothing", () => {
    const [backup] = listBackups(backups);
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", backup!.path], {
      env: { ...process.env, DATABASE_URL: `file:${file}`, BACKUP_DIR: backups },
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr, r.stderr).toMatch(/in use/);
    expect(leadsIn(file)).toContain("kept@example.com");
  });

  it("is no longer ready from the moment SIGTERM arrives, while it still lives and answers", async () => {
    server.child.kill("SIGTERM");
    await until("the shutdown line", () => (server.out().includes("not ready, still serving") ? true : undefined));
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    // Ready or not, nothing more to the caller; why is in the log.
    expect(await ready.text()).toBe("not ready");
    await until("the reason in the log", () => (server.out().includes('"reason":"shutting down"') ? true : undefined));
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    // Requests are still served until the load balancer has noticed, each closing its
    // connection so that none sits idle for a proxy to reuse as the server closes it.
    const served = await new Promise<{ status?: number; connection?: string }>((resolve, reject) =>
      get(`${base}/faq`, (res) => {
        res.resume();
        resolve({ status: res.statusCode, connection: res.headers.connection });
      }).on("error", reject),
    );
    expect(served).toEqual({ status: 200, connection: "close" });
    server.child.kill("SIGKILL");
    await exitCode(server.child);
  });

  it("restores a backup once the server is stopped, and the server starts on the restored file", async () => {
    // `npm run backup` on demand, then a lead written after it; the restore takes the
    // database back to before that lead.
    const made = spawnSync(process.execPath, ["--import", "tsx", "scripts/backup.ts"], {
      env: { ...process.env, DATABASE_URL: `file:${file}`, BACKUP_DIR: backups },
      encoding: "utf8",
    });
    expect(made.status).toBe(0);
    const backup = listBackups(backups).at(-1);
    expect(made.stdout).toContain(backup!.path);
    const inBackup = leadsIn(backup!.path);
    expect(inBackup).toContain("kept@example.com");
    const db = new Database(file);
    db.prepare("INSERT INTO leads (kind, type, email, payload, created_at, status) VALUES ('lead-personal', 1, 'later@example.com', '{}', ?, 'new')").run(
      new Date().toISOString(),
    );
    db.close();
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", backup!.path], {
      env: { ...process.env, DATABASE_URL: `file:${file}`, BACKUP_DIR: backups },
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const aside = /kept at (\S+)\.$/m.exec(r.stdout)?.[1];
    expect(aside && existsSync(aside)).toBe(true);
    expect(leadsIn(aside!)).toContain("later@example.com");
    expect(leadsIn(file)).toEqual(inBackup);

    // The server starts on it; without METRICS_TOKEN, /metrics is not there at all.
    const again = start({ PORT: "0", HOST: "127.0.0.1", DATABASE_URL: `file:${file}`, BACKUP_DIR: backups, BACKUP_EVERY_HOURS: "0" });
    running.push(again);
    const url = await again.listening();
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    again.child.kill("SIGTERM");
    expect(await exitCode(again.child)).toBe(0);
  }, 90_000);
});
