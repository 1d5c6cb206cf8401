import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "~/platform/db/db.server";
import type { PageCache } from "~/platform/http/page-cache.server";
import { moduleCopies } from "~/platform/module-copies.server";
import { outboxBacklog } from "~/platform/outbox/store.server";
import type { Outbox } from "~/platform/outbox/worker.server";
import type { BackupFile } from "./backup.server";
import { observe } from "./observe";

/**
 * The server's metrics in the Prometheus text format, at GET /metrics for whoever sends
 * `Authorization: Bearer $METRICS_TOKEN`. Counted as they happen: requests (by route
 * group, method and status, with their duration), leads accepted and refused by form,
 * write-queue batches, page-cache hits and misses. Read when scraped: the outbox (waiting,
 * failed, the oldest waiting message's age), the page cache's size, the database pool,
 * the age of the last backup, and Node's own (event-loop delay, memory, CPU, GC).
 * Nothing here holds a visitor's data: labels are route groups, form kinds and outcomes.
 */
export interface Metrics {
  /** Counts one finished request (called when its response has been sent). */
  request(group: string, method: string, status: number, seconds: number): void;
  /** The page cache with its lookups counted. */
  countPageCache(cache: PageCache): PageCache;
  /** Answers GET /metrics (token already checked). */
  send(res: ServerResponse): Promise<void>;
  /** Stops recording (the hooks of observe.ts are removed). */
  close(): void;
}

export interface MetricsSources {
  db: Db;
  outbox?: Outbox;
  /** The newest finished backup, if any. */
  lastBackup?: () => BackupFile | undefined;
  now?: () => number;
  /** Gauges a feature reads when scraped (handed in by the server's entry; the platform knows no feature). */
  gauges?: readonly FeatureGauge[];
}

/** A gauge of a feature: its name, help and how to read its value (null: none yet, reported as NaN). */
export interface FeatureGauge {
  name: string;
  help: string;
  read(): Promise<number | null>;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"]);

export function createMetrics({ db, outbox, lastBackup, now = Date.now, gauges = [] }: MetricsSources): Metrics {
  const register = new Registry();
  collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });
  // Gauges named like counters, which `promtool check metrics` refuses; their per-type
  // gauges (nodejs_active_handles{type} and the like) stay and add up to the same.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) register.removeSingleMetric(name);

  const requests = new Histogram({
    name: "fillway_http_request_duration_seconds",
    help: "Requests answered, by route group, method and status, with the time to the last byte",
    labelNames: ["group", "method", "status"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [register],
  });
  const leads = new Counter({
    name: "fillway_leads_total",
    help: "Submissions on the lead path by form and outcome (stored, replay; refused: invalid, honeypot)",
    labelNames: ["form", "outcome"] as const,
    registers: [register],
  });
  const batchSize = new Histogram({
    name: "fillway_write_batch_size",
    help: "Writes committed together in one write-queue transaction",
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [register],
  });
  const batchSeconds = new Histogram({
    name: "fillway_write_batch_commit_seconds",
    help: "Time of one write-queue batch from its transaction's start to its commit",
    buckets: [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [register],
  });
  const cacheLookups = new Counter({
    name: "fillway_page_cache_lookups_total",
    help: "Page-cache lookups by result (hit, miss)",
    labelNames: ["result"] as const,
    registers: [register],
  });
  let cache: PageCache | undefined;
  new Gauge({
    name: "fillway_module_loads",
    help: "Times a module with state was loaded in this process (1 in production: one write queue, one rate limiter)",
    labelNames: ["module"],
    registers: [register],
    collect() {
      for (const [module, n] of moduleCopies()) this.set({ module }, n);
    },
  });
  new Gauge({
    name: "fillway_page_cache_bytes",
    help: "Bytes held by the page cache (every encoding of every page)",
    registers: [register],
    collect() {
      this.set(cache?.bytes ?? 0);
    },
  });
  new Gauge({
    name: "fillway_page_cache_entries",
    help: "Pages held by the page cache",
    registers: [register],
    collect() {
      this.set(cache?.size ?? 0);
    },
  });

  // The outbox, read from the table when scraped (one indexed query, shared by the three gauges).
  let outboxRead: Promise<{ waiting: number; failed: number; oldest: number }> | undefined;
  const readOutbox = () => {
    outboxRead ??= outboxBacklog(db, now()).finally(() => {
      setImmediate(() => {
        outboxRead = undefined;
      });
    });
    return outboxRead;
  };
  new Gauge({
    name: "fillway_outbox_waiting",
    help: "Messages waiting to be delivered (pending or being sent)",
    registers: [register],
    async collect() {
      this.set((await readOutbox()).waiting);
    },
  });
  new Gauge({
    name: "fillway_outbox_failed",
    help: "Messages given up on (state failed), waiting for a retry from the desk",
    registers: [register],
    async collect() {
      this.set((await readOutbox()).failed);
    },
  });
  new Gauge({
    name: "fillway_outbox_oldest_waiting_seconds",
    help: "Age of the oldest message waiting to be delivered (0 when none waits)",
    registers: [register],
    async collect() {
      this.set((await readOutbox()).oldest);
    },
  });
  if (outbox) {
    const { stats } = outbox;
    new Counter({
      name: "fillway_outbox_deliveries_total",
      help: "Delivery attempts of this process's outbox worker by result (sent, retried, failed)",
      labelNames: ["result"] as const,
      registers: [register],
      collect() {
        this.reset();
        this.inc({ result: "sent" }, stats.sent);
        this.inc({ result: "retried" }, stats.retried);
        this.inc({ result: "failed" }, stats.failed);
      },
    });
  }

  for (const g of gauges) {
    new Gauge({
      name: g.name,
      help: g.help,
      registers: [register],
      async collect() {
        // No value (never read, never failed) is NaN, never a figure that looks measured.
        this.set((await g.read()) ?? Number.NaN);
      },
    });
  }

  new Gauge({
    name: "fillway_db_pool_connections",
    help: "Database connections by state (PostgreSQL pool: total, idle, waiting for one; SQLite: its two fixed connections)",
    labelNames: ["state"] as const,
    registers: [register],
    collect() {
      const pool = db.poolStats?.();
      if (pool) {
        this.set({ state: "total" }, pool.total);
        this.set({ state: "idle" }, pool.idle);
        this.set({ state: "waiting" }, pool.waiting);
      } else this.set({ state: "total" }, 2);
    },
  });

  if (lastBackup) {
    new Gauge({
      name: "fillway_backup_age_seconds",
      help: "Age of the newest finished backup in BACKUP_DIR (-1 when there is none)",
      registers: [register],
      collect() {
        const last = lastBackup();
        this.set(last ? (now() - last.takenAt.getTime()) / 1000 : -1);
      },
    });
  }

  observe.lead = (form, outcome) => leads.inc({ form, outcome });
  observe.batch = (writes, seconds) => {
    batchSize.observe(writes);
    batchSeconds.observe(seconds);
  };

  return {
    request(group, method, status, seconds) {
      requests.observe({ group, method: METHODS.has(method) ? method : "other", status: String(status) }, seconds);
    },
    countPageCache(pages) {
      cache = pages;
      const hit = cacheLookups.labels({ result: "hit" });
      const miss = cacheLookups.labels({ result: "miss" });
      return {
        rules: pages.rules,
        get(key, version) {
          const page = pages.get(key, version);
          (page ? hit : miss).inc();
          return page;
        },
        set: (key, page) => pages.set(key, page),
        get size() {
          return pages.size;
        },
        get bytes() {
          return pages.bytes;
        },
      };
    },
    async send(res) {
      const body = await register.metrics();
      res.writeHead(200, { "Content-Type": register.contentType, "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(body) });
      res.end(body);
    },
    close() {
      observe.lead = undefined;
      observe.batch = undefined;
      register.clear();
    },
  };
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/** True when the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function hasBearer(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? "";
  const m = /^Bearer +(\S+)$/i.exec(header);
  // Digests of equal length, so neither the token's length nor its letters show in the timing.
  return timingSafeEqual(digest(m?.[1] ?? ""), digest(token)) && m !== null;
}
