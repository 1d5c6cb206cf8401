/**
 * `npm run bench:conversations`: the replies reader in the real server (server.js on
 * SQLite) against a real Dovecot (tests/helpers/test-imap.ts).
 *
 * 1. Volume: a folder of --messages replies (10,000), each to a lead's reply address, read
 *    once by a fresh server: the time from the server's start until every message is taken
 *    (must be under 2 minutes) and the growth of the server's resident memory over the read
 *    (peak minus the figure before the first poll; must stay under 100 MB).
 * 2. Crashes: a second folder of as many replies, read by a server SIGKILLed three times
 *    while it reads (each kill once the reader has moved on since the last start), with
 *    Dovecot restarted once in between: every message must be stored exactly once (0 lost,
 *    0 doubled), and each reply's owner notice written once.
 * 3. Latency: with IMAP_POLL_SECONDS of --poll (10), --probes (5) replies appended at
 *    random moments must each be visible in the database within one poll interval + 5 s.
 *
 * Options: --no-build, --messages N (10000), --poll S (10), --probes N (5).
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
import { benchArgs, ensureBuild, machine, positive, round, type RunningServer, sleep, startServer, tempDbFile, writeOut } from "./bench-lib";

const args = benchArgs({ messages: { type: "string" }, poll: { type: "string" }, probes: { type: "string" } });
const total = Math.round(positive(args.messages, "messages", 10_000));
const pollSeconds = Math.round(positive(args.poll, "poll", 10));
const probes = Math.round(positive(args.probes, "probes", 5));
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
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.child.pid) ?? 0);
    }, 100);
    await waitFor("the volume folder read", 10 * 60_000, () => takenOf(dbFile, volumeKey).taken >= total);
    const readSeconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    await server.stop();
    const volume = {
      messages: total,
      readSeconds: round(readSeconds),
      rssBeforeMb: round(before),
      rssPeakMb: round(peak),
      growthMb: round(peak - before),
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

    const result = {
      date: new Date().toISOString(),
      machine: machine(),
      options: { messages: total, pollSeconds, probes },
      volume,
      crash: { ...crash, lost, doubled },
      latency: { seconds: latencies.map((l) => round(l / 1000, 2)), worstSeconds, boundSeconds: pollSeconds + 5 },
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
| Server memory over the read | ${volume.rssBeforeMb} → ${volume.rssPeakMb} MB (+${volume.growthMb} MB) | < 100 MB growth |
| Stored (volume) | ${volume.stored} of ${total}, ${volume.rows} rows | all, once |
| Three SIGKILLs while reading (taken at each: ${kills.map((k) => k.takenAtKill).join(", ")}), Dovecot restarted once | ${lost} lost, ${doubled} doubled; ${crash.notices} owner notices for ${crash.stored} replies; ${crash.takenTotal} taken in all | 0 lost, 0 doubled, one notice each |
| Reply visible (poll every ${pollSeconds} s), ${probes} probes | worst ${worstSeconds} s | ≤ ${pollSeconds + 5} s |

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
