/**
 * `npm run bench:delivery`: the outbox worker against a local SMTP sink (smtp-server).
 *
 * A burst of --leads N (10,000) leads is stored through the real lead path (the write
 * queue's group commit, each lead with its sales e-mail and receipt in the same
 * transaction) as fast as the store takes them, while the worker of the same process
 * delivers. Reported: leads stored per second, e-mails delivered per second from the
 * first delivery to the last (the worker's rate; also from the first lead, the burst's
 * whole time), and the proof: every outbox row sent, every stored Message-ID received
 * exactly once (zero lost, zero duplicated). Writes bench/delivery.json and
 * bench/delivery.md; exits 1 on a lost or duplicated message, or under 200 e-mails/s.
 *
 * --smtp-delay-ms N: a slow SMTP server that accepts each message N ms after its data
 * (the rate target is then what the mailer's 10 connections allow, 10 × 1000 / N a
 * second, within 20 %). --hanging-webhook: every lead also has a CRM webhook, to a
 * receiver that never answers; the e-mails must all be delivered while it hangs. With
 * either, the figures go to bench/delivery-<options>.json and .md.
 */
import { randomUUID } from "node:crypto";
import { sendLeadMessages } from "../app/features/leads/messages.server";
import { outboxMessages } from "../app/server/messages.server";
import { openDb } from "../app/platform/db/db.server";
import { loadEnv } from "../app/platform/env.server";
import { storeLead } from "../app/features/leads/store.server";
import { createLogger } from "../app/platform/logger.server";
import { startSmtpSink } from "../tests/helpers/test-smtp";
import { startOutbox } from "../app/platform/outbox/worker.server";
import { withIpHashSalt } from "../app/platform/settings.server";
import { benchArgs, mailCounts, machine, positive, sleep, startHangingWebhook, tempDbFile, validLead, writeOut } from "./bench-lib";

const args = benchArgs({ leads: { type: "string" }, "smtp-delay-ms": { type: "string" }, "hanging-webhook": { type: "boolean" } });
const leads = positive(args.leads, "leads", 10_000);
const smtpDelayMs = args["smtp-delay-ms"] === undefined ? 0 : positive(args["smtp-delay-ms"], "smtp-delay-ms", 0);
const hanging = !!args["hanging-webhook"];
/** The mailer's pool (mailer.server.ts). */
const SMTP_CONNECTIONS = 10;
const TARGET_PER_SECOND = smtpDelayMs ? Math.floor(((SMTP_CONNECTIONS * 1000) / smtpDelayMs) * 0.8) : 200;
const variant = [smtpDelayMs ? `smtp-${smtpDelayMs}ms` : "", hanging ? "hanging-webhook" : ""].filter(Boolean).join("-");
const outName = variant ? `bench/delivery-${variant}` : "bench/delivery";

async function main() {
  const sink = await startSmtpSink({ parse: false, delayMs: smtpDelayMs });
  const hook = hanging ? await startHangingWebhook() : null;
  const dbFile = tempDbFile("delivery");
  const db = await openDb(`file:${dbFile}`);
  const env = await withIpHashSalt(
    loadEnv({
      LOG_LEVEL: "warn",
      SMTP_URL: sink.url,
      OUTBOX_RETRY_BASE_SECONDS: "1",
      SITE_URL: "https://www.fillway.example",
      ...(hook ? { LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: "bench-webhook-secret-0123456789" } : {}),
    }),
    db,
  );
  const outbox = startOutbox({ db, env, log: createLogger("warn"), messages: outboxMessages });

  const started = Date.now();
  const cpuStart = process.cpuUsage();
  // The burst: every lead at once; the write queue groups them into batched transactions.
  const stored = await Promise.all(
    Array.from({ length: leads }, (_, n) => {
      const body = validLead(n, randomUUID());
      const { submissionId, ...payload } = body;
      return storeLead(db, {
        kind: "lead-personal",
        type: 1,
        email: body.email,
        payload,
        submissionId,
        pagePath: "/gasoline",
        messages: (id, trx) => sendLeadMessages({ env, outbox }, "lead-personal", body.email, id, trx),
      }).then((r) => {
        outbox.nudge();
        return r;
      });
    }),
  );
  const storedMs = Date.now() - started;
  const expected = leads * 2;
  const deadline = Date.now() + 60 * 60_000;
  const mailSent = async () =>
    Number(
      (
        await db.kysely
          .selectFrom("outbox")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("channel", "=", "email")
          .where("state", "=", "sent")
          .executeTakeFirstOrThrow()
      ).n,
    );
  while (sink.received.length < expected && Date.now() < deadline) await sleep(100);
  const deliveredMs = Date.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  // Every e-mail received and recorded sent: what the hanging webhook looks like at that moment.
  while ((await mailSent()) < expected && Date.now() < deadline) await sleep(100);
  const webhookWhileMailDone = hook
    ? {
        requests: hook.stats.requests,
        stillHanging: hook.stats.open,
        sent: Number(
          (
            await db.kysely
              .selectFrom("outbox")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("channel", "=", "webhook")
              .where("state", "=", "sent")
              .executeTakeFirstOrThrow()
          ).n,
        ),
      }
    : null;
  const times = sink.received.map((m) => m.at);
  const firstAt = times.length ? Math.min(...times) : started;
  const lastAt = times.length ? Math.max(...times) : started;
  // Anything more that arrives now would be a duplicate.
  await sleep(2000);
  await hook?.close();
  await outbox.stop();

  const all = await db.kysely.selectFrom("outbox").select(["channel", "message_id", "state", "attempts"]).execute();
  const rows = all.filter((r) => r.channel === "email");
  const mail = mailCounts(
    rows.map((r) => String(r.message_id)),
    sink.received.map((m) => ({ messageId: String(m.mail.messageId), clientGone: m.clientGone })),
  );
  const { lost, duplicated, unknown } = mail;
  const notSent = rows.filter((r) => r.state !== "sent").length;
  const result = {
    at: new Date().toISOString(),
    machine: machine(),
    leads,
    smtpDelayMs,
    hangingWebhook: hanging,
    leadsStored: stored.length,
    outboxRows: rows.length,
    webhookRows: all.length - rows.length,
    webhookWhileMailDone,
    storedSeconds: storedMs / 1000,
    leadsPerSecond: Math.round(leads / (storedMs / 1000)),
    emailsReceived: sink.received.length,
    deliveredSeconds: deliveredMs / 1000,
    firstDeliverySeconds: (firstAt - started) / 1000,
    firstToLastSeconds: (lastAt - firstAt) / 1000,
    // The worker's rate: e-mails received from the first delivery to the last.
    emailsPerSecond: lastAt > firstAt ? Math.round(sink.received.length / ((lastAt - firstAt) / 1000)) : 0,
    emailsPerSecondFromFirstLead: Math.round(sink.received.length / (deliveredMs / 1000)),
    // CPU of this process (the lead store, the worker and the sink) per e-mail: steadier than rates on a shared machine.
    cpuMsPerEmail: sink.received.length ? Math.round(((cpu.user + cpu.system) / 1000 / sink.received.length) * 1000) / 1000 : null,
    lost,
    duplicated,
    unknown,
    notSent,
    retried: rows.filter((r) => Number(r.attempts) > 1).length,
  };
  await sink.close();
  await db.close();
  console.log(JSON.stringify(result, null, 2));
  const misses = [
    ...(lost ? [`${lost} lost`] : []),
    ...(duplicated ? [`${duplicated} duplicated`] : []),
    ...(unknown ? [`${unknown} received but never stored`] : []),
    ...(notSent ? [`${notSent} not marked sent`] : []),
    ...(rows.length !== expected ? [`${rows.length} outbox rows for ${expected} e-mails`] : []),
    ...(result.webhookRows !== (hook ? leads : 0) ? [`${result.webhookRows} webhook rows for ${hook ? leads : 0} leads with a webhook`] : []),
    ...(result.emailsPerSecond < TARGET_PER_SECOND ? [`${result.emailsPerSecond} e-mails/s, under ${TARGET_PER_SECOND}`] : []),
  ];
  const ok = misses.length === 0;
  writeOut(`${outName}.json`, `${JSON.stringify(result, null, 2)}\n`);
  const options = [...(smtpDelayMs ? [`--smtp-delay-ms ${smtpDelayMs}`] : []), ...(hanging ? ["--hanging-webhook"] : [])];
  writeOut(
    `${outName}.md`,
    `# Lead delivery benchmark${variant ? `: ${[smtpDelayMs ? "a slow SMTP server" : "", hanging ? "a CRM webhook that never answers" : ""].filter(Boolean).join(", ")}` : ""}

\`npm run bench:delivery${options.length || leads !== 10_000 ? ` -- --leads ${leads}${options.map((o) => ` ${o}`).join("")}` : ""}\` (${result.at}; ${result.machine.cpus} × ${result.machine.cpuModel}, Node ${result.machine.node}, load average ${result.machine.loadAverage1m} at the end).

A burst of ${leads.toLocaleString("en-US")} leads stored through the lead path (group commit on SQLite, each lead with its two e-mails in the outbox in the same transaction), delivered by the outbox worker of the same process over pooled SMTP to a local sink (smtp-server)${smtpDelayMs ? ` that accepts each message ${smtpDelayMs} ms after its data (the mailer's ${SMTP_CONNECTIONS} connections allow ${Math.round((SMTP_CONNECTIONS * 1000) / smtpDelayMs)} e-mails/s at most)` : ""}.${hook ? ` Each lead also has a CRM webhook, to a receiver that takes the request and never answers (the worker gives up on each after 10 s and retries later).` : ""}

| What | Result | Target |
|---|---|---|
| Leads stored | ${result.leadsStored.toLocaleString("en-US")} in ${result.storedSeconds} s (${result.leadsPerSecond.toLocaleString("en-US")} leads/s) | |
| E-mails written / received | ${result.outboxRows.toLocaleString("en-US")} / ${result.emailsReceived.toLocaleString("en-US")} | all |
| Delivery, from the first e-mail received to the last | ${result.firstToLastSeconds} s, **${result.emailsPerSecond.toLocaleString("en-US")} e-mails/s** | ≥ ${TARGET_PER_SECOND} e-mails/s |
| Delivery, from the first lead stored to the last e-mail | ${result.deliveredSeconds} s (first e-mail after ${result.firstDeliverySeconds} s), ${result.emailsPerSecondFromFirstLead.toLocaleString("en-US")} e-mails/s | |
| CPU of the process (leads stored, worker, sink) per e-mail | ${result.cpuMsPerEmail} ms | |
| Lost (stored Message-ID never received) | ${lost} | 0 |
| Duplicated (a Message-ID received twice) | ${duplicated} | 0 |
| Received but never stored | ${unknown} | 0 |
| E-mail rows not marked sent | ${notSent} | 0 |
${webhookWhileMailDone ? `| When every e-mail was delivered and recorded: webhook requests made / still waiting for an answer / delivered | ${webhookWhileMailDone.requests} / ${webhookWhileMailDone.stillHanging} / ${webhookWhileMailDone.sent} | e-mail not held back |\n` : ""}
${ok ? "Every target met." : `**A target was missed**: ${misses.join(", ")}.`}${result.machine.loadAverage1m > 2 ? `\n\nThe machine was busy (load average ${result.machine.loadAverage1m} on ${result.machine.cpus} cores, the sink and the worker sharing one process): the rates are a floor, not the figure; re-run on a quiet machine. The counts (lost, duplicated) hold under any load.` : ""}
`,
  );
  console.log(ok ? "every delivery target met" : `delivery targets missed: ${misses.join(", ")}`);
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
