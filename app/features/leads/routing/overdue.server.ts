import { type Kysely, sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import type { Env } from "~/platform/env.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import type { Outbox } from "~/platform/outbox/worker.server";
import { activeStaff } from "~/features/staff/people.server";
import { ROLES } from "~/features/staff/roles";

/** How many late leads one check claims; the next minute takes the rest. */
const BATCH = 200;

/** The time before which an unanswered lead is late. */
export const overdueCutoff = (env: Pick<Env, "LEAD_RESPONSE_MINUTES">, now = new Date()) =>
  new Date(now.getTime() - env.LEAD_RESPONSE_MINUTES * 60_000).toISOString();

/**
 * Tells the owner and every admin about each lead not answered within
 * LEAD_RESPONSE_MINUTES, each lead once, in at most two e-mails a person each
 * OVERDUE_MAIL_MINUTES. The leads are claimed with a conditional update (only those nobody
 * has reported yet, and on PostgreSQL skipping rows another instance is claiming), in the
 * same transaction as their e-mails: two schedulers at once, or a restart between claim and
 * e-mail, never tell anyone twice nor leave a lead untold. How many leads were reported.
 *
 * A person's e-mails are keyed by the interval (`lead-overdue:<staff>:<interval>`): the
 * first of an interval goes at once when the interval before was quiet for them, else at
 * the interval's end; leads claimed while it still waits join it; those claimed after it
 * went wait in a second one (`…:rest`) due at the interval's end. A flood of late leads is
 * then one e-mail an interval, and a lone late lead is told at once.
 */
export async function tellOverdue(services: { db: Db; env: Env; outbox: Outbox }, now = new Date()): Promise<number> {
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
    const staff = await activeStaff(trx, ROLES);
    const admins = staff.filter((s) => s.role === "admin");
    const byId = new Map(staff.map((s) => [Number(s.id), s]));
    const perPerson = new Map<number, { email: string; leadIds: number[] }>();
    for (const lead of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
      const owner = lead.assignee_id === null ? undefined : byId.get(Number(lead.assignee_id));
      for (const s of new Map([...(owner ? [owner] : []), ...admins].map((p) => [Number(p.id), p])).values()) {
        const entry = perPerson.get(Number(s.id)) ?? { email: s.email, leadIds: [] };
        entry.leadIds.push(Number(lead.id));
        perPerson.set(Number(s.id), entry);
      }
    }
    for (const [staffId, { email, leadIds }] of perPerson) await tellPerson(trx, outbox, env, { staffId, email, leadIds }, now);
    return rows.length;
  });
}

type Person = { staffId: number; email: string; leadIds: number[] };

/**
 * Adds a person's newly late leads to their waiting e-mail of this interval, or writes one.
 * Asked again when another instance wrote the e-mail, or the outbox took it, in between.
 */
async function tellPerson(trx: Kysely<Database>, outbox: Outbox, env: Env, p: Person, now: Date) {
  const span = env.OVERDUE_MAIL_MINUTES * 60_000;
  const interval = Math.floor(now.getTime() / span);
  const end = new Date((interval + 1) * span);
  const key = (n: number, rest = false) => `lead-overdue:${p.staffId}:${n}${rest ? ":rest" : ""}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const written = await outbox.find(trx, { keys: [key(interval), key(interval, true), key(interval - 1), key(interval - 1, true)], lock: true });
    const find = (k: string) => written.find((w) => w.idempotency_key === k);
    // A waiting e-mail of this interval takes the leads (they are read when it is sent).
    const waiting = [find(key(interval)), find(key(interval, true))].find((row) => row?.state === "pending");
    if (waiting) {
      const payload = JSON.parse(waiting.payload) as { leadIds?: number[] };
      const leadIds = [...new Set([...(payload.leadIds ?? []), ...p.leadIds])];
      if (await outbox.amend(trx, waiting.id, { ...payload, leadIds })) return;
      continue;
    }
    const first = !find(key(interval));
    if (!first && find(key(interval, true))) return; // both of this interval went: these leads are in the desk's late list (cannot happen before the interval ends)
    const quietBefore = !find(key(interval - 1)) && !find(key(interval - 1, true));
    const draft = {
      key: key(interval, !first),
      template: "lead-overdue" as const,
      recipient: p.email,
      staffId: p.staffId,
      payload: { minutes: env.LEAD_RESPONSE_MINUTES, leadIds: p.leadIds },
    };
    if ((await outbox.sendOne(trx, draft, { now, dueAt: first && quietBefore ? now : end })) !== null) return;
  }
}
