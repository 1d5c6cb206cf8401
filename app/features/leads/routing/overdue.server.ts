import { type Kysely, sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import type { Env } from "~/platform/env.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import type { OutboxDraft } from "~/platform/outbox/store.server";
import type { Outbox } from "~/platform/outbox/worker.server";

/** How many late leads one check claims; the next minute takes the rest. */
const BATCH = 200;

/** The time before which an unanswered lead is late. */
export const overdueCutoff = (env: Pick<Env, "LEAD_RESPONSE_MINUTES">, now = new Date()) =>
  new Date(now.getTime() - env.LEAD_RESPONSE_MINUTES * 60_000).toISOString();

/**
 * Inserts messages keyed by `key`: a key written before (by this or another instance, or
 * before a restart) writes nothing.
 */
export async function insertOnce(
  trx: Kysely<Database>,
  outbox: Pick<Outbox, "rows">,
  items: { key: string; draft: OutboxDraft; leadId: number | null }[],
  now: Date,
) {
  if (!items.length) return;
  const rows = items.map((i) => ({
    ...(outbox.rows([i.draft], i.leadId, now)[0] as ReturnType<Outbox["rows"]>[number]),
    idempotency_key: i.key.slice(0, 250),
  }));
  for (let i = 0; i < rows.length; i += 100) {
    await trx
      .insertInto("outbox")
      .values(rows.slice(i, i + 100))
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .execute();
  }
}

/**
 * Tells the owner and every admin, once per lead and person, about each lead not answered
 * within LEAD_RESPONSE_MINUTES. The leads are claimed with a conditional update (only
 * those nobody has reported yet, and on PostgreSQL skipping rows another instance is
 * claiming), in the same transaction as their e-mails: two schedulers at once, or a restart
 * between claim and e-mail, never tell anyone twice nor leave a lead untold. How many leads
 * were reported.
 */
export async function tellOverdue(services: { db: Db; env: Env; outbox: Pick<Outbox, "rows"> }, now = new Date()): Promise<number> {
  const { db, env, outbox } = services;
  const at = now.toISOString();
  const cutoff = overdueCutoff(env, now);
  const lock = db.dialect === "postgres" ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  return writeQueueFor(db).run(async (trx) => {
    const { rows } = await sql<{ id: number; assignee_id: number | null }>`
      UPDATE leads SET overdue_told_at = ${at}
      WHERE id IN (
        SELECT id FROM leads
        WHERE first_touch_at IS NULL AND overdue_told_at IS NULL AND kind <> 'newsletter' AND created_at < ${cutoff}
        ORDER BY created_at, id
        LIMIT ${BATCH}
        ${lock}
      ) AND first_touch_at IS NULL AND overdue_told_at IS NULL
      RETURNING id, assignee_id`.execute(trx);
    if (!rows.length) return 0;
    const staff = await trx.selectFrom("staff").select(["id", "email", "role"]).where("disabled_at", "is", null).execute();
    const admins = staff.filter((s) => s.role === "admin");
    const byId = new Map(staff.map((s) => [Number(s.id), s]));
    const items = rows.flatMap((lead) => {
      const owner = lead.assignee_id === null ? undefined : byId.get(Number(lead.assignee_id));
      const to = [...new Map([...(owner ? [owner] : []), ...admins].map((s) => [Number(s.id), s])).values()];
      return to.map((s) => ({
        key: `lead-overdue:${lead.id}:${s.id}`,
        leadId: Number(lead.id),
        draft: {
          channel: "email" as const,
          template: "lead-overdue" as const,
          recipient: s.email,
          staffId: Number(s.id),
          payload: { minutes: env.LEAD_RESPONSE_MINUTES },
        },
      }));
    });
    await insertOnce(trx, outbox, items, now);
    return rows.length;
  });
}
