import { sql } from "kysely";
import { audit } from "~/features/staff/audit.server";
import type { Services } from "~/platform/services.server";
import { deleteByEmail, type PersonalData, purgeAfterDeletions } from "./desk/privacy.server";
import { commentedBy } from "~/features/content/privacy.server";

/**
 * The retention job: what a visitor without an account sent the website is deleted once
 * its period has passed, as the privacy policy says (its words come from the same
 * defaults, `app/shared/retention.ts`):
 *
 * - an enquiry (a lead or quote of any form but the newsletter and the waitlist) that did
 *   not become a customer (status other than `won`), LEAD_RETENTION_DAYS after it was sent;
 * - a waitlist entry, WAITLIST_RETENTION_DAYS after it was made.
 *
 * A person is forgotten whole, by the desk's own privacy deletion (`deleteByEmail`: leads,
 * their timelines, outbox messages, mail files, audit entries naming the address, every
 * feature's share), and only once nothing of theirs is still kept for a reason of its own:
 * a newer enquiry or waitlist entry, a lead that became a customer, a newsletter
 * subscription that is waiting for its confirmation or confirmed, or a blog comment.
 * What it deleted is recorded in the audit log as counts, never the addresses.
 */

export interface RetentionPeriods {
  leadDays: number;
  waitlistDays: number;
}

export interface RetentionResult extends PersonalData {
  /** People (e-mail addresses) forgotten. */
  people: number;
}

const DAY_MS = 86_400_000;
/** Addresses forgotten per run at most; the next run goes on. */
export const RETENTION_BATCH = 500;

const NOT_ENQUIRIES = ["newsletter", "waitlist"];

/** The addresses whose every record has passed its period, oldest first. */
export async function expiredAddresses(services: Pick<Services, "db">, periods: RetentionPeriods, now: Date, limit = RETENTION_BATCH): Promise<string[]> {
  const k = services.db.kysely;
  const leadCutoff = new Date(now.getTime() - periods.leadDays * DAY_MS).toISOString();
  const waitlistCutoff = new Date(now.getTime() - periods.waitlistDays * DAY_MS).toISOString();
  const rows = await k
    .selectFrom("leads as l")
    .select("l.email_norm as email")
    .where("l.email_norm", "is not", null)
    .where((eb) =>
      eb.or([
        eb.and([eb("l.kind", "not in", NOT_ENQUIRIES), eb("l.status", "<>", "won"), eb("l.created_at", "<", leadCutoff)]),
        eb.and([eb("l.kind", "=", "waitlist"), eb("l.created_at", "<", waitlistCutoff)]),
      ]),
    )
    // Nothing of the same person is kept for a reason of its own.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("leads as k")
            .select(sql`1`.as("one"))
            .whereRef("k.email_norm", "=", "l.email_norm")
            .where((eb) =>
              eb.or([
                eb("k.status", "=", "won"),
                eb.and([eb("k.kind", "not in", NOT_ENQUIRIES), eb("k.created_at", ">=", leadCutoff)]),
                eb.and([eb("k.kind", "=", "waitlist"), eb("k.created_at", ">=", waitlistCutoff)]),
                eb.and([eb("k.kind", "=", "newsletter"), eb.or([eb("k.status", "in", ["pending", "subscribed"]), eb("k.created_at", ">=", leadCutoff)])]),
              ]),
            ),
        ),
      ),
    )
    // Someone who wrote a comment is kept while it is (the content's).
    .where(({ not }) => not(commentedBy(sql.ref("l.email_norm"))))
    .groupBy("l.email_norm")
    .orderBy(sql`min(l.created_at)`)
    .limit(limit)
    .execute();
  return rows.map((r) => r.email).filter((e): e is string => !!e);
}

/**
 * One run: forgets every address past its period (at most RETENTION_BATCH), each through
 * the desk's privacy deletion, and writes one audit entry with the counts when it deleted
 * anything.
 */
export async function runRetention(services: Pick<Services, "db" | "env" | "outbox">, now = new Date()): Promise<RetentionResult> {
  const periods = { leadDays: services.env.LEAD_RETENTION_DAYS, waitlistDays: services.env.WAITLIST_RETENTION_DAYS };
  const emails = await expiredAddresses(services, periods, now);
  const total: RetentionResult = { people: 0, leads: 0, subscriptions: 0, comments: 0, outbox: 0, mailFiles: 0, audit: 0, insight: 0, conversations: 0 };
  for (const email of emails) {
    // The files are cleaned once for the whole run (the search index is rewritten whole).
    const removed = await deleteByEmail(services, email, now, { purge: false });
    total.people += 1;
    for (const key of ["leads", "subscriptions", "comments", "outbox", "mailFiles", "audit", "insight", "conversations"] as const) total[key] += removed[key];
  }
  if (total.people) await purgeAfterDeletions(services);
  if (total.people) await audit(services.db, { staffId: null, action: "privacy.retention", subject: null, detail: { ...total, ...periods } });
  return total;
}

/** Runs the job once soon after start and then every `everyMs` (six hours), like the other chores. */
export function startRetention(services: Pick<Services, "db" | "env" | "outbox" | "log">, everyMs = 6 * 3_600_000): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const done = await runRetention(services);
      if (done.people) services.log.info({ ...done }, "retention: data past its period deleted");
    } catch (error) {
      services.log.error({ err: error }, "retention job failed");
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, 60_000);
  first.unref();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
