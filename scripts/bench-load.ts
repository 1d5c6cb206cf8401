/**
 * `npm run bench:load`: requests per second and p50/p99 latency of the real server on
 * loopback, for a pre-rendered page, a server-rendered page and the lead endpoint, beside
 * a bare node:http server sending the same pre-rendered HTML from memory (the ceiling).
 * After the lead load the stored leads are counted: they must equal the 2xx answers.
 *
 * Options: --no-build (reuse BUILD_DIR), --duration S (10), --connections N (10),
 * --leads N (requests in the lead run, 15000), --rounds N (page rounds, 2).
 * Writes bench/load.json and bench/load.md; exits 1 when a target is missed or a lead
 * answered 2xx is not stored.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  benchArgs,
  buildDir,
  type CannonRequest,
  cannon,
  ensureBuild,
  type Figure,
  figure,
  machine,
  measureGet,
  pageHeaders,
  positive,
  readStoredLeads,
  round,
  sleep,
  startBare,
  startServer,
  table,
  tempDbFile,
  validLead,
  writeOut,
} from "./bench-lib";

const PAGE = "/faq";
const SSR_PAGE = "/blog";
const LEAD_PATH = "/web/form";
/** Targets of the issue, on the 2-core machine. */
const TARGETS = { staticRatio: 0.5, leadRps: 1500, leadP99Ms: 50 };

const args = benchArgs({
  duration: { type: "string" },
  connections: { type: "string" },
  leads: { type: "string" },
  rounds: { type: "string" },
});

// ---- measurements ----------------------------------------------------------------------

interface LeadRun {
  figure: Figure | null;
  probeStatus: number;
  probeBody: string;
  acked: number;
  stored: number;
  ackedButMissing: number;
  countsMatch: boolean;
}

async function measureLeads(base: string, connections: number, amount: number, dbFile: string, stop: () => Promise<void>): Promise<LeadRun> {
  const url = `${base}${LEAD_PATH}`;
  const headers = { "content-type": "application/json", accept: "application/json" };
  // One lead first: is the endpoint there, and does it accept this body?
  const probeId = randomUUID();
  const probe = await fetch(url, { method: "POST", headers, body: JSON.stringify(validLead(0, probeId)) });
  const probeText = await probe.text();
  const probeBody = (probe.headers.get("content-type") ?? "").includes("json") ? probeText.slice(0, 300) : `(a ${probe.headers.get("content-type")} page: no such API route)`;
  const acked = new Set<string>();
  if (probe.ok) acked.add(probeId);
  let fig: Figure | null = null;
  if (probe.ok) {
    let n = 1;
    const request: CannonRequest = {
      method: "POST",
      path: LEAD_PATH,
      headers,
      setupRequest(req, context) {
        const id = randomUUID();
        context.id = id;
        return { ...req, body: JSON.stringify(validLead(n++, id)) };
      },
      onResponse(status, _body, context) {
        if (status >= 200 && status < 300) acked.add(String(context.id));
      },
    };
    const r = await cannon({ url, connections, amount, requests: [request] });
    fig = figure("POST /web/form (valid type-1 lead)", url, "POST", connections, r);
  }
  await stop();
  const store = readStoredLeads(dbFile);
  const stored = store.count;
  const missing = [...acked].filter((id) => !store.ids.has(id)).length;
  return {
    figure: fig,
    probeStatus: probe.status,
    probeBody,
    acked: acked.size,
    stored,
    ackedButMissing: missing,
    countsMatch: stored === acked.size && missing === 0,
  };
}

// ---- report ----------------------------------------------------------------------------

async function main() {
  const duration = positive(args.duration, "duration", 10);
  const connections = positive(args.connections, "connections", 10);
  const amount = positive(args.leads, "leads", 15_000);
  const rounds = positive(args.rounds, "rounds", 2);
  ensureBuild(args["no-build"]);
  const htmlFile = join(buildDir, "client", PAGE.slice(1), "index.html");
  readFileSync(htmlFile); // fail early, with the path, when the page was not pre-rendered

  const dbFile = tempDbFile("load");
  const server = await startServer({ dbFile });
  const bare = await startBare(htmlFile);
  console.log(`server ${server.url}, bare static server ${bare.url}; ${connections} connections, ${duration} s per run`);

  // Interleaved rounds, ceiling then lean path back to back, so both see the same machine.
  const bareRuns: Figure[] = [];
  const pageRuns: Figure[] = [];
  for (let i = 0; i < rounds; i++) {
    bareRuns.push(await measureGet(`bare node:http, ${PAGE} from memory`, bare.url, PAGE, connections, duration));
    pageRuns.push(await measureGet(`GET ${PAGE} (pre-rendered)`, server.url, PAGE, connections, duration));
    console.log(`round ${i + 1}: bare ${bareRuns[i]?.rps} rps, ${PAGE} ${pageRuns[i]?.rps} rps`);
  }
  await bare.stop();
  const best = (runs: Figure[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const bareBest = best(bareRuns);
  const pageBest = best(pageRuns);
  const ratio = round(pageBest.rps / bareBest.rps, 3);

  const ssrProbe = await fetch(`${server.url}${SSR_PAGE}`);
  await ssrProbe.arrayBuffer();
  const ssr = ssrProbe.ok ? await measureGet(`GET ${SSR_PAGE} (server-rendered)`, server.url, SSR_PAGE, connections, duration) : null;
  console.log(ssr ? `${SSR_PAGE}: ${ssr.rps} rps` : `${SSR_PAGE} answered ${ssrProbe.status}: not measured`);

  const leads = await measureLeads(server.url, connections, amount, dbFile, () => server.stop());
  console.log(
    leads.figure
      ? `${LEAD_PATH}: ${leads.figure.rps} rps, p99 ${leads.figure.p99Ms} ms; acked ${leads.acked}, stored ${leads.stored}, missing ${leads.ackedButMissing}`
      : `${LEAD_PATH} answered ${leads.probeStatus} to a valid lead: ${leads.probeBody}`,
  );

  const checks = {
    prerenderedAtLeastHalfOfBare: ratio >= TARGETS.staticRatio,
    leadEndpointPresent: leads.figure !== null,
    leadRps: leads.figure ? leads.figure.rps >= TARGETS.leadRps : false,
    leadP99: leads.figure ? leads.figure.p99Ms <= TARGETS.leadP99Ms : false,
    leadNon2xx: leads.figure ? leads.figure.non2xx === 0 && leads.figure.errors === 0 : false,
    storedEqualsAcked: leads.figure ? leads.countsMatch : false,
  };
  const ok = Object.values(checks).every(Boolean);
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    settings: { connections, durationS: duration, leadRequests: amount, rounds, pipelining: 1, requestHeaders: pageHeaders },
    targets: TARGETS,
    bareStatic: bareBest,
    prerendered: pageBest,
    prerenderedToBareRatio: ratio,
    serverRendered: ssr ?? { missing: true, status: ssrProbe.status },
    lead: leads,
    rounds: { bare: bareRuns, prerendered: pageRuns },
    checks,
    ok,
  };
  writeOut("bench/load.json", `${JSON.stringify(report, null, 2)}\n`);

  const rows = [bareBest, pageBest, ...(ssr ? [ssr] : []), ...(leads.figure ? [leads.figure] : [])];
  const yes = (b: boolean) => (b ? "met" : "**missed**");
  const md = `# Load benchmark

${report.date.slice(0, 16).replace("T", " ")} UTC · ${report.machine.cpus} × ${report.machine.cpuModel} · Node ${report.machine.node} · load average before the run ${report.machine.loadAverage1m}

autocannon on loopback, ${connections} connections, no pipelining, ${duration} s per page run after a 2 s warm-up (best of ${rounds} interleaved rounds for the static pair); the lead run is a fixed ${amount.toLocaleString("en-US")} requests, each a valid type-1 lead with its own submissionId. Pages are requested with \`accept-encoding: br, gzip\` from both servers.

${table(rows)}

- Pre-rendered page vs the bare static server: **${Math.round(ratio * 100)} %** (target ≥ ${TARGETS.staticRatio * 100} %: ${yes(checks.prerenderedAtLeastHalfOfBare)}).
${ssr ? "" : `- \`${SSR_PAGE}\` answered ${ssrProbe.status}: not measured.\n`}${
    leads.figure
      ? `- \`POST ${LEAD_PATH}\`: ${leads.figure.rps.toLocaleString("en-US")} requests/s at p99 ${leads.figure.p99Ms} ms (target ≥ ${TARGETS.leadRps.toLocaleString("en-US")}/s at p99 ≤ ${TARGETS.leadP99Ms} ms: ${yes(checks.leadRps && checks.leadP99)}).
- Leads answered 2xx: ${leads.acked.toLocaleString("en-US")}; stored: ${leads.stored.toLocaleString("en-US")}; answered 2xx but not stored: ${leads.ackedButMissing} (${yes(checks.storedEqualsAcked)}).`
      : `- \`POST ${LEAD_PATH}\` is **missing or refused a valid lead**: ${leads.probeStatus} ${leads.probeBody}`
  }
`;
  writeOut("bench/load.md", md);
  console.log(ok ? "all load targets met" : `load targets missed: ${Object.entries(checks).filter(([, v]) => !v).map(([k]) => k).join(", ")}`);
  process.exitCode = ok ? 0 : 1;
  // Give stdout a moment, then leave even if a keep-alive socket lingers.
  await sleep(50);
  process.exit();
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
