/**
 * `npm run bench:crash`: leads at full speed into the real server on SQLite, SIGKILL in
 * the middle of the stream, restart on the same database file, then prove that every
 * submission that was answered 2xx is stored (matched by submissionId, else e-mail).
 *
 * Options: --no-build, --rounds N (3), --concurrency N (16), --before-kill N (acks before
 * the kill, 2000; the kill then lands a random 0–50 ms later, while writes are in flight).
 * Writes bench/crash.json and bench/crash.md; exits 1 on any lost lead.
 *
 * With e-mail: --smtp-delay-ms N sends every lead's e-mails to a local SMTP sink that
 * accepts each message N ms after its data; --mail-kills N (2) then kills the restarted
 * server N more times while the backlog is being delivered (a random moment in a
 * message's time), restarts it, and waits until every e-mail is recorded sent. Every
 * stored Message-ID must arrive (0 lost), and a kill may re-send only what was in flight:
 * at most two messages on each of the mailer's 10 connections (one the server is taking,
 * one whose outcome is being written). --hanging-webhook adds a CRM webhook to every lead,
 * to a receiver that never answers. Figures to bench/crash-<options>.json and .md.
 */
import { once } from "node:events";
import Database from "better-sqlite3";
import { startSmtpSink } from "../tests/helpers/test-smtp";
import {
  benchArgs,
  ensureBuild,
  lostLeads,
  mailCounts,
  machine,
  positive,
  readStoredLeads,
  sleep,
  startFiring,
  startHangingWebhook,
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
  mail?: MailRound;
}

export interface MailRound {
  /** SIGKILLs while e-mail was being delivered (the kill among the leads not counted). */
  kills: number;
  emails: number;
  received: number;
  lost: number;
  duplicated: number;
  /** Copies beyond the first. */
  resent: number;
  /** Copies the sink had whole when the server was killed waiting for the answer. */
  inFlightAtKill: number;
  unknown: number;
  /** From the first restart to the last e-mail recorded sent (s). */
  deliverySeconds: number;
  webhookRequests?: number;
}

/** The mailer's pool (mailer.server.ts). */
const SMTP_CONNECTIONS = 10;

/** The outbox's e-mail rows of a database file: Message-IDs, and how many are not sent yet. */
function readMail(dbFile: string): { ids: string[]; unsent: number } {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT message_id, state FROM outbox WHERE channel = 'email'").all() as { message_id: string; state: string }[];
    return { ids: rows.map((r) => r.message_id), unsent: rows.filter((r) => r.state !== "sent").length };
  } finally {
    db.close();
  }
}

/** One round: fire, kill -9 mid-stream, restart on the same file, count. */
export async function crashRound(opts: {
  concurrency: number;
  beforeKill: number;
  timeoutMs?: number;
  mail?: { smtpDelayMs: number; kills: number; hangingWebhook: boolean };
}): Promise<CrashRound> {
  const dbFile = tempDbFile("crash");
  const sink = opts.mail ? await startSmtpSink({ parse: false, delayMs: opts.mail.smtpDelayMs }) : null;
  const hook = opts.mail?.hangingWebhook ? await startHangingWebhook() : null;
  const env: Record<string, string> = {
    ...(sink ? { SMTP_URL: sink.url, OUTBOX_RETRY_BASE_SECONDS: "1" } : {}),
    ...(hook ? { LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: "bench-webhook-secret-0123456789" } : {}),
  };
  const first = await startServer({ dbFile, env });
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
  const restartedAt = Date.now();
  let second = await startServer({ dbFile, env });
  const id = crypto.randomUUID();
  const after = validLead(-1, id);
  const res = await fetch(`${second.url}/web/form`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(after) });
  await res.arrayBuffer();
  const acked = [...stats.acked];
  if (res.ok) acked.push({ id, email: after.email });

  let mail: MailRound | undefined;
  if (sink && opts.mail) {
    // Kill again while the backlog is being delivered: each time a tenth of it later.
    const total = readMail(dbFile).ids.length;
    const step = Math.max(SMTP_CONNECTIONS * 2, Math.floor(total / 10));
    let kills = 0;
    for (let k = 0; k < opts.mail.kills; k++) {
      const target = sink.received.length + step;
      while (sink.received.length < target && readMail(dbFile).unsent > 0) await sleep(20);
      if (readMail(dbFile).unsent === 0) break;
      await sleep(Math.random() * Math.max(opts.mail.smtpDelayMs, 20));
      const gone = once(second.child, "exit");
      second.child.kill("SIGKILL");
      await gone;
      kills++;
      second = await startServer({ dbFile, env });
    }
    const deadline = Date.now() + (opts.timeoutMs ?? 120_000) * 5;
    while (readMail(dbFile).unsent > 0) {
      if (Date.now() > deadline) throw new Error(`e-mail not delivered: ${readMail(dbFile).unsent} of ${total} unsent`);
      await sleep(100);
    }
    const deliverySeconds = (Date.now() - restartedAt) / 1000;
    await second.stop();
    // What a slow accept still had in hand arrives now; anything more would be a duplicate.
    await sleep(Math.max(opts.mail.smtpDelayMs * 2, 500));
    const counts = mailCounts(
      readMail(dbFile).ids,
      sink.received.map((m) => ({ messageId: String(m.mail.messageId), clientGone: m.clientGone })),
    );
    mail = {
      kills,
      emails: counts.expected,
      received: counts.received,
      lost: counts.lost,
      duplicated: counts.duplicated,
      resent: counts.resent,
      inFlightAtKill: counts.clientGone,
      unknown: counts.unknown,
      deliverySeconds,
      ...(hook ? { webhookRequests: hook.stats.requests } : {}),
    };
    await hook?.close();
    await sink.close();
  } else await second.stop();

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
    ...(mail ? { mail } : {}),
  };
}

async function main() {
  const args = benchArgs({
    rounds: { type: "string" },
    concurrency: { type: "string" },
    "before-kill": { type: "string" },
    "smtp-delay-ms": { type: "string" },
    "mail-kills": { type: "string" },
    "hanging-webhook": { type: "boolean" },
  });
  const rounds = positive(args.rounds, "rounds", 3);
  const concurrency = positive(args.concurrency, "concurrency", 16);
  const beforeKill = positive(args["before-kill"], "before-kill", 2000);
  const withMail = args["smtp-delay-ms"] !== undefined || !!args["hanging-webhook"];
  const smtpDelayMs = args["smtp-delay-ms"] === undefined ? 0 : positive(args["smtp-delay-ms"], "smtp-delay-ms", 0);
  const mailKills = args["mail-kills"] === undefined ? 2 : positive(args["mail-kills"], "mail-kills", 2);
  const hangingWebhook = !!args["hanging-webhook"];
  const mailOpts = withMail ? { smtpDelayMs, kills: mailKills, hangingWebhook } : undefined;
  const variant = [smtpDelayMs ? `smtp-${smtpDelayMs}ms` : withMail ? "smtp" : "", hangingWebhook ? "hanging-webhook" : ""].filter(Boolean).join("-");
  const outName = variant ? `bench/crash-${variant}` : "bench/crash";
  ensureBuild(args["no-build"]);
  const results: CrashRound[] = [];
  for (let i = 0; i < rounds; i++) {
    const r = await crashRound({ concurrency, beforeKill, mail: mailOpts });
    results.push(r);
    console.log(
      `round ${i + 1}: sent ${r.sent}, answered 2xx ${r.acked}, no answer ${r.unanswered}, stored after restart ${r.storedAfterRestart} (${r.storedUnacked} committed but unanswered), lost ${r.lost}` +
        (r.mail
          ? `; e-mails ${r.mail.emails}, received ${r.mail.received}, lost ${r.mail.lost}, re-sent ${r.mail.resent} (${r.mail.inFlightAtKill} in flight at a kill) over ${r.mail.kills + 1} kills`
          : ""),
    );
  }
  const lost = results.reduce((a, r) => a + r.lost, 0);
  const acked = results.reduce((a, r) => a + r.acked, 0);
  const mailRounds = results.flatMap((r) => (r.mail ? [r.mail] : []));
  const sum = (f: (m: MailRound) => number) => mailRounds.reduce((a, m) => a + f(m), 0);
  // Every kill (the one among the leads too) may catch two messages on each connection.
  const resentBound = results.reduce((a, r) => a + (r.mail ? (r.mail.kills + 1) * 2 * SMTP_CONNECTIONS : 0), 0);
  const mailTotals = mailRounds.length
    ? {
        emails: sum((m) => m.emails),
        received: sum((m) => m.received),
        lost: sum((m) => m.lost),
        unknown: sum((m) => m.unknown),
        resent: sum((m) => m.resent),
        inFlightAtKill: sum((m) => m.inFlightAtKill),
        kills: sum((m) => m.kills + 1),
        resentBound,
      }
    : null;
  const mailOk = !mailTotals || (mailTotals.lost === 0 && mailTotals.unknown === 0 && mailTotals.resent <= resentBound);
  const ok = lost === 0 && results.every((r) => r.restartedAndServing) && mailOk;
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    settings: {
      rounds,
      concurrency,
      beforeKill,
      database: "SQLite (WAL, synchronous=FULL)",
      ...(mailOpts ? { smtpDelayMs, mailKills, hangingWebhook, smtpConnections: SMTP_CONNECTIONS } : {}),
    },
    rounds: results,
    acked,
    lost,
    ...(mailTotals ? { mail: mailTotals } : {}),
    ok,
  };
  writeOut(`${outName}.json`, `${JSON.stringify(report, null, 2)}\n`);
  const rows = results.map(
    (r, i) =>
      `| ${i + 1} | ${r.sent.toLocaleString("en-US")} | ${r.acked.toLocaleString("en-US")} | ${r.unanswered} | ${r.storedAfterRestart.toLocaleString("en-US")} | ${r.storedUnacked} | **${r.lost}** | ${r.restartedAndServing ? "yes" : "**no**"} |`,
  );
  const mailRows = results.flatMap((r, i) =>
    r.mail
      ? [
          `| ${i + 1} | ${r.mail.kills + 1} | ${r.mail.emails.toLocaleString("en-US")} | ${r.mail.received.toLocaleString("en-US")} | **${r.mail.lost}** | ${r.mail.resent} | ${r.mail.inFlightAtKill} | ${r.mail.unknown} | ${r.mail.deliverySeconds.toFixed(1)} s${r.mail.webhookRequests === undefined ? "" : ` | ${r.mail.webhookRequests}`} |`,
        ]
      : [],
  );
  const options = [
    ...(beforeKill !== 2000 ? [`--before-kill ${beforeKill}`] : []),
    ...(rounds !== 3 ? [`--rounds ${rounds}`] : []),
    ...(smtpDelayMs ? [`--smtp-delay-ms ${smtpDelayMs}`] : []),
    ...(mailOpts && mailKills !== 2 ? [`--mail-kills ${mailKills}`] : []),
    ...(hangingWebhook ? ["--hanging-webhook"] : []),
  ];
  const mailSection = mailTotals
    ? `
## E-mail across the kills

Every lead's two e-mails go over SMTP to a local sink${smtpDelayMs ? ` that accepts each message ${smtpDelayMs} ms after its data (a slow server)` : ""}${hangingWebhook ? "; every lead also has a CRM webhook, to a receiver that takes the request and never answers" : ""}. After the kill among the leads, the restarted server is killed ${mailKills} more time${mailKills === 1 ? "" : "s"} while it delivers the backlog (at a random moment in a message's time) and started again, until every e-mail is recorded sent; then the sink's Message-IDs are counted. A message is lost when its Message-ID never arrived. A kill may re-send only what was in flight: a message the sink had whole when the sender died waiting for its answer, or one answered whose outcome was not yet written (outcomes are written within 20 ms, later while the database is busy storing leads). The bench fails above two re-sent per connection of the mailer's ${SMTP_CONNECTIONS} per kill.

| Round | Kills | E-mails stored | Received | Lost | Re-sent | of which the sink had whole at a kill | Never stored | Leads' restart to last e-mail recorded${hangingWebhook ? " | Webhook requests (none answered)" : ""} |
|--:|--:|--:|--:|--:|--:|--:|--:|--:|${hangingWebhook ? "--:|" : ""}
${mailRows.join("\n")}

**${mailTotals.emails.toLocaleString("en-US")} e-mails over ${mailTotals.kills} kills: ${mailTotals.lost} lost, ${mailTotals.resent} re-sent (at most ${resentBound}: two per connection per kill), ${mailTotals.unknown} never stored.**
`
    : "";
  writeOut(
    `${outName}.md`,
    `# Crash-safety benchmark${variant ? `: ${[withMail ? `e-mail to ${smtpDelayMs ? "a slow" : "an"} SMTP server` : "", hangingWebhook ? "a CRM webhook that never answers" : ""].filter(Boolean).join(", ")}` : ""}

${options.length ? `\`npm run bench:crash -- ${options.join(" ")}\` · ` : ""}${report.date.slice(0, 16).replace("T", " ")} UTC · ${report.machine.cpus} × ${report.machine.cpuModel} · Node ${report.machine.node} · load average ${report.machine.loadAverage1m} at the end

Valid leads sent to \`POST /web/form\` over ${concurrency} keep-alive connections as fast as the server answers; after ${beforeKill.toLocaleString("en-US")} acknowledgements the server process gets SIGKILL (0–50 ms later, with writes in flight), is started again on the same SQLite file, takes one more lead, and the leads table is read. A lead is lost when it was answered 2xx and is not stored (matched by submissionId, else e-mail).

| Round | Sent | Answered 2xx | No answer (killed) | Stored after restart | Stored, answer lost in the kill | Lost | Restarted and serving |
|--:|--:|--:|--:|--:|--:|--:|:-:|
${rows.join("\n")}

**${acked.toLocaleString("en-US")} acknowledged leads, ${lost} lost.**
${mailSection}`,
  );
  console.log(
    ok
      ? `no acknowledged lead lost (${acked} acknowledged)${mailTotals ? `, no e-mail lost (${mailTotals.emails}), ${mailTotals.resent} re-sent of at most ${resentBound}` : ""}`
      : `FAILED: ${lost} acknowledged leads lost${mailTotals ? `, ${mailTotals.lost} e-mails lost, ${mailTotals.resent} re-sent (bound ${resentBound}), ${mailTotals.unknown} never stored` : ""}`,
  );
  process.exit(ok ? 0 : 1);
}

if (import.meta.filename === process.argv[1]) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
