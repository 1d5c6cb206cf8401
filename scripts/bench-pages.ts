/**
 * `npm run bench:pages`: Lighthouse 12 (mobile form factor, default simulated throttling)
 * in Debian's Chromium against the production build served by the real server, on every
 * route of app/copy/pages.ts plus one blog post, and each route once more with the site's
 * scripts refused (what the host costs the HTML and stylesheet alone). Writes
 * bench/pages.json and bench/pages.md and exits 1 when a budget of bench/budgets.json is missed.
 *
 * Options: --no-build, --runs N (Lighthouse runs per route; each figure is the median over
 * the runs, and the budgets are checked on those medians; 1), --only /faq,/blog (a subset, for a quick look).
 * Lighthouse measures the CPU it runs on: run it on a quiet machine.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { pagePaths } from "../app/copy/pages";
import { benchArgs, ensureBuild, machine, positive, root, round, startServer, tempDbFile, writeOut } from "./bench-lib";

interface Budgets {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  tbtMs: number;
  jsKbGzip: number;
}

interface FailedAudit {
  id: string;
  title: string;
  category: string;
}

interface PageResult {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Same-origin JavaScript requested before the page is idle, as served gzipped. */
  jsKbGzip: number;
  jsFiles: number;
  /** Audits below full marks in the non-performance categories, and performance opportunities. */
  failedAudits: FailedAudit[];
  misses: string[];
  /**
   * The same page with its scripts refused (every same-origin /assets/*.js): what the host's
   * Chromium costs to parse, style, lay out and paint the HTML alone. The budgets are checked
   * on the page as served; this says how much of its blocking time is the page's JavaScript.
   */
  withoutScripts?: { performance: number; tbtMs: number };
  /** Each run's own figures, when the route was measured more than once. */
  runs?: Pick<PageResult, "performance" | "lcpMs" | "tbtMs" | "cls" | "jsKbGzip">[];
}

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

const gzipSizes = new Map<string, number>();

/** Bytes of a script as the server sends it to a browser that accepts only gzip. */
async function gzipBytes(url: string): Promise<number> {
  const hit = gzipSizes.get(url);
  if (hit !== undefined) return hit;
  const res = await fetch(url, { headers: { "accept-encoding": "gzip" } });
  // fetch decodes the body: count the bytes on the wire from Content-Length instead.
  const wire = Number(res.headers.get("content-length") ?? Number.NaN);
  const body = new Uint8Array(await res.arrayBuffer());
  const size = Number.isFinite(wire) && res.headers.get("content-encoding") === "gzip" ? wire : (await import("node:zlib")).gzipSync(body, { level: 9 }).length;
  gzipSizes.set(url, size);
  return size;
}

async function summarize(path: string, lhr: Lhr, origin: string): Promise<PageResult> {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // Every same-origin script fetched until Lighthouse ends the load (network and CPU quiet
  // for a second after the load event): the module preloads switched on after the first
  // paint and the chunks a part imports as it comes alive included, whatever type the
  // browser filed the request under (a module preload is not always "Script").
  const requests = (
    (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string; mimeType?: string }[] } | undefined)?.items ?? []
  ).filter((r) => r.url.startsWith(origin) && (r.resourceType === "Script" || /javascript/i.test(r.mimeType ?? "") || /\.m?js(?:\?|$)/.test(r.url)));
  const scripts = [...new Set(requests.map((r) => r.url))];
  let js = 0;
  for (const u of scripts) js += await gzipBytes(u);
  const failedAudits: FailedAudit[] = [];
  for (const [catId, cat] of Object.entries(lhr.categories)) {
    for (const ref of cat.auditRefs) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.scoreDisplayMode === "manual" || a.scoreDisplayMode === "notApplicable" || a.scoreDisplayMode === "informative") continue;
      if (catId === "performance" ? ref.weight === 0 && a.score < 0.9 && a.details?.type === "opportunity" : a.score < 1) {
        failedAudits.push({ id: a.id, title: a.title, category: catId });
      }
    }
  }
  const r: PageResult = {
    path,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(num("largest-contentful-paint")),
    fcpMs: Math.round(num("first-contentful-paint")),
    tbtMs: Math.round(num("total-blocking-time")),
    cls: round(num("cumulative-layout-shift"), 3),
    speedIndexMs: Math.round(num("speed-index")),
    jsKbGzip: round(js / 1024, 1),
    jsFiles: scripts.length,
    failedAudits,
    misses: [],
  };
  return r;
}

/** The median of each figure over the runs of one route; audits and files from the median run by performance. */
function medianResult(runs: PageResult[]): PageResult {
  const median = (pick: (r: PageResult) => number) => {
    const v = runs.map(pick).sort((a, b) => a - b);
    const mid = Math.floor(v.length / 2);
    return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
  };
  const typical = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor((runs.length - 1) / 2)]!;
  return {
    ...typical,
    performance: Math.round(median((r) => r.performance)),
    accessibility: Math.round(median((r) => r.accessibility)),
    bestPractices: Math.round(median((r) => r.bestPractices)),
    seo: Math.round(median((r) => r.seo)),
    lcpMs: Math.round(median((r) => r.lcpMs)),
    fcpMs: Math.round(median((r) => r.fcpMs)),
    tbtMs: Math.round(median((r) => r.tbtMs)),
    cls: round(
      median((r) => r.cls),
      3,
    ),
    speedIndexMs: Math.round(median((r) => r.speedIndexMs)),
    jsKbGzip: round(
      median((r) => r.jsKbGzip),
      1,
    ),
    misses: [],
    runs: runs.map(({ performance, lcpMs, tbtMs, cls, jsKbGzip }) => ({ performance, lcpMs, tbtMs, cls, jsKbGzip })),
  };
}

/** What of the budgets a route's figures miss. */
function budgetMisses(r: PageResult, budgets: Budgets): string[] {
  const misses: string[] = [];
  if (r.performance < budgets.performance) misses.push(`performance ${r.performance} < ${budgets.performance}`);
  if (r.accessibility < budgets.accessibility) misses.push(`accessibility ${r.accessibility} < ${budgets.accessibility}`);
  if (r.bestPractices < budgets.bestPractices) misses.push(`best practices ${r.bestPractices} < ${budgets.bestPractices}`);
  if (r.seo < budgets.seo) misses.push(`SEO ${r.seo} < ${budgets.seo}`);
  if (!(r.cls <= budgets.cls)) misses.push(`CLS ${r.cls} > ${budgets.cls}`);
  if (!(r.tbtMs <= budgets.tbtMs)) misses.push(`TBT ${r.tbtMs} ms > ${budgets.tbtMs} ms`);
  if (!(r.jsKbGzip <= budgets.jsKbGzip)) misses.push(`JS ${r.jsKbGzip} KB > ${budgets.jsKbGzip} KB gzipped`);
  return misses;
}

/**
 * One Lighthouse run of a page, `blocked` requests refused. Lighthouse now and then fails to
 * record a trace (NO_NAVSTART, NO_FCP on a busy machine): such a run says nothing about the
 * page, so it is repeated, twice at most.
 */
async function audit(url: string, port: number, blocked: string[] = []): Promise<Lhr> {
  let lastError = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const out = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      blockedUrlPatterns: blocked,
    });
    if (out && !out.lhr.runtimeError && out.lhr.categories.performance?.score !== null) return out.lhr;
    lastError = out?.lhr.runtimeError?.message ?? "no result";
  }
  throw new Error(`Lighthouse failed three times on ${url}: ${lastError}`);
}

async function main() {
  const budgets = JSON.parse(readFileSync(resolve(root, "bench/budgets.json"), "utf8")) as Budgets;
  const args = benchArgs({ runs: { type: "string" }, only: { type: "string" }, scripts: { type: "boolean", default: false } });
  const runs = Math.round(positive(args.runs, "runs", 1));
  const only = args.only?.split(",").filter(Boolean);
  ensureBuild(args["no-build"]);
  const server = await startServer({ dbFile: tempDbFile("pages") });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  const results: PageResult[] = [];
  try {
    const paths: string[] = [...pagePaths];
    const list = await fetch(`${server.url}/web/getData2?flag=4&limit=1&isPublished=true&isArticle=false`).then((r) => (r.ok ? r.json() : null));
    const postId = (list as { data?: { data?: { _id: string }[] } } | null)?.data?.data?.[0]?._id;
    if (postId) paths.push(`/blogdetail/${postId}`);
    else console.warn("no blog post to measure: GET /web/getData2?flag=4 gave none");
    const selected = only ? paths.filter((p) => only.some((o) => p === o || (o.endsWith("*") && p.startsWith(o.slice(0, -1))))) : paths;

    for (const path of selected) {
      const url = `${server.url}${path}`;
      const measured: PageResult[] = [];
      for (let i = 0; i < runs; i++) {
        measured.push(await summarize(path, await audit(url, Number(chrome.port)), server.url));
      }
      const r = medianResult(measured);
      const floor = await audit(url, Number(chrome.port), [`${server.url}/assets/*.js`]);
      r.withoutScripts = {
        performance: Math.round((floor.categories.performance?.score ?? 0) * 100),
        tbtMs: Math.round(floor.audits["total-blocking-time"]?.numericValue ?? Number.NaN),
      };
      r.misses = budgetMisses(r, budgets);
      results.push(r);
      for (const a of r.failedAudits.filter((f) => f.category !== "performance")) console.log(`    ${a.category}: ${a.id} (${a.title})`);
      if (args.scripts)
        for (const [u, n] of gzipSizes) if (u.startsWith(server.url)) console.log(`    ${(n / 1024).toFixed(1)} KB ${u.slice(server.url.length)}`);
      console.log(
        `${r.misses.length ? "✗" : "✓"} ${path.padEnd(56)} perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} seo ${r.seo} LCP ${r.lcpMs} TBT ${r.tbtMs} CLS ${r.cls} JS ${r.jsKbGzip} KB (without scripts: perf ${r.withoutScripts.performance}, TBT ${r.withoutScripts.tbtMs})${r.misses.length ? `  ← ${r.misses.join("; ")}` : ""}`,
      );
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  const ok = results.every((r) => r.misses.length === 0);
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    lighthouse: "12 (mobile, simulated throttling)",
    runsPerRoute: runs,
    budgets,
    ok,
    pages: results,
  };
  if (!only) writeOut("bench/pages.json", `${JSON.stringify(report, null, 2)}\n`);
  const rows = results.map(
    (r) =>
      `| \`${r.path}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.lcpMs / 1000).toFixed(2)} s | ${r.tbtMs} ms | ${r.cls} | ${r.jsKbGzip} KB | ${r.withoutScripts?.performance ?? "–"} | ${r.withoutScripts ? `${r.withoutScripts.tbtMs} ms` : "–"} | ${r.misses.length ? `✗ ${r.misses.join("; ")}` : "✓"} |`,
  );
  const worst = (k: "performance" | "tbtMs" | "jsKbGzip" | "cls") =>
    results.reduce((a, b) => ((k === "performance" ? b[k] < a[k] : b[k] > a[k]) ? b : a), results[0]!);
  const md = `# Page speed benchmark

${report.date.slice(0, 16).replace("T", " ")} UTC · Lighthouse ${report.lighthouse} · Chromium at /usr/bin/chromium · ${report.machine.cpus} × ${report.machine.cpuModel} · ${runs > 1 ? `each figure the median of ${runs} runs per route` : "one run per route"}

Budgets (\`bench/budgets.json\`): performance ≥ ${budgets.performance}, accessibility, best practices and SEO ≥ ${budgets.accessibility}/${budgets.bestPractices}/${budgets.seo}, CLS ≤ ${budgets.cls}, TBT ≤ ${budgets.tbtMs} ms, initial JavaScript ≤ ${budgets.jsKbGzip} KB gzipped.

The two columns "without scripts" measure the same page once more with every script of the
site refused (Lighthouse's blocked URLs, \`/assets/*.js\`): the cost of the HTML and the
stylesheet alone on this host's Chromium. They are not budgets; they tell what part of the
blocking time the page's JavaScript adds, and what the host costs a page with none.

| Route | Perf | A11y | Best pr. | SEO | LCP | TBT | CLS | JS (gzip) | Perf without scripts | TBT without scripts | Budgets |
|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|
${rows.join("\n")}

${results.length ? `Lowest performance: ${worst("performance").performance} (\`${worst("performance").path}\`); highest TBT: ${worst("tbtMs").tbtMs} ms (\`${worst("tbtMs").path}\`); largest initial JavaScript: ${worst("jsKbGzip").jsKbGzip} KB (\`${worst("jsKbGzip").path}\`); largest CLS: ${worst("cls").cls} (\`${worst("cls").path}\`).` : ""}

**${ok ? "Every route meets every budget." : `${results.filter((r) => r.misses.length).length} route(s) miss a budget.`}**
`;
  if (!only) writeOut("bench/pages.md", md);
  else console.log(md);
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
