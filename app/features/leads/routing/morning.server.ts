import type { Db } from "~/platform/db/db.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import type { Outbox } from "~/platform/outbox/worker.server";
import { kindLabel } from "../desk/labels.server";
import { submissionReference } from "~/shared/forms/success";
import type { DueFollowUp } from "../mail.server";
import { activeStaff } from "~/features/staff/people.server";

/** The local hour from which a member of staff gets the day's follow-ups. */
export const MORNING_HOUR = 7;

/**
 * The time zone a member of staff's morning is in. Every account's is UTC until the staff
 * table says otherwise: this is the one place to read it from.
 */
export function staffTimeZone(staff: { id: number; time_zone?: string | null }): string {
  return staff.time_zone || "UTC";
}

/** The local date (YYYY-MM-DD), hour, and the instant the local day ends, in `zone`. */
export function localDay(now: Date, zone: string): { day: string; hour: number; endsAt: string } {
  let parts: Record<string, string>;
  try {
    const f = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    parts = Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]));
  } catch {
    return localDay(now, "UTC");
  }
  const y = Number(parts.year);
  const m = Number(parts.month);
  const d = Number(parts.day);
  const hour = Number(parts.hour);
  // The zone's offset now, from the local wall time read back as if it were UTC.
  const offset = Date.UTC(y, m - 1, d, hour, Number(parts.minute)) - Math.floor(now.getTime() / 60_000) * 60_000;
  const endsAt = new Date(Date.UTC(y, m - 1, d + 1) - offset).toISOString();
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour, endsAt };
}

/** The follow-ups of one member of staff not done and due before `before`, oldest first. */
export async function dueFollowUps(db: Db, staffId: number, before: string): Promise<DueFollowUp[]> {
  const rows = await db.kysely
    .selectFrom("lead_followups as f")
    .innerJoin("leads as l", "l.id", "f.lead_id")
    .select(["f.lead_id", "f.due_at", "l.kind", "l.submission_id"])
    .where("f.staff_id", "=", staffId)
    .where("f.done_at", "is", null)
    .where("f.due_at", "<", before)
    .orderBy("f.due_at")
    .limit(100)
    .execute();
  return rows.map((r) => ({
    leadId: Number(r.lead_id),
    reference: r.submission_id ? `#${submissionReference(r.submission_id)}` : String(r.lead_id),
    form: kindLabel(r.kind),
    due: `${r.due_at.slice(0, 10)} ${r.due_at.slice(11, 16)} UTC`,
  }));
}

const checked = new WeakMap<Db, Set<string>>();

/**
 * From 07:00 in each member of staff's time zone, one e-mail a day listing their
 * follow-ups due that day or late (none when nothing is due). Keyed by person and local
 * day in the outbox, so a restart or a second instance sends no second one. How many were written.
 */
export async function sendMorningFollowUps(services: { db: Db; outbox: Outbox }, now = new Date()): Promise<number> {
  const { db, outbox } = services;
  const seen = checked.get(db) ?? new Set<string>();
  checked.set(db, seen);
  const staff = await activeStaff(db.kysely, ["sales", "admin"]);
  let written = 0;
  for (const s of staff) {
    const { day, hour, endsAt } = localDay(now, staffTimeZone({ id: s.id, time_zone: s.timeZone }));
    const key = `follow-ups-due:${s.id}:${day}`;
    if (hour < MORNING_HOUR || seen.has(key)) continue;
    const items = await dueFollowUps(db, Number(s.id), endsAt);
    seen.add(key);
    if (!items.length) continue;
    if ((await outbox.find(db.kysely, { keys: [key] })).length) continue;
    const draft = { key, template: "follow-ups-due" as const, recipient: s.email, staffId: Number(s.id), payload: { items } };
    await writeQueueFor(db).run((trx) => outbox.send(trx, [draft], { now }));
    written++;
  }
  return written;
}
