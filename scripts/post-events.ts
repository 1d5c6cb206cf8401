/**
 * Posts insight beacons to a running server, as visitors would, until stopped (Ctrl-C or
 * --seconds): for measuring the lead endpoint while insight events arrive, e.g.
 *
 *   TRUST_PROXY=1 npm run bench:load -- --only-form     # prints "server http://127.0.0.1:PORT"
 *   node --import tsx scripts/post-events.ts --url http://127.0.0.1:PORT --rate 300
 *
 * Each beacon is a page view with two form steps and a Web Vital, from one of 50,000
 * made-up client addresses (X-Forwarded-For, so the server must run with TRUST_PROXY=1),
 * --rate beacons a second. Prints how many were answered, by status.
 */
import http from "node:http";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: { url: { type: "string" }, rate: { type: "string", default: "300" }, seconds: { type: "string", default: "0" } },
});
if (!args.url) throw new Error("--url http://host:port is required");
const target = new URL("/api/events", args.url);
const rate = Number(args.rate);
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
const statuses = new Map<number, number>();
const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const PAGES = ["/", "/getafleet", "/faq", "/gasoline", "/diesel-on-demand", "/news"];
let n = 0;

function post() {
  n++;
  const body = JSON.stringify({
    v: `bench${n.toString(36).padStart(8, "0")}`,
    p: PAGES[n % PAGES.length],
    s: n % 5 ? undefined : "newsletter",
    c: n % 5 ? undefined : "spring",
    w: n % 3 ? 1280 : 390,
    e: [["view"], ["form", "quote-short", "seen"], ["form", "quote-short", "started"], ["vital", "LCP", 800 + (n % 3000)]],
  });
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n % 200}`;
  const req = http.request(
    target,
    { method: "POST", agent, headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": UA, "x-forwarded-for": ip } },
    (res) => {
      statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
      res.resume();
    },
  );
  req.on("error", () => statuses.set(0, (statuses.get(0) ?? 0) + 1));
  req.end(body);
}

const started = Date.now();
const timer = setInterval(() => {
  for (let i = 0; i < rate / 20; i++) post();
}, 50);
function stop() {
  clearInterval(timer);
  const s = (Date.now() - started) / 1000;
  console.log(`${n} beacons in ${s.toFixed(0)} s (${(n / s).toFixed(0)}/s); answers: ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(", ")}`);
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
if (Number(args.seconds) > 0) setTimeout(stop, Number(args.seconds) * 1000);
