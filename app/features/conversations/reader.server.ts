import { hostname } from "node:os";
import { ImapFlow } from "imapflow";
import type { Db } from "~/platform/db/db.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import type { Env } from "~/platform/env.server";
import { withoutAddresses } from "~/platform/log-safe.server";
import type { Logger } from "~/platform/logger.server";
import type { Outbox } from "~/platform/outbox/worker.server";
import { MAX_MESSAGE_BYTES, type Parsed, parseMessage } from "./parse.server";
import { storeReceived, type Taken } from "./inbound.server";

/** What one poll did. */
export type PollResult =
  | { state: "off" }
  /** Another instance holds the mailbox's lease. */
  | { state: "busy" }
  | { state: "read"; taken: number; stored: Taken; uidValidityChanged: boolean }
  | { state: "failed"; error: string };

export interface MailboxReader {
  /** Whether IMAP_URL is set. */
  readonly enabled: boolean;
  /** One read of the mailbox now (the tests' and the bench's clock). */
  poll(now?: Date): Promise<PollResult>;
  /** Finishes the batch in hand and stops. */
  stop(): Promise<void>;
}

export interface ReaderOptions {
  db: Db;
  /** MAIL_REPLY_TO: the plus-addresses that name a lead (addresses.server.ts). */
  env: Pick<Env, "IMAP_URL" | "IMAP_FOLDER" | "IMAP_POLL_SECONDS" | "MAIL_REPLY_TO">;
  log: Logger;
  outbox: Outbox;
  /** Poll on a timer every IMAP_POLL_SECONDS (false: only `poll()`). */
  schedule?: boolean;
  /** How long a lease holds before another instance may read (ms); renewed by every batch. */
  leaseMs?: number;
  /** Most bytes of messages fetched and stored in one transaction. */
  batchBytes?: number;
  /** Most messages in one transaction. */
  batchCount?: number;
  /** This reader's name in the lease (tests run two in one process). */
  instance?: string;
}

/** The mailbox's key in mailbox_state: user, host, port and folder, never the password. */
export function mailboxKey(imapUrl: string, folder: string): string {
  const u = new URL(imapUrl);
  const port = u.port || (u.protocol === "imaps:" ? "993" : "143");
  return `${decodeURIComponent(u.username)}@${u.hostname}:${port}/${folder}`.slice(0, 500);
}

/** UIDs as an IMAP sequence set ("1:5,7,9:12"). */
export function uidSet(uids: number[]): string {
  const sorted = [...uids].sort((a, b) => a - b);
  const out: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    const start = sorted[i] as number;
    let end = start;
    while (i + 1 < sorted.length && sorted[i + 1] === end + 1) end = sorted[++i] as number;
    out.push(start === end ? String(start) : `${start}:${end}`);
    i++;
  }
  return out.join(",");
}

/** The lease was taken over (this instance was paused past it): the batch is not stored. */
class LeaseLost extends Error {}

/** An error's words for the desk and the log: no address, no password. */
const safeError = (error: unknown) => withoutAddresses((error as Error)?.message || String(error)).slice(0, 500);

/**
 * Reads the replies mailbox (IMAP_URL, folder IMAP_FOLDER) every IMAP_POLL_SECONDS. The
 * folder is opened read-only: nothing in the mailbox is flagged, moved or deleted (the
 * mailbox is the operator's). Messages above the folder's watermark (the highest UID taken,
 * for its UIDVALIDITY) are fetched in batches; each batch is stored and the watermark moved
 * in one transaction, so a crash takes a batch again at most, and a message met again (a
 * copy in another folder, a new UIDVALIDITY) is stored once by its Message-ID. One instance
 * reads at a time: it holds the mailbox's lease in mailbox_state, renewed by each batch; a
 * batch written after the lease was lost is rolled back. A message that cannot be read
 * (malformed, over 10 MB) is logged by its UID and passed over; an error (the mailbox or
 * the folder gone, a wrong password) is recorded for the desk and retried next poll.
 */
export function startMailboxReader(opts: ReaderOptions): MailboxReader {
  const { db, env, log, outbox } = opts;
  const url = env.IMAP_URL;
  const folder = env.IMAP_FOLDER;
  const leaseMs = opts.leaseMs ?? Math.max(120_000, env.IMAP_POLL_SECONDS * 2000);
  const batchBytes = opts.batchBytes ?? 16 * 1024 * 1024;
  const batchCount = opts.batchCount ?? 200;
  const instance = opts.instance ?? `${hostname()}:${process.pid}`;
  const queue = writeQueueFor(db);
  let stopped = false;
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  if (!url) return { enabled: false, poll: async () => ({ state: "off" }), stop: async () => undefined };
  const key = mailboxKey(url, folder);

  // One process per SQLite file (the server lock): a lease left by a killed process is its own.
  const released =
    db.dialect === "sqlite"
      ? db.kysely
          .updateTable("mailbox_state")
          .set({ lease_owner: null, lease_until: null })
          .where("mailbox", "=", key)
          .execute()
          .catch((error) => log.error({ err: error }, "mailbox: could not release an old lease"))
      : Promise.resolve();

  async function claim(now: Date): Promise<boolean> {
    const at = now.toISOString();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    return queue.run(async (trx) => {
      await trx
        .insertInto("mailbox_state")
        .values({ mailbox: key, uid_validity: null, lease_owner: null, lease_until: null, last_read_at: null, last_error: null, last_error_at: null })
        .onConflict((oc) => oc.column("mailbox").doNothing())
        .execute();
      const res = await trx
        .updateTable("mailbox_state")
        .set({ lease_owner: instance, lease_until: until })
        .where("mailbox", "=", key)
        .where((eb) => eb.or([eb("lease_owner", "is", null), eb("lease_owner", "=", instance), eb("lease_until", "<", at)]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    });
  }

  async function release(fields: { last_read_at?: string; taken_last?: number; last_error?: string; last_error_at?: string }) {
    await queue.run(async (trx) => {
      await trx
        .updateTable("mailbox_state")
        .set({ ...fields, lease_owner: null, lease_until: null })
        .where("mailbox", "=", key)
        .where("lease_owner", "=", instance)
        .execute();
    });
  }

  /** Stores a batch and moves the watermark past it, in one transaction, while the lease is ours. */
  async function commit(items: Parsed[], lastUid: number, uidValidity: string, count: number, now: Date): Promise<Taken> {
    return queue.run(async (trx) => {
      const res = await trx
        .updateTable("mailbox_state")
        .set((eb) => ({
          last_uid: lastUid,
          uid_validity: uidValidity,
          taken_total: eb("taken_total", "+", count),
          lease_until: new Date(Date.now() + leaseMs).toISOString(),
        }))
        .where("mailbox", "=", key)
        .where("lease_owner", "=", instance)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw new LeaseLost("the mailbox's lease was taken over");
      return storeReceived(trx, outbox, env, items, now);
    });
  }

  async function read(client: ImapFlow, now: Date): Promise<PollResult> {
    const box = await client.mailboxOpen(folder, { readOnly: true });
    const uidValidity = String(box.uidValidity);
    const state = await db.kysely.selectFrom("mailbox_state").select(["uid_validity", "last_uid"]).where("mailbox", "=", key).executeTakeFirstOrThrow();
    const changed = state.uid_validity !== null && state.uid_validity !== uidValidity;
    // A new UIDVALIDITY (the folder re-created or rebuilt): every message is read again;
    // those stored before are known by their Message-IDs.
    let last = changed || state.uid_validity === null ? 0 : Number(state.last_uid);
    if (changed) log.warn({ mailbox: folder }, "mailbox: the folder's UIDVALIDITY changed; reading it again from the start");
    const stored: Taken = { replies: 0, unmatched: 0, reports: 0, skipped: 0, seen: 0, notices: 0 };
    let taken = 0;
    const add = (t: Taken) => {
      for (const k of Object.keys(stored) as (keyof Taken)[]) stored[k] += t[k];
    };
    const uids = box.exists > 0 ? ((await client.search({ uid: `${last + 1}:*` }, { uid: true })) || []).filter((u) => u > last).sort((a, b) => a - b) : [];
    if (changed && !uids.length) await commit([], 0, uidValidity, 0, now);
    for (let i = 0; i < uids.length && !stopped; i += 1000) {
      const chunk = uids.slice(i, i + 1000);
      const sizes = new Map<number, number>();
      for await (const m of client.fetch(uidSet(chunk), { uid: true, size: true }, { uid: true })) sizes.set(m.uid, m.size ?? 0);
      let j = 0;
      while (j < chunk.length && !stopped) {
        // A batch: up to batchCount messages and batchBytes (at least one message).
        const batch: number[] = [];
        let bytes = 0;
        while (j < chunk.length && batch.length < batchCount) {
          const uid = chunk[j] as number;
          const size = sizes.get(uid) ?? 0;
          const small = size <= MAX_MESSAGE_BYTES;
          if (batch.length && small && bytes + size > batchBytes) break;
          batch.push(uid);
          if (small) bytes += size;
          j++;
        }
        const wanted = batch.filter((u) => (sizes.get(u) ?? 0) <= MAX_MESSAGE_BYTES && sizes.has(u));
        const sources = new Map<number, Buffer>();
        if (wanted.length) {
          for await (const m of client.fetch(uidSet(wanted), { uid: true, source: true }, { uid: true })) if (m.source) sources.set(m.uid, m.source);
        }
        const items: Parsed[] = [];
        for (const uid of batch) {
          const source = sources.get(uid);
          let item: Parsed;
          if (!sizes.has(uid)) item = { kind: "skip", reason: "gone before it was read" };
          else if ((sizes.get(uid) ?? 0) > MAX_MESSAGE_BYTES) item = { kind: "skip", reason: "larger than 10 MB" };
          else if (!source) item = { kind: "skip", reason: "no content returned" };
          else {
            try {
              item = await parseMessage(source);
            } catch (error) {
              item = { kind: "skip", reason: `unreadable: ${safeError(error).slice(0, 100)}` };
            }
          }
          if (item.kind === "skip") log.warn({ mailbox: folder, uid, reason: item.reason }, "mailbox: message passed over");
          items.push(item);
        }
        const lastUid = batch[batch.length - 1] as number;
        add(await commit(items, lastUid, uidValidity, batch.length, now));
        taken += batch.length;
        last = lastUid;
      }
    }
    return { state: "read", taken, stored, uidValidityChanged: changed };
  }

  // One poll at a time in this instance: the timer's and a caller's share it.
  let current: Promise<PollResult> | undefined;
  function poll(now = new Date()): Promise<PollResult> {
    current ??= pollOnce(now).finally(() => {
      current = undefined;
    });
    return current;
  }

  async function pollOnce(now: Date): Promise<PollResult> {
    await released;
    if (!url) return { state: "off" };
    if (!(await claim(now))) return { state: "busy" };
    const u = new URL(url);
    const client = new ImapFlow({
      host: u.hostname,
      port: Number(u.port) || (u.protocol === "imaps:" ? 993 : 143),
      secure: u.protocol === "imaps:",
      auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: 30_000,
      greetingTimeout: 15_000,
      socketTimeout: 120_000,
    });
    // A connection error after connect() resolved is reported by the command in flight.
    client.on("error", () => undefined);
    try {
      await client.connect();
      const result = await read(client, now);
      if (result.state === "read") {
        await release({ last_read_at: new Date().toISOString(), taken_last: result.taken });
        if (result.stored.notices) outbox.nudge();
        if (result.taken) log.info({ mailbox: folder, ...result.stored }, "mailbox: messages taken");
      }
      return result;
    } catch (error) {
      const message = safeError(error);
      log.error({ mailbox: folder, error: message }, "mailbox: reading failed; retried next poll");
      await release({ last_error: message, last_error_at: new Date().toISOString() }).catch((e) =>
        log.error({ err: e }, "mailbox: could not record the error"),
      );
      return { state: "failed", error: message };
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  const every = env.IMAP_POLL_SECONDS * 1000;
  const tick = () => {
    running = poll()
      .catch((error) => log.error({ err: error }, "mailbox: poll failed"))
      .finally(() => {
        running = undefined;
        if (!stopped) {
          timer = setTimeout(tick, every);
          timer.unref();
        }
      });
  };
  if (opts.schedule !== false) {
    timer = setTimeout(tick, Math.min(every, 2_000));
    timer.unref();
  }
  return {
    enabled: true,
    poll: (now) => {
      const p = poll(now);
      running = p;
      return p;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** What the desk's system page says of the mailbox; null while IMAP_URL is unset. */
export interface MailboxStatus {
  mailbox: string;
  folder: string;
  pollSeconds: number;
  /** The last poll that read the folder to its end; null: never. */
  lastReadAt: string | null;
  takenTotal: number;
  takenLast: number;
  lastError: string | null;
  lastErrorAt: string | null;
}

export async function mailboxStatus(db: Db, env: Pick<Env, "IMAP_URL" | "IMAP_FOLDER" | "IMAP_POLL_SECONDS">): Promise<MailboxStatus | null> {
  if (!env.IMAP_URL) return null;
  const key = mailboxKey(env.IMAP_URL, env.IMAP_FOLDER);
  const row = await db.kysely
    .selectFrom("mailbox_state")
    .select(["last_read_at", "taken_total", "taken_last", "last_error", "last_error_at"])
    .where("mailbox", "=", key)
    .executeTakeFirst();
  return {
    mailbox: key,
    folder: env.IMAP_FOLDER,
    pollSeconds: env.IMAP_POLL_SECONDS,
    lastReadAt: row?.last_read_at ?? null,
    takenTotal: Number(row?.taken_total ?? 0),
    takenLast: Number(row?.taken_last ?? 0),
    lastError: row?.last_error ?? null,
    lastErrorAt: row?.last_error_at ?? null,
  };
}

/**
 * The mailbox's gauges for /metrics (ops/metrics.server.ts): seconds since it was last read
 * to its end, messages taken in all, and when the last error was (no gauges while IMAP_URL is unset).
 */
export function mailboxGauges(db: Db, env: Pick<Env, "IMAP_URL" | "IMAP_FOLDER" | "IMAP_POLL_SECONDS">, now = Date.now) {
  if (!env.IMAP_URL) return [];
  const read = () => mailboxStatus(db, env);
  const seconds = (iso: string | null | undefined) => (iso ? Date.parse(iso) / 1000 : null);
  return [
    {
      name: "fillway_replies_last_read_age_seconds",
      help: "Seconds since the replies mailbox was last read to its end (NaN before its first read)",
      read: async () => {
        const at = seconds((await read())?.lastReadAt);
        return at === null ? null : Math.max(0, now() / 1000 - at);
      },
    },
    {
      name: "fillway_replies_taken",
      help: "Messages taken from the replies mailbox's folder since it was first read",
      read: async () => (await read())?.takenTotal ?? 0,
    },
    {
      name: "fillway_replies_last_error_timestamp_seconds",
      help: "When reading the replies mailbox last failed, as a Unix time (NaN if it never did)",
      read: async () => seconds((await read())?.lastErrorAt),
    },
  ];
}
