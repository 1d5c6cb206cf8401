import { hostname } from "node:os";
import type { Db } from "~/platform/db/db.server";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";
import { withoutAddresses } from "~/platform/log-safe.server";
import { createMailer, type Mailer } from "./mailer.server";
import type { Kysely } from "kysely";
import type { Database } from "~/platform/db/schema";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import {
  amendPayload,
  type Channel,
  claimDue,
  type FoundMessage,
  findMessages,
  insertOutbox,
  type OutboxDraft,
  type OutboxQuery,
  type OutboxRow,
  type OutboxTiming,
  outboxRows,
  mailDomain,
  recordResults,
  releaseClaims,
  renewClaims,
  type Result,
  retryNow,
} from "./store.server";
import { type MessageDef, type MessageRegistry, messageRegistry, Undeliverable } from "./messages.server";
import { postWebhook } from "./webhook.server";

/**
 * A message a feature writes: its channel comes from its declaration. With `key` (the
 * caller's idempotency key, at most 250 characters) a message already written under that
 * key, by this or another instance or before a restart, makes this one write nothing.
 * `messageId` fixes the e-mail's Message-ID (a desk e-mail threads by it); `leadId`, the
 * lead of this message where one call writes messages of several (a newsletter issue).
 */
export type MessageDraft = Omit<OutboxDraft, "channel"> & { key?: string; messageId?: string; leadId?: number | null };

export interface SendOptions {
  /** The lead the messages belong to: its page lists them, and their templates read it. */
  leadId?: number | null;
  /** When they are written (default now): their give-up time counts from it. */
  now?: Date;
  /** Not sent before this time (a digest due at the end of its interval). */
  dueAt?: Date;
}

/**
 * The one way features reach the outbox: write messages (`send` in the caller's
 * transaction, or `sendNow` on their own), ask what they wrote (`find`), add to a message
 * still waiting (`amend`), and retry one (`retry`). The channel, the Message-ID's domain
 * and the give-up time are worked out here. A paused outbox (tests that only write, tools)
 * writes the same rows and delivers nothing.
 */
export interface Outbox {
  timing: OutboxTiming;
  /** The messages it delivers (the composition root's list). */
  readonly messages: MessageRegistry;
  /**
   * Writes `drafts` inside the caller's transaction `trx` (a lead's insert, a desk change), so
   * they exist exactly when what caused them does. Nudge after the commit.
   */
  send(trx: Kysely<Database>, drafts: readonly MessageDraft[], opts?: SendOptions): Promise<void>;
  /** Writes one message in `trx` and gives its id; null when its `key` was written before. */
  sendOne(trx: Kysely<Database>, draft: MessageDraft, opts?: SendOptions): Promise<number | null>;
  /** Writes `drafts` in a transaction of their own (through the write queue), then nudges. */
  sendNow(drafts: readonly MessageDraft[], opts?: SendOptions): Promise<void>;
  /** The messages matching `query`, read with `k` (the database's handle or the caller's transaction). */
  find(k: Kysely<Database>, query: OutboxQuery): Promise<FoundMessage[]>;
  /** Replaces the payload of a message still waiting; false when it was taken meanwhile. */
  amend(trx: Kysely<Database>, id: number, payload: Record<string, unknown>): Promise<boolean>;
  /** A failed or waiting message is tried again now with a fresh give-up window; false when it is neither. */
  retry(id: number): Promise<boolean>;
  /**
   * Something was written: look for due messages now rather than at the next poll. A nudge
   * also tells the worker that leads are arriving (it claims less, and no bulk message, for
   * a moment), unless `bulk` says it is only bulk messages that were written.
   */
  nudge(opts?: { bulk?: boolean }): void;
  /** Finishes the attempts in flight and stops. */
  stop(): Promise<void>;
  readonly mailer: Mailer;
  readonly stats: { sent: number; retried: number; failed: number };
}

export interface OutboxOptions {
  db: Db;
  env: Env;
  log: Logger;
  /** Checks for due messages this often when nothing nudges (ms). */
  pollMs?: number;
  /** Most messages a channel claims at once. */
  batch?: number;
  /**
   * Messages in flight per channel (claimed, not yet recorded): e-mail 100 (the mailer's
   * pool sends 10 at a time and queues the rest), webhook 10.
   */
  concurrency?: Partial<Record<Channel, number>>;
  /**
   * An outcome is written at most this long after it is known (ms), with the others known
   * by then, or at once when `outcomeBatch` are waiting: one commit per outcome cost a
   * third more CPU per e-mail.
   */
  outcomeLingerMs?: number;
  outcomeBatch?: number;
  /**
   * While leads are arriving (one stored within the last `busyWindowMs`), the worker
   * yields to them: it claims at most `busyBatch` messages, then pauses `busyPauseMs`
   * before the next round, so delivery goes on at a steady floor (busyBatch per pause)
   * without taking the event loop and the writer from the requests. Once they stop, it
   * delivers the rest at full speed.
   */
  busyBatch?: number;
  busyPauseMs?: number;
  busyWindowMs?: number;
  /** After a nudge, wait this long so a round takes what arrives meanwhile (ms). */
  settleMs?: number;
  /**
   * How long a claim holds before another worker may take the message over (ms). The
   * worker renews its claims every third of it while it delivers them, so only a dead
   * worker's claims run out.
   */
  leaseMs?: number;
  /** Every message it may deliver, each declared once by its feature (app/server/messages.server.ts). */
  messages: MessageRegistry | readonly MessageDef[];
  /** Do not deliver (pre-rendering, tests that only write). */
  paused?: boolean;
}

/** An SMTP reply code in the 500s: the server refused for good ("550 no such user"), no retry helps. */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code <= 599;
}

/** A wait that something else may end sooner. */
function sleeper() {
  let end: (() => void) | null = null;
  let timer: NodeJS.Timeout | undefined;
  let due = 0;
  return {
    wait(ms: number): Promise<void> {
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          end = null;
          resolve();
        };
        end = done;
        due = Date.now() + ms;
        timer = setTimeout(done, ms);
        timer.unref();
      });
    },
    /** Ends the current wait within `ms` (a wait already due sooner stays). */
    wakeIn(ms: number) {
      const done = end;
      if (!done || due <= Date.now() + ms) return;
      clearTimeout(timer);
      due = Date.now() + ms;
      timer = setTimeout(done, ms);
      timer.unref();
    },
  };
}

/** One channel's worker loop: its own claims, its own messages in flight. */
interface Lane {
  channel: Channel;
  concurrency: number;
  /** Claimed and not yet recorded (delivering, or its outcome being written). */
  inFlight: number;
  /** What the loop is waiting for: a nudge (idle), a free slot, or the end of a pause while leads arrive. */
  waiting: "idle" | "slot" | "pause" | null;
  /** A nudge came while the loop was not idle: look again before going idle. */
  again: boolean;
  sleep: ReturnType<typeof sleeper>;
}

/**
 * The outbox's writing half (`send`, `find`, `amend`, `retry`): the same whether the worker
 * delivers or is paused. `nudge` tells the worker something was written.
 */
function outboxWriter(
  db: Db,
  messages: MessageRegistry,
  env: Env,
  nudge: Outbox["nudge"],
): Pick<Outbox, "timing" | "messages" | "send" | "sendOne" | "sendNow" | "find" | "amend" | "retry"> {
  const timing: OutboxTiming = { retryBaseMs: env.OUTBOX_RETRY_BASE_SECONDS * 1000, giveUpMs: env.OUTBOX_GIVE_UP_HOURS * 3_600_000 };
  const domain = mailDomain(env.MAIL_FROM);
  /** The rows for `drafts`: channel by declaration, keys and Message-IDs, give-up time from `now`. */
  function rowsFor(drafts: readonly MessageDraft[], opts: SendOptions = {}) {
    const now = opts.now ?? new Date();
    const channelled = drafts.map((d) => {
      const declared = messages.get(d.template);
      if (!declared) throw new Error(`no message "${d.template}" is declared`);
      return { channel: declared.channel, template: d.template, recipient: d.recipient, staffId: d.staffId, payload: d.payload };
    });
    const due = opts.dueAt?.toISOString();
    return outboxRows(channelled, opts.leadId ?? null, { domain, giveUpMs: timing.giveUpMs, now }).map((row, i) => {
      const d = drafts[i] as MessageDraft;
      return {
        ...row,
        ...(d.key ? { idempotency_key: d.key.slice(0, 250) } : {}),
        ...(d.leadId !== undefined ? { lead_id: d.leadId } : {}),
        ...(d.messageId ? { message_id: d.messageId } : {}),
        ...(due ? { next_attempt_at: due } : {}),
      };
    });
  }

  const send: Outbox["send"] = async (trx, drafts, opts) => {
    const rows = rowsFor(drafts, opts);
    if (drafts.some((d) => d.key)) {
      for (let i = 0; i < rows.length; i += 100)
        await trx
          .insertInto("outbox")
          .values(rows.slice(i, i + 100))
          .onConflict((oc) => oc.column("idempotency_key").doNothing())
          .execute();
    } else await insertOutbox(db.kysely, trx, rows);
  };
  return {
    timing,
    messages,
    send,
    sendOne: async (trx, draft, opts) => {
      const [row] = rowsFor([draft], opts);
      if (!row) return null;
      const inserted = await trx
        .insertInto("outbox")
        .values(row)
        .onConflict((oc) => oc.column("idempotency_key").doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted ? Number(inserted.id) : null;
    },
    async sendNow(drafts, opts) {
      if (!drafts.length) return;
      await writeQueueFor(db).run((trx) => send(trx, drafts, opts));
      nudge({ bulk: drafts.every((d) => messages.get(d.template)?.bulk) });
    },
    find: (k, query) => findMessages({ kysely: k, dialect: db.dialect }, query),
    amend: (trx, id, payload) => amendPayload(trx, id, payload),
    retry: async (id) => {
      const done = await retryNow(db, id, timing);
      if (done) nudge();
      return done;
    },
  };
}

/** The rows' leads, read by each message's own `load` (one call per message kind in the batch). */
async function loadLeads(db: Db, messages: MessageRegistry, rows: OutboxRow[]): Promise<(row: OutboxRow) => unknown> {
  const wanted = new Map<NonNullable<MessageDef["load"]>, Set<number>>();
  for (const r of rows) {
    const load = messages.get(r.template)?.load;
    if (!load || r.lead_id === null) continue;
    const ids = wanted.get(load) ?? new Set<number>();
    ids.add(Number(r.lead_id));
    wanted.set(load, ids);
  }
  const read = new Map<NonNullable<MessageDef["load"]>, Map<number, unknown>>();
  await Promise.all([...wanted].map(async ([load, ids]) => read.set(load, await load(db, [...ids]))));
  return (row) => {
    const load = messages.get(row.template)?.load;
    return load && row.lead_id !== null ? read.get(load)?.get(Number(row.lead_id)) : undefined;
  };
}

async function deliver(ctx: { db: Db; env: Env; mailer: Mailer; messages: MessageRegistry }, row: OutboxRow, lead: unknown): Promise<Result> {
  const { db, env, mailer, messages } = ctx;
  try {
    const message = messages.get(row.template);
    if (!message) throw new Undeliverable(`no message "${row.template}" is declared`);
    let payload: Record<string, unknown> = {};
    try {
      payload = JSON.parse(row.payload) as Record<string, unknown>;
    } catch {
      // An unreadable payload is an empty one; the template says what it misses.
    }
    const delivery = await message.render({ db, env, row, lead, payload });
    if ("mail" in delivery) await mailer.send({ ...delivery.mail, template: row.template });
    else if (delivery.to) await postWebhook(delivery.to.url, delivery.to.secret, delivery.webhook, row.idempotency_key);
    else {
      if (!env.LEAD_WEBHOOK_URL || !env.LEAD_WEBHOOK_SECRET) throw new Undeliverable("LEAD_WEBHOOK_URL is no longer set");
      await postWebhook(env.LEAD_WEBHOOK_URL, env.LEAD_WEBHOOK_SECRET, delivery.webhook, row.idempotency_key);
    }
    return { id: row.id, ok: true };
  } catch (error) {
    const e = error as Error & { response?: string };
    let message = e.message || String(error);
    // The server's own words ("550 5.1.1 no such user"), for the desk.
    if (typeof e.response === "string" && e.response && !message.includes(e.response)) message = `${message}: ${e.response}`;
    return { id: row.id, ok: false, error: message, permanent: error instanceof Undeliverable || isPermanentSmtpError(error) };
  }
}

/**
 * Writes outcomes as they come: within `lingerMs` of the first one waiting, together with
 * those known by then, so a burst of deliveries costs a few commits, not one each, and a
 * crash loses the outcomes of a few milliseconds at most. Each is then reported (counted,
 * logged, and a message given up tells its feature).
 */
function outcomeWriter(o: {
  db: Db;
  env: Env;
  log: Logger;
  messages: MessageRegistry;
  timing: OutboxTiming;
  stats: Outbox["stats"];
  lingerMs: number;
  batch: number;
  stopped: () => boolean;
}) {
  const { db, env, log, messages, timing, stats } = o;
  const outcomeLingerMs = o.lingerMs;
  const outcomeBatch = o.batch;
  // Messages whose payload is not kept once sent (a one-time link).
  const erasedWhenSent = new Set(messages.names((m) => m.forget.payloadOnceSent));
  const instance = `${hostname()}:${process.pid}`;
  let outcomes: { row: OutboxRow; result: Result; done: () => void }[] = [];
  let writing: Promise<void> | null = null;

  let endLinger: (() => void) | null = null;

  function record(row: OutboxRow, result: Result): Promise<void> {
    return new Promise<void>((done) => {
      outcomes.push({ row, result, done });
      if (outcomes.length >= outcomeBatch) endLinger?.();
      writing ??= writeOutcomes().finally(() => {
        writing = null;
      });
    });
  }

  async function writeOutcomes() {
    while (outcomes.length) {
      if (outcomeLingerMs > 0 && outcomes.length < outcomeBatch && !o.stopped()) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(done, outcomeLingerMs);
          function done() {
            clearTimeout(t);
            endLinger = null;
            resolve();
          }
          endLinger = done;
        });
      }
      const these = outcomes;
      outcomes = [];
      try {
        await recordResults(
          db,
          new Map(these.map((o) => [o.row.id, o.row])),
          these.map((o) => o.result),
          timing,
          new Date(),
          erasedWhenSent,
        );
      } catch (error) {
        // The rows stay claimed: their lease runs out and they are delivered again (at least once).
        log.error({ err: error, messages: these.length }, "outbox: could not record outcomes");
      }
      for (const o of these) {
        report(o.row, o.result);
        o.done();
      }
    }
  }

  function report(row: OutboxRow, r: Result) {
    if (r.ok) {
      stats.sent++;
      log.debug({ id: r.id, template: row.template, attempt: row.attempts }, "outbox: delivered");
      return;
    }
    const failed = r.permanent || new Date(Date.now() + timing.retryBaseMs).toISOString() > row.give_up_at;
    if (failed) {
      stats.failed++;
      messages
        .get(row.template)
        ?.onFailed?.({ db, env, row, error: r.error })
        .catch((error) => log.error({ err: error, id: r.id, template: row.template }, "outbox: the message's failure could not be marked"));
    } else stats.retried++;
    log.warn(
      { id: r.id, template: row.template, attempt: row.attempts, error: withoutAddresses(r.error), instance },
      failed ? "outbox: delivery failed for good" : "outbox: delivery failed, will retry",
    );
  }

  return {
    record,
    /** Ends the wait for more outcomes (stopping). */
    endLinger: () => endLinger?.(),
    /** The write in progress, if any. */
    written: () => writing,
  };
}

/**
 * The outbox worker of this process. Each channel (e-mail, webhook) has its own loop and
 * its own number of messages in flight, so a CRM that does not answer never holds e-mail
 * back, nor a slow SMTP server the webhooks. A loop claims as many due messages as it has
 * free slots (with a lease), delivers them concurrently (SMTP through the mailer's pool,
 * webhooks over HTTP) and records each outcome as soon as it is known, so a crash re-sends
 * at most the messages in flight at that moment. Failures come back after an exponential
 * back-off with jitter until their give-up time, then they are marked failed for the
 * desk; a permanent failure (an SMTP 5xx, a lead that is gone) is marked failed at once.
 * Claims and outcomes go through the write queue, so they share the leads' transactions;
 * while leads are arriving the loops claim less, with pauses (decision records 048, 019).
 */
export function startOutbox(opts: OutboxOptions): Outbox {
  const { db, env, log } = opts;
  const pollMs = opts.pollMs ?? 1000;
  const batch = opts.batch ?? 200;
  const leaseMs = opts.leaseMs ?? 60_000;
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, mailDir: env.MAIL_DIR, log, keepDays: env.MAIL_FILE_KEEP_DAYS });
  const messages = "list" in opts.messages ? opts.messages : messageRegistry(opts.messages);
  // Messages that give way to the others while leads arrive (a newsletter issue).
  const bulk = messages.names((m) => m.bulk);
  const stats = { sent: 0, retried: 0, failed: 0 };

  const busyBatch = Math.min(opts.busyBatch ?? 20, batch);
  const busyPauseMs = opts.busyPauseMs ?? 100;
  const busyWindowMs = opts.busyWindowMs ?? 250;
  const settleMs = opts.settleMs ?? 20;

  let stopped = !!opts.paused;
  let started: Promise<void> = Promise.resolve();
  let lastNudge = 0;
  const nudge: Outbox["nudge"] = (o) => {
    if (stopped) return;
    if (!o?.bulk) lastNudge = Date.now();
    for (const lane of lanes) {
      // A wait already due sooner stays: nudges arriving back to back must not push a claim away.
      if (lane.waiting === "idle") lane.sleep.wakeIn(settleMs);
      else lane.again = true;
    }
  };
  const writer = outboxWriter(db, messages, env, nudge);
  const { timing } = writer;
  const outcomes = outcomeWriter({
    db,
    env,
    log,
    messages,
    timing,
    stats,
    lingerMs: opts.outcomeLingerMs ?? 20,
    batch: opts.outcomeBatch ?? 100,
    stopped: () => stopped,
  });
  const lanes: Lane[] = (["email", "webhook"] as const).map((channel) => ({
    channel,
    concurrency: Math.max(1, opts.concurrency?.[channel] ?? (channel === "email" ? 100 : 10)),
    inFlight: 0,
    waiting: null,
    again: false,
    sleep: sleeper(),
  }));
  const loops: Promise<void>[] = [];
  const deliveries = new Set<Promise<void>>();
  // The messages claimed and not yet recorded, whose claims this worker keeps renewing.
  const held = new Set<number>();
  const renewal = stopped
    ? null
    : setInterval(() => {
        if (!held.size) return;
        renewClaims(db, [...held], leaseMs).catch((error) => log.error({ err: error }, "outbox: could not renew claims"));
      }, leaseMs / 3);
  renewal?.unref();
  if (!stopped && db.dialect === "sqlite") {
    // One process delivers on SQLite: what it had claimed before a crash is due again now.
    started = releaseClaims(db).then(
      (n) => {
        if (n) log.info({ messages: n }, "outbox: messages claimed before a restart are due again");
      },
      (error) => log.error({ err: error }, "outbox: could not release old claims"),
    );
  }

  /** Delivers claimed messages, each recorded as soon as its outcome is known. */
  function dispatch(lane: Lane, claimed: OutboxRow[]) {
    lane.inFlight += claimed.length;
    const leads = loadLeads(db, messages, claimed);
    for (const row of claimed) {
      held.add(row.id);
      const one = (async () => {
        let result: Result;
        try {
          const leadOf = await leads;
          result = await deliver({ db, env, mailer, messages }, row, leadOf(row));
        } catch (error) {
          result = { id: row.id, ok: false, error: `could not read the lead: ${(error as Error).message}` };
        }
        await outcomes.record(row, result);
      })().finally(() => {
        held.delete(row.id);
        deliveries.delete(one);
        lane.inFlight--;
        // Claim again once half the slots are free: fewer, larger claims.
        if (lane.waiting === "slot" && lane.concurrency - lane.inFlight >= refillAt(lane)) lane.sleep.wakeIn(0);
      });
      deliveries.add(one);
    }
  }

  const refillAt = (lane: Lane) => Math.max(1, Math.floor(lane.concurrency / 2));

  async function wait(lane: Lane, why: NonNullable<Lane["waiting"]>, ms: number) {
    lane.waiting = why;
    await lane.sleep.wait(ms);
    lane.waiting = null;
  }

  async function run(lane: Lane) {
    await started;
    while (!stopped) {
      const free = lane.concurrency - lane.inFlight;
      if (free < refillAt(lane)) {
        await wait(lane, "slot", pollMs);
        continue;
      }
      const busy = Date.now() - lastNudge < busyWindowMs;
      // While leads arrive at most busyBatch messages are in flight (as one round of the
      // single loop was): more would take the CPU and the writer from the leads.
      const limit = busy ? Math.min(free, busyBatch - lane.inFlight) : Math.min(free, batch);
      if (limit <= 0) {
        await wait(lane, "pause", busyPauseMs);
        continue;
      }
      lane.again = false;
      let claimed: OutboxRow[];
      try {
        claimed = await claimDue(db, limit, leaseMs, new Date(), lane.channel, busy ? bulk : undefined);
      } catch (error) {
        log.error({ err: error, channel: lane.channel }, "outbox: could not claim messages");
        await wait(lane, "idle", pollMs);
        continue;
      }
      if (claimed.length) dispatch(lane, claimed);
      if (stopped) break;
      if (busy && (claimed.length || bulk.length)) {
        // Leads are arriving: let them have the event loop and the writer for a while (and
        // bulk messages, left out of the claim, wait until they stop).
        await wait(lane, "pause", busyPauseMs);
        continue;
      }
      if (claimed.length === limit || lane.again) continue;
      await wait(lane, "idle", pollMs);
    }
  }

  if (!stopped) {
    log.info(
      {
        mail: mailer.describe,
        webhook: env.LEAD_WEBHOOK_URL ? new URL(env.LEAD_WEBHOOK_URL).origin : null,
        // "in flight per channel", not keyed by "email" (a field the logger redacts).
        inFlight: lanes.map((l) => `${l.channel} ${l.concurrency}`).join(", "),
      },
      "outbox: delivering",
    );
    for (const lane of lanes) {
      loops.push(
        run(lane).catch((error) => {
          log.error({ err: error, channel: lane.channel }, "outbox: worker loop ended");
        }),
      );
    }
  }
  return {
    ...writer,
    mailer,
    stats,
    nudge,
    async stop() {
      stopped = true;
      for (const lane of lanes) lane.sleep.wakeIn(0);
      outcomes.endLinger();
      await Promise.all(loops);
      // The attempts in flight finish and their outcomes are written.
      while (deliveries.size) await Promise.all([...deliveries]);
      await outcomes.written();
      if (renewal) clearInterval(renewal);
      mailer.close();
    },
  };
}
