/**
 * `npm run bench:metrics`: what recording the metrics costs one request of the lead
 * endpoint, measured in CPU time apart from the noise of a load test: the calls a lead
 * request makes with METRICS_TOKEN set (its request histogram, its lead counter, its share
 * of a write batch's two histograms, a page-cache lookup counted) in a loop, against the
 * server's CPU per lead request that `npm run bench:load` reports. (The listener's
 * own clock read at the start of a request is there with metrics off too.) Also the cost of one
 * scrape. Writes nothing; prints the figures.
 */
import { EventEmitter } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "../app/platform/db/db.server";
import { createPageCache } from "../app/platform/http/page-cache.server";
import { createMetrics } from "../app/platform/ops/metrics.server";
import { observe } from "../app/platform/ops/observe";

const N = 500_000;
const db = await openDb(`file:${join(mkdtempSync(join(tmpdir(), "fillway-metrics-")), "m.db")}`);
const metrics = createMetrics({ db, lastBackup: () => undefined });
const cache = metrics.countPageCache(createPageCache());
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// The response whose "finish" the listener waits for (one listener added per request).
const res = new EventEmitter();

function perRequest(): number {
  const start = cpu();
  for (let i = 0; i < N; i++) {
    const started = process.hrtime.bigint();
    res.once("finish", () => metrics.request("api /web/form", "POST", 201, Number(process.hrtime.bigint() - started) / 1e9));
    res.emit("finish");
    observe.lead?.("lead-personal", "stored");
    // A batch of about 16 leads at load: its two observations shared by its leads.
    if (i % 16 === 0) observe.batch?.(16, 0.003);
    cache.get("/missing", "v1");
  }
  return ((cpu() - start) * 1000) / N;
}

perRequest(); // warm up
const runs = [perRequest(), perRequest(), perRequest()].sort((a, b) => a - b);
const scrapes: number[] = [];
for (let i = 0; i < 20; i++) {
  const start = cpu();
  await metrics.send({ writeHead: () => undefined, end: () => undefined } as never);
  scrapes.push(cpu() - start);
}
scrapes.sort((a, b) => a - b);
const us = runs[1]!;
console.log(
  `recording per lead request: ${us.toFixed(2)} µs of CPU (median of 3 × ${N.toLocaleString("en-US")}; runs ${runs.map((r) => r.toFixed(2)).join(", ")})`,
);
for (const leadMs of [0.52, 0.59, 0.8]) console.log(`  = ${((us / 1000 / leadMs) * 100).toFixed(2)} % of ${leadMs} ms of server CPU per lead request`);
console.log(`one scrape: ${scrapes[10]!.toFixed(2)} ms of CPU (median of 20)`);
metrics.close();
await db.close();
