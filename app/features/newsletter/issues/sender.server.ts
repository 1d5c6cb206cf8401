import { sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import type { Logger } from "~/platform/logger.server";
import type { Outbox } from "~/platform/outbox/worker.server";
import { subscribedAddressIds, subscriberStatuses } from "~/features/leads/subscribers.server";

/**
 * Sends newsletter issues (decision record 032). Every tick (a second) it:
 *
 * 1. starts the scheduled issues whose time has come (state `sending`);
 * 2. fills a sending issue: one delivery row per confirmed address, inserted in batches
 *    through the write queue; the pair (issue, subscription) is unique, so a fill run again
 *    after a restart adds only what is missing;
 * 3. releases queued deliveries into the outbox, at most NEWSLETTER_RATE_PER_MINUTE within
 *    any minute (and that rate's share of a tick per tick): each batch writes its outbox
 *    messages and marks its deliveries released in one transaction, and a message's
 *    idempotency key is made of the issue and the subscription, so a batch run twice
 *    cannot write a message twice. An address unsubscribed by then is skipped; the
 *    message checks again when it is sent (messages.server.ts);
 * 4. marks an issue sent once every delivery has been released or skipped.
 *
 * The outbox then delivers each message as any other: retries, back-off, the desk's
 * Deliveries page for failures.
 */
export const NEWSLETTER_TEMPLATE = "newsletter-issue" as const;

const FILL_BATCH = 1000;
const INSERT_CHUNK = 400;
const MINUTE = 60_000;

/** The idempotency key of one issue's message to one subscription: the same on every attempt to write it. */
export const deliveryKey = (issueId: number, leadId: number) => `newsletter-${issueId}-${leadId}`;

/** Scheduled issues whose time has come start sending. */
export async function startDueIssues(db: Db, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const res = await writeQueueFor(db).run((trx) =>
    trx
      .updateTable("newsletter_issues")
      .set({ state: "sending", started_at: at, updated_at: at })
      .where("state", "=", "scheduled")
      .where("send_at", "<=", at)
      .executeTakeFirst(),
  );
  return Number(res.numUpdatedRows);
}

/** Makes the delivery rows of a sending issue not yet filled: one per confirmed address (its first confirmed sign-up). */
export async function fillIssue(db: Db, issueId: number, now = new Date()): Promise<number> {
  const ids = await subscribedAddressIds(db.kysely);
  for (let i = 0; i < ids.length; i += FILL_BATCH) {
    const slice = ids.slice(i, i + FILL_BATCH);
    await writeQueueFor(db).run(async (trx) => {
      for (let j = 0; j < slice.length; j += INSERT_CHUNK) {
        await trx
          .insertInto("newsletter_deliveries")
          .values(slice.slice(j, j + INSERT_CHUNK).map((lead_id) => ({ issue_id: issueId, lead_id })))
          .onConflict((oc) => oc.columns(["issue_id", "lead_id"]).doNothing())
          .execute();
      }
    });
  }
  const at = now.toISOString();
  await writeQueueFor(db).run(async (trx) => {
    const n = await trx
      .selectFrom("newsletter_deliveries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("issue_id", "=", issueId)
      .executeTakeFirst();
    await trx
      .updateTable("newsletter_issues")
      .set({ filled_at: at, recipients: Number(n?.n ?? 0), updated_at: at })
      .where("id", "=", issueId)
      .where("filled_at", "is", null)
      .execute();
  });
  return ids.length;
}

/** How many deliveries may be released now: what the last minute left of the rate, at most the rate's share of one tick. */
export async function releaseAllowance(db: Db, ratePerMinute: number, tickMs: number, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - MINUTE).toISOString();
  const row = await db.kysely
    .selectFrom("newsletter_deliveries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("released_at", ">", since)
    .executeTakeFirst();
  const left = ratePerMinute - Number(row?.n ?? 0);
  return Math.max(0, Math.min(left, Math.ceil((ratePerMinute * tickMs) / MINUTE)));
}

/**
 * Releases up to `limit` queued deliveries of sending issues into the outbox, oldest issue
 * first. Returns how many messages were written (skipped addresses not counted).
 */
export async function releaseDeliveries(db: Db, outbox: Outbox, limit: number, now = new Date()): Promise<number> {
  if (limit <= 0) return 0;
  const at = now.toISOString();
  return writeQueueFor(db).run(async (trx) => {
    const due = await trx
      .selectFrom("newsletter_deliveries as d")
      .innerJoin("newsletter_issues as i", "i.id", "d.issue_id")
      .select(["d.id", "d.issue_id", "d.lead_id"])
      .where("i.state", "=", "sending")
      .where("d.state", "=", "queued")
      .orderBy("d.issue_id")
      .orderBy("d.id")
      .limit(limit)
      .execute();
    const status = await subscriberStatuses(
      trx,
      due.map((d) => Number(d.lead_id)),
    );
    const go = due.filter((d) => status.get(Number(d.lead_id)) === "subscribed");
    const skip = due.filter((d) => status.get(Number(d.lead_id)) !== "subscribed").map((d) => Number(d.id));
    await outbox.send(
      trx,
      go.map((d) => ({
        key: deliveryKey(Number(d.issue_id), Number(d.lead_id)),
        leadId: Number(d.lead_id),
        template: NEWSLETTER_TEMPLATE,
        payload: { issue: Number(d.issue_id) },
      })),
      { now },
    );
    const ids = go.map((d) => Number(d.id));
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      await trx
        .updateTable("newsletter_deliveries")
        .set({ state: "released", released_at: at, outbox_key: sql`'newsletter-' || issue_id || '-' || lead_id` })
        .where("id", "in", ids.slice(i, i + INSERT_CHUNK))
        .where("state", "=", "queued")
        .execute();
    }
    for (let i = 0; i < skip.length; i += INSERT_CHUNK) {
      await trx
        .updateTable("newsletter_deliveries")
        .set({ state: "skipped" })
        .where("id", "in", skip.slice(i, i + INSERT_CHUNK))
        .where("state", "=", "queued")
        .execute();
    }
    return go.length;
  });
}

/** Sending issues whose deliveries are all released or skipped are sent. */
export async function finishIssues(db: Db, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const res = await writeQueueFor(db).run((trx) =>
    trx
      .updateTable("newsletter_issues")
      .set({ state: "sent", finished_at: at, updated_at: at })
      .where("state", "=", "sending")
      .where("filled_at", "is not", null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom("newsletter_deliveries as d").select("d.id").whereRef("d.issue_id", "=", "newsletter_issues.id").where("d.state", "=", "queued"),
          ),
        ),
      )
      .executeTakeFirst(),
  );
  return Number(res.numUpdatedRows);
}

export interface SenderOptions {
  db: Db;
  outbox: Outbox;
  log: Logger;
  ratePerMinute: number;
  tickMs?: number;
}

/** One round of the sender: start, fill, release, finish. Returns how many messages it released. */
export async function sendRound(opts: SenderOptions, now = new Date()): Promise<number> {
  const { db } = opts;
  const tickMs = opts.tickMs ?? 1000;
  await startDueIssues(db, now);
  const unfilled = await db.kysely.selectFrom("newsletter_issues").select("id").where("state", "=", "sending").where("filled_at", "is", null).execute();
  for (const issue of unfilled) await fillIssue(db, Number(issue.id), now);
  const released = await releaseDeliveries(db, opts.outbox, await releaseAllowance(db, opts.ratePerMinute, tickMs, now), now);
  if (released) opts.outbox.nudge({ bulk: true });
  await finishIssues(db, now);
  return released;
}

/** The sender of this process: a round every tick, none while the last one runs. */
export function startNewsletterSender(opts: SenderOptions): { stop(): Promise<void> } {
  const tickMs = opts.tickMs ?? 1000;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = sendRound(opts)
      .catch((error: unknown) => opts.log.warn({ err: error }, "newsletter: a sending round failed; trying again next round"))
      .finally(() => {
        running = null;
      });
  }, tickMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
