/**
 * `npm run bench:crash`: leads at full speed into the real server on SQLite, SIGKILL in
 * the middle of the stream, restart on the same database file, then prove that every
 * submission that was answered 2xx is stored (matched by submissionId, else e-mail).
 *
 * Options: --no-build, --rounds N (3), --concurrency N (16), --before-kill N (acks before
 * the kill, 2000; the kill then lands a random 0–50 ms later, while writes are in flight).
 * Writes bench/crash.json and bench/crash.md; exits 1 on any lost lead.
 */
import { once } from "node:events";
import {
  benchArgs,
  ensureBuild,
  lostLeads,
  machine,
  positive,
  readStoredLeads,
  sleep,
  startFiring,
  startServer,
  tempDbFile,
  validLead,
  writeOut,
} from "./bench-lib";

export interface CrashRound {
  sent: number;
  acked: number;
  refused: Record<string, number>;
  unanswered: number;
  storedAfterRestart: number;
  /** Stored but never answered: committed just before the kill, the answer died with the process. */
  storedUnacked: number;
  lost: number;
  lostExamples: string[];
  restartedAndServing: boolean;
}

/** One round: fire, kill -9 mid-stream, restart on the same file, count. */
export async function crashRound(opts: { concurrency: number; beforeKill: number; timeoutMs?: number }): Promise<CrashRound> {
  const dbFile = tempDbFile("crash");
  const first = await startServer({ dbFile });
  const firing = startFiring(first.url, { concurrency: opts.concurrency });
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  while (firing.stats.acked.length < opts.beforeKill) {
    const refused = Object.values(firing.stats.refused).reduce((a, b) => a + b, 0);
    if (Date.now() > deadline || (refused > 50 && firing.stats.acked.length === 0)) {
      await firing.stop();
      await first.stop();
      throw new Error(`the server did not accept leads: ${JSON.stringify(firing.stats.refused)}, ${firing.stats.acked.length} accepted`);
    }
    await sleep(2);
  }
  await sleep(Math.random() * 50);
  const exited = once(first.child, "exit");
  first.child.kill("SIGKILL");
  await exited;
  const stats = await firing.stop();

  // The same database file, a fresh process: it must open, recover and serve.
  const second = await startServer({ dbFile });
  const id = crypto.randomUUID();
  const after = validLead(-1, id);
  const res = await fetch(`${second.url}/web/form`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(after) });
  await res.arrayBuffer();
  const acked = [...stats.acked];
  if (res.ok) acked.push({ id, email: after.email });
  await second.stop();

  const stored = readStoredLeads(dbFile);
  const lost = lostLeads(acked, stored);
  return {
    sent: stats.sent + 1,
    acked: acked.length,
    refused: stats.refused,
    unanswered: stats.unanswered,
    storedAfterRestart: stored.count,
    storedUnacked: stored.count - (acked.length - lost.length),
    lost: lost.length,
    lostExamples: lost.slice(0, 5).map((l) => l.id),
    restartedAndServing: res.ok,
  };
}

async function main() {
  const args = benchArgs({ rounds: { type: "string" }, concurrency: { type: "string" }, "before-kill": { type: "string" } });
  const rounds = positive(args.rounds, "rounds", 3);
  const concurrency = positive(args.concurrency, "concurrency", 16);
  const beforeKill = positive(args["before-kill"], "before-kill", 2000);
  ensureBuild(args["no-build"]);
  const results: CrashRound[] = [];
  for (let i = 0; i < rounds; i++) {
    const r = await crashRound({ concurrency, beforeKill });
    results.push(r);
    console.log(
      `round ${i + 1}: sent ${r.sent}, answered 2xx ${r.acked}, no answer ${r.unanswered}, stored after restart ${r.storedAfterRestart} (${r.storedUnacked} committed but unanswered), lost ${r.lost}`,
    );
  }
  const lost = results.reduce((a, r) => a + r.lost, 0);
  const acked = results.reduce((a, r) => a + r.acked, 0);
  const ok = lost === 0 && results.every((r) => r.restartedAndServing);
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    settings: { rounds, concurrency, beforeKill, database: "SQLite (WAL, synchronous=FULL)" },
    rounds: results,
    acked,
    lost,
    ok,
  };
  writeOut("bench/crash.json", `${JSON.stringify(report, null, 2)}\n`);
  const rows = results.map(
    (r, i) =>
      `| ${i + 1} | ${r.sent.toLocaleString("en-US")} | ${r.acked.toLocaleString("en-US")} | ${r.unanswered} | ${r.storedAfterRestart.toLocaleString("en-US")} | ${r.storedUnacked} | **${r.lost}** | ${r.restartedAndServing ? "yes" : "**no**"} |`,
  );
  writeOut(
    "bench/crash.md",
    `# Crash-safety benchmark

${report.date.slice(0, 16).replace("T", " ")} UTC · ${report.machine.cpus} × ${report.machine.cpuModel} · Node ${report.machine.node}

Valid leads sent to \`POST /web/form\` over ${concurrency} keep-alive connections as fast as the server answers; after ${beforeKill.toLocaleString("en-US")} acknowledgements the server process gets SIGKILL (0–50 ms later, with writes in flight), is started again on the same SQLite file, takes one more lead, and the leads table is read. A lead is lost when it was answered 2xx and is not stored (matched by submissionId, else e-mail).

| Round | Sent | Answered 2xx | No answer (killed) | Stored after restart | Stored, answer lost in the kill | Lost | Restarted and serving |
|--:|--:|--:|--:|--:|--:|--:|:-:|
${rows.join("\n")}

**${acked.toLocaleString("en-US")} acknowledged leads, ${lost} lost.**
`,
  );
  console.log(ok ? `no acknowledged lead lost (${acked} acknowledged)` : `LOST ${lost} acknowledged leads`);
  process.exit(ok ? 0 : 1);
}

if (import.meta.filename === process.argv[1]) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
