import { randomUUID } from "node:crypto";
import { type Insertable, type Kysely, type RawBuilder, type Selectable, sql } from "kysely";
import { compiledOnce, runCompiled } from "~/platform/db/compiled.server";
import type { Db } from "~/platform/db/db.server";
import type { Database, OutboxTable } from "~/platform/db/schema";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import type { MessageName } from "./messages.server";

export type OutboxRow = Selectable<OutboxTable>;
export type Channel = "email" | "webhook";

/** A message to write with the row that causes it (the lead id is filled in by the caller). */
export interface OutboxDraft {
  channel: Channel;
  template: MessageName;
  recipient?: string | null;
  staffId?: number | null;
  payload?: Record<string, unknown>;
}

export interface OutboxTiming {
  /** First retry delay; doubles with every attempt up to an hour. */
  retryBaseMs: number;
  /** How long after it was written (or retried from the desk) a message is given up. */
  giveUpMs: number;
}

const HOUR = 3_600_000;

/** The domain of the sender's address, for Message-IDs. */
export function mailDomain(mailFrom: string): string {
  const m = /@([^\s@<>]+)>?\s*$/.exec(mailFrom);
  return m?.[1]?.toLowerCase() ?? "localhost";
}

/**
 * A UUID whose first 48 bits are the time in milliseconds (RFC 9562 version 7) and whose
 * other 74 are random: as unique as a random one, but new keys sort after the old ones,
 * so the unique index on the key grows at its end. With random keys each message a lead
 * writes dirtied its own page of that index, about a third of what a lead's commit wrote.
 */
export function timeOrderedUuid(now = Date.now()): string {
  // A random (version 4) UUID's last 74 random bits and its variant, behind the time and
  // version 7. randomUUID draws from a buffer of random bytes it fills ahead; a
  // randomBytes call per key cost a system call, three per lead.
  const time = now.toString(16).padStart(12, "0");
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
}

/**
 * The rows to insert for `drafts`: each gets its idempotency key (and, for e-mail, its
 * Message-ID) now, so every later attempt, after a restart too, carries the same one.
 */
export function outboxRows(drafts: OutboxDraft[], leadId: number | null, opts: { domain: string; giveUpMs: number; now?: Date }) {
  const now = opts.now ?? new Date();
  const at = now.toISOString();
  const giveUp = new Date(now.getTime() + opts.giveUpMs).toISOString();
  return drafts.map((d) => {
    const key = timeOrderedUuid(now.getTime());
    return {
      channel: d.channel,
      template: d.template,
      lead_id: leadId,
      staff_id: d.staffId ?? null,
      recipient: d.recipient ?? null,
      payload: JSON.stringify(d.payload ?? {}),
      idempotency_key: key,
      message_id: d.channel === "email" ? `<${key}@${opts.domain}>` : null,
      next_attempt_at: at,
      give_up_at: giveUp,
      created_at: at,
    };
  });
}

/** Every column a new message sets, in the order of the insert's parameters. */
const OUTBOX_COLUMNS = [
  "channel",
  "template",
  "lead_id",
  "staff_id",
  "recipient",
  "payload",
  "idempotency_key",
  "message_id",
  "next_attempt_at",
  "give_up_at",
  "created_at",
] as const satisfies readonly (keyof ReturnType<typeof outboxRows>[number])[];

/** The insert of `count` messages, compiled once per count (a lead writes two or three). */
const outboxInsert = (db: Kysely<Database>, count: number) =>
  compiledOnce(db, `outbox-insert-${count}`, count * OUTBOX_COLUMNS.length, (k) =>
    k
      .insertInto("outbox")
      .values(Array.from({ length: count }, () => Object.fromEntries(OUTBOX_COLUMNS.map((c) => [c, null])) as unknown as Insertable<OutboxTable>)),
  );

/**
 * Inserts messages inside the caller's transaction (the executor it was given). `db` is
 * the handle the statement is compiled for once; the executor may be a transaction of it.
 */
export async function insertOutbox(db: Kysely<Database>, trx: Kysely<Database>, rows: ReturnType<typeof outboxRows>): Promise<void> {
  if (!rows.length) return;
  if (rows.length > 20) {
    await trx.insertInto("outbox").values(rows).execute();
    return;
  }
  await runCompiled(
    trx,
    outboxInsert(db, rows.length),
    rows.flatMap((r) => OUTBOX_COLUMNS.map((c) => r[c])),
  );
}

/** What a feature may ask of the messages it wrote (outbox.find): every condition given must hold. */
export interface OutboxQuery {
  ids?: readonly number[];
  leadIds?: readonly number[];
  /** Idempotency keys (a message written under its caller's key: `send(…, { key })`). */
  keys?: readonly string[];
  templates?: readonly MessageName[];
  notTemplates?: readonly MessageName[];
  channel?: Channel;
  /** The stored recipient (a visitor's address lower-cased; a member of staff's as stored). */
  recipient?: string;
  states?: readonly string[];
  notStates?: readonly string[];
  writtenAfter?: string;
  sentAfter?: string;
  /** Newest first, at most this many (else oldest first, every one). */
  newest?: number;
  /** On PostgreSQL, lock the rows found until the transaction ends (SKIP LOCKED is not used). */
  lock?: boolean;
}

export type FoundMessage = Pick<
  OutboxRow,
  "id" | "lead_id" | "template" | "recipient" | "state" | "payload" | "idempotency_key" | "created_at" | "next_attempt_at" | "sent_at" | "last_error"
>;

/**
 * The messages matching `query` (what a feature asks of the messages it wrote; the
 * outbox's `find` reads the same inside a transaction), with `db`'s handle or a transaction of it.
 */
export async function findMessages(db: Pick<Db, "kysely" | "dialect">, query: OutboxQuery): Promise<FoundMessage[]> {
  for (const list of [query.ids, query.leadIds, query.keys, query.templates, query.states]) if (list && !list.length) return [];
  let q = db.kysely
    .selectFrom("outbox")
    .select(["id", "lead_id", "template", "recipient", "state", "payload", "idempotency_key", "created_at", "next_attempt_at", "sent_at", "last_error"]);
  if (query.ids) q = q.where("id", "in", [...query.ids]);
  if (query.leadIds) q = q.where("lead_id", "in", [...query.leadIds]);
  if (query.keys) q = q.where("idempotency_key", "in", [...query.keys]);
  if (query.templates) q = q.where("template", "in", [...query.templates]);
  if (query.notTemplates?.length) q = q.where("template", "not in", [...query.notTemplates]);
  if (query.channel) q = q.where("channel", "=", query.channel);
  if (query.recipient !== undefined) q = q.where("recipient", "=", query.recipient);
  if (query.states) q = q.where("state", "in", [...query.states]);
  if (query.notStates?.length) q = q.where("state", "not in", [...query.notStates]);
  if (query.writtenAfter) q = q.where("created_at", ">", query.writtenAfter);
  if (query.sentAfter) q = q.where("sent_at", ">", query.sentAfter);
  q = query.newest ? q.orderBy("created_at", "desc").orderBy("id", "desc").limit(query.newest) : q.orderBy("created_at").orderBy("id");
  if (query.lock && db.dialect === "postgres") q = q.forUpdate();
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), lead_id: r.lead_id === null ? null : Number(r.lead_id) }));
}

/** How many of a set of messages wait (pending or being sent), went, and failed. */
export interface MessageTally {
  waiting: number;
  sent: number;
  failed: number;
}

/**
 * Counts the messages whose idempotency keys `keysIn` selects (a subquery of the caller's own
 * table: an issue's deliveries), by state; a failure whose error is `exceptError` is not
 * counted as failed (the caller counts it its own way).
 */
export async function tallyMessages(k: Kysely<Database>, keysIn: RawBuilder<unknown>, exceptError?: string): Promise<MessageTally> {
  const { rows } = await sql<{ waiting: number | string | null; sent: number | string | null; failed: number | string | null }>`
    SELECT
      sum(CASE WHEN state IN ('pending', 'sending') THEN 1 ELSE 0 END) AS waiting,
      sum(CASE WHEN state = 'sent' THEN 1 ELSE 0 END) AS sent,
      sum(CASE WHEN state = 'failed' AND (last_error IS NULL OR last_error <> ${exceptError ?? ""}) THEN 1 ELSE 0 END) AS failed
    FROM outbox WHERE idempotency_key IN (${keysIn})`.execute(k);
  const r = rows[0];
  return { waiting: Number(r?.waiting ?? 0), sent: Number(r?.sent ?? 0), failed: Number(r?.failed ?? 0) };
}

/** Replaces the payload of a message still waiting to be sent (a digest taking more leads); false when it went meanwhile. */
export async function amendPayload(trx: Kysely<Database>, id: number, payload: Record<string, unknown>): Promise<boolean> {
  const r = await trx
    .updateTable("outbox")
    .set({ payload: JSON.stringify(payload) })
    .where("id", "=", id)
    .where("state", "=", "pending")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The ids `claimDue` takes: up to `limit` due messages, oldest first (a subquery of its UPDATE). */
export function dueIds(db: Pick<Db, "dialect">, limit: number, now: Date, channel?: Channel, except?: readonly string[]): RawBuilder<unknown> {
  const at = now.toISOString();
  const channelOnly = channel ? sql`AND channel = ${channel}` : sql``;
  const only = except?.length ? sql`${channelOnly} AND template NOT IN (${sql.join(except.map((t) => sql`${t}`))})` : channelOnly;
  // Answered as one search of the OR of the two conditions, either database sorts every
  // due row for each claim: thousands while a burst of leads waits (on PostgreSQL about
  // 50 ms a claim at 37,000 waiting). As two ordered searches of migration 032's indexes, each stopping
  // at the limit, a claim reads at most twice the limit. On PostgreSQL each search locks
  // the rows it takes (FOR UPDATE SKIP LOCKED), which a UNION cannot; the one or two
  // limits' worth of rows it locked and does not claim are free again at its commit.
  return db.dialect === "postgres"
    ? sql`WITH waiting AS (
        SELECT id, next_attempt_at FROM outbox WHERE state = 'pending' AND next_attempt_at <= ${at} ${only}
        ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
      ), abandoned AS (
        SELECT id, next_attempt_at FROM outbox WHERE state = 'sending' AND lease_until <= ${at} ${only}
        ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      SELECT id FROM (SELECT * FROM waiting UNION ALL SELECT * FROM abandoned) AS due
      ORDER BY next_attempt_at, id
      LIMIT ${limit}`
    : sql`SELECT id FROM (
        SELECT * FROM (SELECT id, next_attempt_at FROM outbox WHERE state = 'pending' AND next_attempt_at <= ${at} ${only} ORDER BY next_attempt_at, id LIMIT ${limit})
        UNION ALL
        SELECT * FROM (SELECT id, next_attempt_at FROM outbox WHERE state = 'sending' AND lease_until <= ${at} ${only} ORDER BY next_attempt_at, id LIMIT ${limit})
      )
      ORDER BY next_attempt_at, id
      LIMIT ${limit}`;
}

/**
 * Claims up to `limit` due messages for this process until `leaseMs` from now: pending
 * ones whose time has come, and ones claimed before whose lease ran out (their worker
 * died). With `channel`, only that channel's messages (each channel has its own worker
 * loop). On PostgreSQL rows another instance is claiming are skipped (SKIP LOCKED), so
 * each message goes to one instance; on SQLite the one process claims. Messages of the
 * templates in `except` are left for a later claim (bulk messages while leads arrive). The claim goes
 * through the write queue: it shares the transaction (and the disk sync) of the leads
 * being stored at that moment instead of taking the writer for a commit of its own.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number, now = new Date(), channel?: Channel, except?: readonly string[]): Promise<OutboxRow[]> {
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  const due = dueIds(db, limit, now, channel, except);
  const { rows } = await writeQueueFor(db).run((trx) =>
    sql<OutboxRow>`
    UPDATE outbox SET state = 'sending', lease_until = ${lease}, attempts = attempts + 1
    WHERE id IN (${due})
    RETURNING *`.execute(trx),
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
}

/**
 * Holds this worker's claims for another `leaseMs`: the messages it is still delivering.
 * A worker renews while it runs, so a claim runs out only when its worker has died (or
 * stalled that long), and the others take a killed instance's messages over within one
 * lease rather than after a long fixed one.
 */
export async function renewClaims(db: Db, ids: readonly number[], leaseMs: number, now = new Date()): Promise<number> {
  if (!ids.length) return 0;
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  let renewed = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const these = ids.slice(i, i + 500);
    const res = await writeQueueFor(db).run((trx) =>
      trx.updateTable("outbox").set({ lease_until: lease }).where("id", "in", these).where("state", "=", "sending").executeTakeFirst(),
    );
    renewed += Number(res.numUpdatedRows);
  }
  return renewed;
}

/** On SQLite only this process delivers: messages it had claimed before a crash are due again. */
export async function releaseClaims(db: Db): Promise<number> {
  const res = await db.kysely.updateTable("outbox").set({ state: "pending", lease_until: null }).where("state", "=", "sending").executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** The wait before attempt n+1 after n failed ones: exponential, capped at an hour, with jitter (50–100 %). */
export function retryDelayMs(attempts: number, baseMs: number, random = Math.random): number {
  const exp = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), HOUR);
  return Math.round(exp * (0.5 + random() * 0.5));
}

export type Result = { id: number; ok: true } | { id: number; ok: false; error: string; permanent?: boolean };

/**
 * Records the outcome of attempts: sent; or due again after the back-off; or failed when
 * the error is permanent or the message is past its give-up time. One transaction for all
 * (the write queue), and only for rows still claimed by this attempt. The delivered rows
 * given at once are marked in one statement; those of a message in `erasedWhenSent` (declared
 * `forget: { payloadOnceSent: true }`, a one-time link) also lose their payload.
 */
export async function recordResults(
  db: Db,
  claimed: Map<number, OutboxRow>,
  results: Result[],
  timing: OutboxTiming,
  now = new Date(),
  erasedWhenSent: ReadonlySet<string> = new Set(),
): Promise<void> {
  const at = now.toISOString();
  const sent = { plain: [] as number[], forget: [] as number[] };
  const failed: { r: Extract<Result, { ok: false }>; row: OutboxRow }[] = [];
  for (const r of results) {
    const row = claimed.get(r.id);
    if (!row) continue;
    if (r.ok) (erasedWhenSent.has(row.template) ? sent.forget : sent.plain).push(r.id);
    else failed.push({ r, row });
  }
  if (!sent.plain.length && !sent.forget.length && !failed.length) return;
  await writeQueueFor(db).run(async (trx) => {
    for (const [ids, forget] of [
      [sent.plain, false],
      [sent.forget, true],
    ] as const) {
      // Chunks stay far below either database's limit on bound parameters.
      for (let i = 0; i < ids.length; i += 500) {
        await trx
          .updateTable("outbox")
          .set({ state: "sent", sent_at: at, lease_until: null, last_error: null, ...(forget ? { payload: "{}" } : {}) })
          .where("id", "in", ids.slice(i, i + 500))
          .where("state", "=", "sending")
          .execute();
      }
    }
    for (const { r, row } of failed) {
      const next = new Date(now.getTime() + retryDelayMs(row.attempts, timing.retryBaseMs));
      const giveUp = r.permanent || next.toISOString() > row.give_up_at;
      await trx
        .updateTable("outbox")
        .set({
          state: giveUp ? "failed" : "pending",
          next_attempt_at: giveUp ? row.next_attempt_at : next.toISOString(),
          lease_until: null,
          last_error: r.error.slice(0, 1000),
        })
        .where("id", "=", r.id)
        .where("state", "=", "sending")
        .execute();
    }
  });
}

/** A failed (or pending) message is tried again now, with a fresh give-up window. */
export async function retryNow(db: Db, id: number, timing: OutboxTiming, now = new Date()): Promise<boolean> {
  const res = await writeQueueFor(db).run((trx) =>
    trx
      .updateTable("outbox")
      .set({
        state: "pending",
        next_attempt_at: now.toISOString(),
        give_up_at: new Date(now.getTime() + timing.giveUpMs).toISOString(),
        lease_until: null,
      })
      .where("id", "=", id)
      .where("state", "in", ["failed", "pending"])
      .executeTakeFirst(),
  );
  return Number(res.numUpdatedRows) > 0;
}

/** What waits in the outbox: messages pending or being sent, failed ones, and how old the oldest waiting one is. */
export async function outboxBacklog(db: Db, now = Date.now()): Promise<{ waiting: number; failed: number; oldest: number }> {
  const { rows } = await sql<{ state: string; n: string | number; oldest: string | null }>`
    SELECT state, count(*) AS n, min(created_at) AS oldest FROM outbox WHERE state IN ('pending', 'sending', 'failed') GROUP BY state`.execute(db.kysely);
  let waiting = 0;
  let failed = 0;
  let oldest = 0;
  for (const r of rows) {
    if (r.state === "failed") failed += Number(r.n);
    else {
      waiting += Number(r.n);
      if (r.oldest) oldest = Math.max(oldest, (now - Date.parse(r.oldest)) / 1000);
    }
  }
  return { waiting, failed, oldest };
}
