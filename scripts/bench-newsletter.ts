/**
 * `npm run bench:newsletter`: one newsletter issue to --subscribers N (100,000) confirmed
 * addresses, sent by the real server (server.js over the build) to a local SMTP sink,
 * with NEWSLETTER_RATE_PER_MINUTE raised to --rate (10,000) for the bench. While it
 * sends, POST /web/form is loaded for --load-seconds S (10) with --connections C (10)
 * valid leads, as in bench:load.
 *
 * Reported: how long the issue took (fill, first to last e-mail received), e-mails per
 * second, lost (a written Message-ID never received), duplicated (a Message-ID, or a
 * subscriber's address for the issue, received twice), addresses never written, and the
 * lead endpoint's requests per second and p99 during the send (which pauses the issue: its
 * messages are bulk messages, left in the outbox while leads arrive). Writes
 * bench/newsletter.json and bench/newsletter.md; exits 1 on a lost or duplicated e-mail,
 * or a lead endpoint under 1,500 requests/s.
 *
 * Options: --no-build (reuse BUILD_DIR), --subscribers N, --rate N, --load-seconds S,
 * --connections C.
 */
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { renderMarkdown } from "../app/features/content/markdown.server";
import { openDb } from "../app/platform/db/db.server";
import { startSmtpSink } from "../tests/helpers/test-smtp";
import {
  benchArgs,
  type CannonRequest,
  cannon,
  ensureBuild,
  figure,
  machine,
  mailCounts,
  positive,
  processCpuMs,
  round,
  sleep,
  startServer,
  tempDbFile,
  validLead,
  writeOut,
} from "./bench-lib";

const args = benchArgs({
  "no-build": { type: "boolean" },
  subscribers: { type: "string" },
  rate: { type: "string" },
  "load-seconds": { type: "string" },
  connections: { type: "string" },
});
const subscribers = positive(args.subscribers, "subscribers", 100_000);
// Raised from the default 600 to about what the outbox delivers here (~170 a second): far
// above it, every message is released at once and the outbox's claims slow down under a
// backlog of 100,000 (measured: 30 e-mails/s instead of 170).
const rate = positive(args.rate, "rate", 10_000);
const loadSeconds = positive(args["load-seconds"], "load-seconds", 10);
const connections = positive(args.connections, "connections", 10);
const TARGET_LEAD_RPS = 1500;
const SUBJECT = "Fillway bench issue";
const LEAD_PATH = "/web/form";

let leadNumber = 0;
/** Valid type-1 leads, each with its own submission id (as bench:load sends). */
const leadRequest = (): CannonRequest => ({
  method: "POST",
  path: LEAD_PATH,
  headers: { "content-type": "application/json", accept: "application/json" },
  setupRequest: (req) => ({ ...req, body: JSON.stringify(validLead(leadNumber++, randomUUID())) }),
});

const emailOf = (n: number) => `reader-${n}@bench.example`;

/** The subscribers and the issue (a draft), written before the server starts. */
async function seed(dbFile: string) {
  const db = await openDb(`file:${dbFile}`);
  const at = new Date().toISOString();
  const CHUNK = 500;
  for (let i = 0; i < subscribers; i += CHUNK * 10) {
    await db.kysely.transaction().execute(async (trx) => {
      for (let j = i; j < Math.min(subscribers, i + CHUNK * 10); j += CHUNK) {
        const rows = Array.from({ length: Math.min(CHUNK, subscribers - j) }, (_, k) => {
          const email = emailOf(j + k);
          return {
            kind: "newsletter",
            type: 4,
            email,
            email_norm: email,
            payload: "{}",
            page_path: "/",
            status: "subscribed",
            created_at: at,
            confirmed_at: at,
          };
        });
        await trx.insertInto("leads").values(rows).execute();
      }
    });
  }
  const body = "## What is new\n\nDiesel deliveries now reach **Plano** and *Frisco*.\n\n[Read more](https://www.fillway.example/blog)\n";
  const issue = await db.kysely
    .insertInto("newsletter_issues")
    .values({ subject: SUBJECT, body_markdown: body, body_html: renderMarkdown(body), state: "draft", created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.close();
  return Number(issue.id);
}

function read<T>(dbFile: string, query: string, ...params: unknown[]): T {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).get(...params) as T;
  } finally {
    db.close();
  }
}

async function main() {
  ensureBuild(!!args["no-build"]);
  const dbFile = tempDbFile("newsletter");
  const seedStart = Date.now();
  const issueId = await seed(dbFile);
  console.log(`${subscribers.toLocaleString("en-US")} confirmed subscribers written in ${round((Date.now() - seedStart) / 1000)} s`);
  const sink = await startSmtpSink({ parse: false });
  const server = await startServer({
    dbFile,
    env: { SMTP_URL: sink.url, NEWSLETTER_RATE_PER_MINUTE: String(rate), SITE_URL: "https://www.fillway.example" },
  });
  const pid = server.child.pid;
  console.log(`server ${server.url}; sending at most ${rate.toLocaleString("en-US")} a minute`);

  // A short warm-up (the first requests compile the lead path), then the same load before
  // the send, on the same server and machine: what the send costs it.
  await cannon({ url: `${server.url}${LEAD_PATH}`, connections, duration: 3, requests: [leadRequest()] });
  const baseline = figure(
    `POST ${LEAD_PATH} before the send`,
    server.url,
    "POST",
    connections,
    await cannon({ url: `${server.url}${LEAD_PATH}`, connections, duration: loadSeconds, requests: [leadRequest()] }),
  );
  // "Send now", as the desk's button does.
  const writer = new Database(dbFile);
  writer.pragma("busy_timeout = 10000");
  const started = Date.now();
  writer
    .prepare("UPDATE newsletter_issues SET state = 'scheduled', send_at = ?, updated_at = ? WHERE id = ?")
    .run(new Date().toISOString(), new Date().toISOString(), issueId);
  writer.close();
  const deadline = started + 60 * 60_000;
  const filled = () => read<{ f: string | null }>(dbFile, "SELECT filled_at AS f FROM newsletter_issues WHERE id = ?", issueId).f !== null;
  while (!filled() && Date.now() < deadline) await sleep(100);
  const filledS = (Date.now() - started) / 1000;
  // The load starts once the issue's own e-mails are flowing (the leads' e-mails of the
  // warm-up and the baseline do not count).
  const readersSoFar = () => sink.received.filter((m) => m.envelopeTo[0]?.endsWith("@bench.example")).length;
  while (readersSoFar() < Math.min(1000, subscribers / 10) && Date.now() < deadline) await sleep(50);
  const receivedBeforeLoad = readersSoFar();
  const request = leadRequest();
  const cpuBefore = processCpuMs(pid);
  const load = await cannon({ url: `${server.url}${LEAD_PATH}`, connections, duration: loadSeconds, requests: [request] });
  const cpuAfter = processCpuMs(pid);
  const receivedDuringLoad = readersSoFar() - receivedBeforeLoad;
  const leadFigure = figure(`POST ${LEAD_PATH} while the issue is sent`, server.url, "POST", connections, load);
  const sentAll = () =>
    read<{ n: number }>(dbFile, "SELECT count(*) AS n FROM outbox WHERE state IN ('pending', 'sending')").n === 0 &&
    read<{ s: string }>(dbFile, "SELECT state AS s FROM newsletter_issues WHERE id = ?", issueId).s === "sent";
  while (!sentAll() && Date.now() < deadline) await sleep(200);
  const doneS = (Date.now() - started) / 1000;
  // Anything more that arrives now would be a duplicate.
  await sleep(3000);
  await server.stop();

  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  const issueRows = db.prepare("SELECT message_id AS m, state FROM outbox WHERE template = 'newsletter-issue'").all() as { m: string; state: string }[];
  const allRows = db.prepare("SELECT message_id AS m FROM outbox WHERE channel = 'email'").all() as { m: string }[];
  const deliveries = db.prepare("SELECT state, count(*) AS n FROM newsletter_deliveries WHERE issue_id = ? GROUP BY state").all(issueId) as {
    state: string;
    n: number;
  }[];
  const issue = db.prepare("SELECT state, recipients FROM newsletter_issues WHERE id = ?").get(issueId) as { state: string; recipients: number };
  db.close();
  const mail = mailCounts(
    allRows.map((r) => r.m),
    sink.received.map((m) => ({ messageId: String(m.mail.messageId), clientGone: m.clientGone })),
  );
  const readers = sink.received.filter((m) => m.envelopeTo[0]?.endsWith("@bench.example"));
  const perReader = new Map<string, number>();
  for (const m of readers) perReader.set(m.envelopeTo[0] as string, (perReader.get(m.envelopeTo[0] as string) ?? 0) + 1);
  const times = readers.map((m) => m.at);
  const first = times.length ? Math.min(...times) : started;
  const last = times.length ? Math.max(...times) : started;
  const result = {
    at: new Date().toISOString(),
    machine: machine(),
    subscribers,
    ratePerMinute: rate,
    issueState: issue.state,
    recipients: issue.recipients,
    deliveries: Object.fromEntries(deliveries.map((d) => [d.state, d.n])),
    messagesWritten: issueRows.length,
    readersReceived: readers.length,
    distinctReaders: perReader.size,
    readersNeverReached: subscribers - perReader.size,
    readersTwice: [...perReader.values()].filter((c) => c > 1).length,
    lost: mail.lost,
    duplicated: mail.duplicated,
    unknown: mail.unknown,
    filledSeconds: round(filledS, 2),
    firstToLastSeconds: round((last - first) / 1000, 2),
    sendSeconds: round(doneS, 2),
    emailsPerSecond: last > first ? Math.round(readers.length / ((last - first) / 1000)) : 0,
    baseline,
    load: { ...leadFigure, cpuMsPerRequest: cpuBefore !== null && cpuAfter !== null ? round((cpuAfter - cpuBefore) / (load["2xx"] + load.non2xx), 3) : null },
    issueEmailsDuringLoad: receivedDuringLoad,
  };
  await sink.close();
  console.log(JSON.stringify(result, null, 2));
  const misses = [
    ...(result.readersNeverReached ? [`${result.readersNeverReached} subscribers never reached`] : []),
    ...(result.readersTwice ? [`${result.readersTwice} subscribers reached twice`] : []),
    ...(mail.lost ? [`${mail.lost} lost`] : []),
    ...(mail.duplicated ? [`${mail.duplicated} duplicated`] : []),
    ...(issue.state !== "sent" ? [`the issue is ${issue.state}, not sent`] : []),
    ...(leadFigure.rps < TARGET_LEAD_RPS ? [`POST ${LEAD_PATH} at ${leadFigure.rps} requests/s during the send, under ${TARGET_LEAD_RPS}`] : []),
  ];
  const ok = misses.length === 0;
  writeOut("bench/newsletter.json", `${JSON.stringify(result, null, 2)}\n`);
  const f = (v: number) => v.toLocaleString("en-US");
  writeOut(
    "bench/newsletter.md",
    `# Newsletter sending benchmark

\`npm run bench:newsletter${subscribers !== 100_000 ? ` -- --subscribers ${subscribers}` : ""}\` (${result.at}; ${result.machine.cpus} × ${result.machine.cpuModel}, Node ${result.machine.node}, load average ${result.machine.loadAverage1m} at the end).

One issue to ${f(subscribers)} confirmed subscribers, sent by the server (\`server.js\` over the build, SQLite) through the outbox over pooled SMTP to a local sink, with \`NEWSLETTER_RATE_PER_MINUTE=${rate}\`. While it sent, \`POST ${LEAD_PATH}\` took valid leads for ${loadSeconds} s over ${connections} connections (autocannon on loopback), starting once the issue's e-mails were arriving. The issue's messages are bulk messages: while leads arrive the outbox claims none of them, so the leads (and their own e-mails) have the machine and the issue goes on once they stop; the issue e-mails received during the load are the ones already on their way.

| What | Result | Target |
|---|---|---|
| Delivery rows made (the fill) | ${f(result.recipients ?? 0)} in ${result.filledSeconds} s | ${f(subscribers)} |
| Messages written / issue e-mails received | ${f(result.messagesWritten)} / ${f(result.readersReceived)} | all |
| Subscribers never reached / reached twice | ${result.readersNeverReached} / ${result.readersTwice} | 0 / 0 |
| Lost (a written Message-ID never received) / duplicated (received twice) | ${mail.lost} / ${mail.duplicated} | 0 / 0 |
| First to last issue e-mail | ${result.firstToLastSeconds} s, **${f(result.emailsPerSecond)} e-mails/s** | |
| From "send" to every message recorded sent | ${result.sendSeconds} s | |
| \`POST ${LEAD_PATH}\` during the send | **${f(leadFigure.rps)} requests/s**, p99 ${leadFigure.p99Ms} ms, ${f(load["2xx"])} stored (${f(load.non2xx)} not 2xx) | ≥ ${f(TARGET_LEAD_RPS)} requests/s |
| \`POST ${LEAD_PATH}\` on the same server just before the send | ${f(baseline.rps)} requests/s, p99 ${baseline.p99Ms} ms | |
| Issue e-mails received during that load | ${f(receivedDuringLoad)} | |

${ok ? "Every target met." : `**A target was missed**: ${misses.join(", ")}.`}${result.machine.loadAverage1m > 2 ? `\n\nThe machine was busy (load average ${result.machine.loadAverage1m} on ${result.machine.cpus} cores; the sink, the load generator and the server share them): the rates are a floor. The counts (lost, duplicated) hold under any load.` : ""}
`,
  );
  console.log(ok ? "every newsletter target met" : `newsletter targets missed: ${misses.join(", ")}`);
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
