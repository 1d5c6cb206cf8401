/**
 * `npm run bench:conversations`: the replies reader in the real server (server.js on
 * SQLite) against a real Dovecot (tests/helpers/test-imap.ts).
 *
 * 1. Volume: a folder of --messages replies (10,000), each to a lead's reply address, read
 *    once by a fresh server: the time from the server's start until every message is taken
 *    (must be under 2 minutes) and the memory the read holds: the peak resident memory of
 *    that server minus the peak of the same server started the same way on an empty folder
 *    over as long (a server goes on filling its caches for seconds after it says it is
 *    listening, reading or not); must stay under 100 MB.
 * 2. Crashes: a second folder of as many replies, read by a server SIGKILLed three times
 *    while it reads (each kill once the reader has moved on since the last start), with
 *    Dovecot restarted once in between: every message must be stored exactly once (0 lost,
 *    0 doubled), and each reply's owner notice written once.
 * 3. Latency: with IMAP_POLL_SECONDS of --poll (10), --probes (5) replies appended at
 *    random moments must each be visible in the database within one poll interval + 5 s.
 * 4. The lead endpoint with the reader running: --leads (4,000) valid leads posted to
 *    /web/form by 10 connections, against a server without IMAP_URL and against one whose
 *    reader polls a mailbox that receives two replies a second meanwhile, in two interleaved
 *    rounds, each figure as a share of the bare static server's (the best of the rounds): the
 *    reader's server must keep at least 90 % of the other's ratio.
 *
 * Options: --no-build, --messages N (10000), --poll S (10), --probes N (5), --leads N (4000).
 * Writes bench/conversations.json and .md (with "-N" after the name for another size N); exits
 * 1 when a bound is missed.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { ImapFlow } from "imapflow";
import { openDb } from "../app/platform/db/db.server";
import { mailboxKey } from "../app/features/conversations/reader.server";
import { rawMessage, startTestImap, type TestImap } from "../tests/helpers/test-imap";
import { join } from "node:path";
import {
  benchArgs,
  buildDir,
  cannon,
  ensureBuild,
  type Figure,
  figure,
  machine,
  measureGet,
  positive,
  round,
  type RunningServer,
  sleep,
  startBare,
  startServer,
  table,
  tempDbFile,
  leadPostRequest,
  writeOut,
} from "./bench-lib";

const args = benchArgs({ messages: { type: "string" }, poll: { type: "string" }, probes: { type: "string" }, leads: { type: "string" } });
const total = Math.round(positive(args.messages, "messages", 10_000));
const pollSeconds = Math.round(positive(args.poll, "poll", 10));
const probes = Math.round(positive(args.probes, "probes", 5));
const leadPosts = Math.round(positive(args.leads, "leads", 4000));
const LEADS = 200;

/** Resident memory of a process in MB (Linux /proc), or null once it is gone. */
function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The highest resident memory of a server, sampled every 100 ms until `stop()`. */
function peakRss(server: RunningServer): { stop(): number } {
  let peak = rssMb(server.child.pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(server.child.pid) ?? 0);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb(server.child.pid) ?? 0);
    },
  };
}

/** POSTs of `amount` valid leads to /web/form by 10 connections: the figure. */
async function postLeads(base: string, amount: number, label: string): Promise<Figure> {
  const request = leadPostRequest();
  await cannon({ url: base, connections: 10, amount: 300, requests: [request] });
  return figure(label, `${base}/web/form`, "POST", 10, await cannon({ url: base, connections: 10, amount, requests: [request] }));
}

/** Leads with an owner each, so every reply writes its owner's notice. */
async function seed(dbFile: string): Promise<number[]> {
  const db = await openDb(`file:${dbFile}`);
  const now = new Date().toISOString();
  const staff = await db.kysely
    .insertInto("staff")
    .values({ email: "owner@fillway.example", name: "Owner", role: "sales", password_hash: null, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < LEADS; i++) {
    const email = `bench-${i}@example.com`;
    const row = await db.kysely
      .insertInto("leads")
      .values({
        submission_id: randomUUID(),
        kind: "lead-personal",
        type: 9,
        email,
        email_norm: email,
        payload: JSON.stringify({ firstName: "Bench", lastName: String(i), email }),
        page_path: "/contact",
        user_agent: null,
        ip_hash: null,
        created_at: now,
        assignee_id: Number(staff.id),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  await db.close();
  return ids;
}

/** Appends `n` replies to `folder` over one connection; returns their Message-IDs. */
async function fill(imap: TestImap, folder: string, n: number, leads: number[]): Promise<string[]> {
  const client = new ImapFlow({ host: "127.0.0.1", port: imap.port, secure: false, auth: { user: imap.user, pass: imap.password }, logger: false });
  await client.connect();
  await client.mailboxCreate(folder).catch(() => undefined);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const lead = leads[i % leads.length] as number;
    const id = `<bench-${folder}-${i}-${randomUUID()}@mail.example.net>`;
    const body = `Reply ${i} about the quote.\n\n${"Some words of the reply, as people write them. ".repeat(20)}\n\nOn Mon, Fillway wrote:\n> ${"The quoted message. ".repeat(30)}\n`;
    await client.append(
      folder,
      rawMessage({ From: `bench-${i % LEADS}@example.com`, To: `replies+lead-${lead}@fillway.example`, Subject: `Re: quote ${i}`, "Message-ID": id }, body),
    );
    ids.push(id);
  }
  await client.logout();
  return ids;
}

const reader = (dbFile: string) => new Database(dbFile, { readonly: true, fileMustExist: true });

function takenOf(dbFile: string, key: string): { taken: number; lastUid: number; readAt: string | null } {
  const db = reader(dbFile);
  try {
    const row = db.prepare("SELECT taken_total AS taken, last_uid AS lastUid, last_read_at AS readAt FROM mailbox_state WHERE mailbox = ?").get(key) as
      | { taken: number; lastUid: number; readAt: string | null }
      | undefined;
    return row ?? { taken: 0, lastUid: 0, readAt: null };
  } catch {
    return { taken: 0, lastUid: 0, readAt: null };
  } finally {
    db.close();
  }
}

function storedOf(dbFile: string, ids: string[]): { stored: number; rows: number; notices: number } {
  const db = reader(dbFile);
  try {
    db.exec("CREATE TEMP TABLE wanted (id TEXT PRIMARY KEY)");
    const put = db.prepare("INSERT INTO wanted VALUES (?)");
    db.transaction(() => {
      for (const id of ids) put.run(id);
    })();
    const rows = (db.prepare("SELECT count(*) AS n FROM lead_messages WHERE message_id IN (SELECT id FROM wanted)").get() as { n: number }).n;
    const stored = (db.prepare("SELECT count(DISTINCT message_id) AS n FROM lead_messages WHERE message_id IN (SELECT id FROM wanted)").get() as { n: number })
      .n;
    const notices = (
      db
        .prepare(
          "SELECT count(*) AS n FROM outbox WHERE template = 'lead-replied' AND idempotency_key IN (SELECT 'lead-replied:' || id FROM lead_messages WHERE message_id IN (SELECT id FROM wanted))",
        )
        .get() as { n: number }
    ).n;
    return { stored, rows, notices };
  } finally {
    db.close();
  }
}

async function waitFor(what: string, ms: number, test: () => boolean): Promise<number> {
  const start = Date.now();
  while (!test()) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(20);
  }
  return Date.now() - start;
}

async function main() {
  ensureBuild(!!args["no-build"]);
  const imap = await startTestImap();
  const dbFile = tempDbFile("conversations");
  const leads = await seed(dbFile);
  const env = (folder: string) => ({
    IMAP_URL: imap.url,
    IMAP_FOLDER: folder,
    IMAP_POLL_SECONDS: String(pollSeconds),
    MAIL_REPLY_TO: "replies@fillway.example",
  });
  const servers: RunningServer[] = [];
  const failures: string[] = [];
  try {
    // 1. Volume.
    console.log(`filling a folder with ${total} replies …`);
    const volumeIds = await fill(imap, "Volume", total, leads);
    const volumeKey = mailboxKey(imap.url, "Volume");
    const started = Date.now();
    const server = await startServer({ dbFile, env: env("Volume") });
    servers.push(server);
    const before = rssMb(server.child.pid) ?? 0;
    const sampled = peakRss(server);
    await waitFor("the volume folder read", 10 * 60_000, () => takenOf(dbFile, volumeKey).taken >= total);
    const readMs = Date.now() - started;
    const peak = sampled.stop();
    await server.stop();
    // The same server on an empty folder, from its start for as long: what it holds without reading.
    await fill(imap, "Empty", 0, leads);
    const controlDb = tempDbFile("conversations-control");
    await seed(controlDb);
    const controlStarted = Date.now();
    const control = await startServer({ dbFile: controlDb, env: env("Empty") });
    servers.push(control);
    const controlSampled = peakRss(control);
    await sleep(Math.max(0, readMs - (Date.now() - controlStarted)));
    const controlPeak = controlSampled.stop();
    await control.stop();
    const volume = {
      messages: total,
      readSeconds: round(readMs / 1000),
      rssBeforeMb: round(before),
      rssPeakMb: round(peak),
      controlPeakMb: round(controlPeak),
      growthMb: round(peak - controlPeak),
      ...storedOf(dbFile, volumeIds),
    };
    console.log("volume", volume);
    if (volume.readSeconds >= 120) failures.push(`read ${total} messages in ${volume.readSeconds} s (bound 120 s)`);
    if (volume.growthMb >= 100) failures.push(`memory grew ${volume.growthMb} MB (bound 100 MB)`);
    if (volume.stored !== total || volume.rows !== total) failures.push(`volume: ${volume.stored} of ${total} stored, ${volume.rows} rows`);

    // 2. Crashes.
    console.log(`filling a second folder with ${total} replies …`);
    const crashIds = await fill(imap, "Crash", total, leads);
    const crashKey = mailboxKey(imap.url, "Crash");
    const kills: { takenAtKill: number }[] = [];
    let dovecotRestarted = false;
    for (let k = 0; k < 3; k++) {
      const s = await startServer({ dbFile, env: env("Crash") });
      const at = takenOf(dbFile, crashKey).taken;
      // Kill once the reader has moved on since this start (or has finished), a few ms into its next batch.
      await waitFor("progress before a kill", 5 * 60_000, () => takenOf(dbFile, crashKey).taken > at || takenOf(dbFile, crashKey).taken >= total);
      await sleep(Math.floor(Math.random() * 30));
      if (k === 1 && !dovecotRestarted) {
        // Dovecot goes away under the running reader, then comes back.
        await imap.stop();
        await sleep(1500);
        await imap.start();
        dovecotRestarted = true;
        await sleep(Math.floor(Math.random() * 200));
      }
      kills.push({ takenAtKill: takenOf(dbFile, crashKey).taken });
      s.child.kill("SIGKILL");
      await new Promise((r) => s.child.once("exit", r));
    }
    const last = await startServer({ dbFile, env: env("Crash") });
    servers.push(last);
    await waitFor("the crash folder read after the kills", 10 * 60_000, () => {
      const t = takenOf(dbFile, crashKey);
      return t.lastUid >= total && t.readAt !== null;
    });
    const crash = { messages: total, kills, dovecotRestarted, takenTotal: takenOf(dbFile, crashKey).taken, ...storedOf(dbFile, crashIds) };
    const lost = total - crash.stored;
    const doubled = crash.rows - crash.stored;
    console.log("crash", { ...crash, lost, doubled });
    if (lost !== 0 || doubled !== 0) failures.push(`crashes: ${lost} lost, ${doubled} doubled`);
    if (crash.notices !== crash.stored) failures.push(`crashes: ${crash.notices} owner notices for ${crash.stored} replies`);

    // 3. Latency, on the last server (its folder is read to its end).
    const latencies: number[] = [];
    for (let p = 0; p < probes; p++) {
      await sleep(Math.floor(Math.random() * pollSeconds * 1000));
      const [id] = await fill(imap, "Crash", 1, leads);
      const ms = await waitFor("a reply to show", (pollSeconds + 30) * 1000, () => storedOf(dbFile, [id as string]).stored === 1);
      latencies.push(ms);
    }
    const worstSeconds = round(Math.max(...latencies) / 1000, 2);
    console.log("latency", latencies);
    if (worstSeconds > pollSeconds + 5) failures.push(`a reply took ${worstSeconds} s to show (bound ${pollSeconds + 5} s)`);

    // 4. The lead endpoint, without a reader and with one reading a mailbox that receives replies.
    const bare = await startBare(join(buildDir, "client", "faq", "index.html"));
    const bareRuns: Figure[] = [];
    const offRuns: Figure[] = [];
    const onRuns: Figure[] = [];
    let trickled = 0;
    for (let round_ = 0; round_ < 2; round_++) {
      bareRuns.push(await measureGet("bare node:http, /faq from memory", bare.url, "/faq", 10, 5));
      const offDb = tempDbFile("conversations-leads-off");
      await seed(offDb);
      const off = await startServer({ dbFile: offDb, env: {} });
      servers.push(off);
      await sleep(5000);
      offRuns.push(await postLeads(off.url, leadPosts, "POST /web/form, no mailbox reader"));
      await off.stop();
      const onDb = tempDbFile("conversations-leads-on");
      const onLeads = await seed(onDb);
      const folder = `Steady${round_}`;
      await fill(imap, folder, 0, onLeads);
      const on = await startServer({ dbFile: onDb, env: { ...env(folder), IMAP_POLL_SECONDS: "1" } });
      servers.push(on);
      await sleep(5000);
      let trickling = true;
      const trickle = (async () => {
        while (trickling) {
          await fill(imap, folder, 1, onLeads);
          trickled++;
          await sleep(500);
        }
      })();
      onRuns.push(await postLeads(on.url, leadPosts, "POST /web/form, reader polling every second, 2 replies/s arriving"));
      trickling = false;
      await trickle;
      await on.stop();
    }
    await bare.stop();
    const bestOf = (runs: Figure[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const bareBest = bestOf(bareRuns);
    const leadsOff = bestOf(offRuns);
    const leadsOn = bestOf(onRuns);
    const leadEndpoint = {
      posts: leadPosts,
      bareRps: bareBest.rps,
      offRps: leadsOff.rps,
      onRps: leadsOn.rps,
      offRatio: round(leadsOff.rps / bareBest.rps, 3),
      onRatio: round(leadsOn.rps / bareBest.rps, 3),
      kept: round(leadsOn.rps / leadsOff.rps, 3),
      repliesArrived: trickled,
      figures: [bareBest, leadsOff, leadsOn],
    };
    console.log("lead endpoint", leadEndpoint);
    if (leadsOn.non2xx || leadsOff.non2xx) failures.push(`lead endpoint: ${leadsOff.non2xx + leadsOn.non2xx} answers other than 2xx`);
    if (leadEndpoint.kept < 0.9) failures.push(`lead endpoint with the reader kept ${Math.round(leadEndpoint.kept * 100)} % of its ratio (bound 90 %)`);

    const result = {
      date: new Date().toISOString(),
      machine: machine(),
      options: { messages: total, pollSeconds, probes },
      volume,
      crash: { ...crash, lost, doubled },
      latency: { seconds: latencies.map((l) => round(l / 1000, 2)), worstSeconds, boundSeconds: pollSeconds + 5 },
      leadEndpoint,
      failures,
    };
    const name = total === 10_000 ? "conversations" : `conversations-${total}`;
    writeOut(`bench/${name}.json`, `${JSON.stringify(result, null, 2)}\n`);
    writeOut(
      `bench/${name}.md`,
      `# bench:conversations (${total.toLocaleString("en-US")} messages)

${result.date} · ${result.machine.cpus} × ${result.machine.cpuModel} · Node ${result.machine.node} · SQLite · Dovecot on loopback

| What | Figure | Bound |
| --- | --- | --- |
| ${total} replies read by a fresh server | ${volume.readSeconds} s | < 120 s |
| Memory the read holds: the reading server's peak minus the peak of the same server on an empty folder over as long | ${volume.rssPeakMb} − ${volume.controlPeakMb} MB = ${volume.growthMb} MB (${volume.rssBeforeMb} MB when it said it was listening) | < 100 MB |
| Stored (volume) | ${volume.stored} of ${total}, ${volume.rows} rows | all, once |
| Three SIGKILLs while reading (taken at each: ${kills.map((k) => k.takenAtKill).join(", ")}), Dovecot restarted once | ${lost} lost, ${doubled} doubled; ${crash.notices} owner notices for ${crash.stored} replies; ${crash.takenTotal} taken in all | 0 lost, 0 doubled, one notice each |
| Reply visible (poll every ${pollSeconds} s), ${probes} probes | worst ${worstSeconds} s | ≤ ${pollSeconds + 5} s |
| \`POST /web/form\` with the reader running, as a share of the bare static server | ${Math.round(leadEndpoint.onRatio * 100)} % with the reader, ${Math.round(leadEndpoint.offRatio * 100)} % without: ${Math.round(leadEndpoint.kept * 100)} % kept | ≥ 90 % kept |

The lead endpoint, best of two interleaved rounds each (${leadPosts.toLocaleString("en-US")} valid leads by 10 connections after 300 to warm up; ${trickled} replies arrived in the reader's mailbox during its runs):

${table(leadEndpoint.figures)}

${failures.length ? `Failed: ${failures.join("; ")}` : "Every bound held."}
`,
    );
    if (failures.length) {
      console.error(failures.join("\n"));
      process.exitCode = 1;
    }
  } finally {
    for (const s of servers) await s.stop().catch(() => undefined);
    await imap.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
