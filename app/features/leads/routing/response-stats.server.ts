import { sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import { firstMailsSince } from "~/features/conversations/store.server";
import { staffDirectory, staffLabel } from "~/features/staff/people.server";

/** The Monday (UTC) of the week an instant falls in, as YYYY-MM-DD. */
export function weekOf(iso: string): string {
  const d = new Date(iso);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - back)).toISOString().slice(0, 10);
}

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * When each lead created since `since` was first answered for real: its first e-mail from
 * the desk or its first logged call, whichever came first (decision record 044). A status
 * change or a note is not an answer the visitor heard.
 */
export async function firstResponses(db: Db, since: string): Promise<Map<number, string>> {
  const [mails, calls] = await Promise.all([
    firstMailsSince(db, since),
    db.kysely
      .selectFrom("lead_events as e")
      .innerJoin("leads as l", "l.id", "e.lead_id")
      .select(["e.lead_id", sql<string>`min(e.created_at)`.as("first")])
      .where("l.created_at", ">=", since)
      .where("e.action", "=", "call")
      .groupBy("e.lead_id")
      .execute(),
  ]);
  const first = new Map(mails);
  for (const c of calls) {
    const id = Number(c.lead_id);
    const mail = first.get(id);
    if (mail === undefined || c.first < mail) first.set(id, c.first);
  }
  return first;
}

/**
 * The median minutes from a lead's arrival to its first response (an e-mail from the desk
 * or a logged call), per owner and week (UTC weeks from Monday), over the last `weeks`
 * weeks, for the leads answered so far.
 */
export async function responseTimes(db: Db, weeks = 8, now = new Date()) {
  const first = weekOf(new Date(now.getTime() - (weeks - 1) * 7 * 86_400_000).toISOString());
  const since = `${first}T00:00:00.000Z`;
  const [leads, answered, staff] = await Promise.all([
    db.kysely
      .selectFrom("leads")
      .select(["id", "assignee_id", "created_at"])
      .where("created_at", ">=", since)
      .where("kind", "<>", "newsletter")
      .where("first_touch_at", "is not", null)
      .execute(),
    firstResponses(db, since),
    staffDirectory(db),
  ]);
  const rows = leads.flatMap((l) => {
    const at = answered.get(Number(l.id));
    return at === undefined ? [] : [{ assignee_id: l.assignee_id, created_at: l.created_at, first_touch_at: at }];
  });
  const weekList = Array.from({ length: weeks }, (_, i) => new Date(Date.parse(`${first}T00:00:00Z`) + i * 7 * 86_400_000).toISOString().slice(0, 10));
  const minutes = new Map<string, number[]>();
  for (const r of rows) {
    const key = `${r.assignee_id ?? ""}|${weekOf(r.created_at)}`;
    const list = minutes.get(key) ?? [];
    list.push(Math.max(0, (Date.parse(r.first_touch_at as string) - Date.parse(r.created_at)) / 60_000));
    minutes.set(key, list);
  }
  const owners = [...new Set(rows.map((r) => (r.assignee_id === null ? null : Number(r.assignee_id))))];
  const people = owners
    .map((id) => ({
      label: id === null ? "Nobody" : staffLabel(staff.get(id), id),
      medians: weekList.map((w) => {
        const m = median(minutes.get(`${id ?? ""}|${w}`) ?? []);
        return m === null ? null : Math.round(m);
      }),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return { weeks: weekList, people };
}
