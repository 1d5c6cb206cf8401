import type { Db } from "~/platform/db/db.server";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";
import type { Outbox } from "~/platform/outbox/worker.server";
import { sendMorningFollowUps } from "./morning.server";
import { tellOverdue } from "./overdue.server";
import { catchUpSearch } from "~/features/leads/desk/search.server";

export interface LeadSchedule {
  /** One round now (the tests' clock). */
  run(now?: Date): Promise<{ overdue: number; mornings: number }>;
  stop(): Promise<void>;
}

/**
 * Every minute: the leads not answered in time are reported, and the mornings' follow-up
 * e-mails written. Safe with several instances and across restarts (overdue.server.ts,
 * morning.server.ts): each e-mail is written once whichever instance gets there first.
 */
/** How often the search index takes the newly stored leads. */
const SEARCH_CATCH_UP_MS = 1000;

export function startLeadSchedule(opts: { db: Db; env: Env; log: Logger; outbox: Outbox; everyMs?: number }): LeadSchedule {
  const { db, env, log, outbox } = opts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const run = async (now = new Date()) => {
    const overdue = await tellOverdue({ db, env, outbox }, now);
    const mornings = await sendMorningFollowUps({ db, outbox }, now);
    if (overdue || mornings) {
      log.info({ overdue, mornings }, "lead reminders written");
      outbox.nudge();
    }
    return { overdue, mornings };
  };
  const every = opts.everyMs ?? 60_000;
  const tick = () => {
    running = run()
      .catch((error) => log.error({ err: error }, "lead reminders failed"))
      .finally(() => {
        running = undefined;
        if (!stopped) {
          timer = setTimeout(tick, every);
          timer.unref();
        }
      });
  };
  if (every > 0) {
    timer = setTimeout(tick, Math.min(every, 5_000));
    timer.unref();
  }
  // The search index takes the leads stored since its last batch (SQLite; migration 027).
  let indexing: Promise<unknown> | undefined;
  const searchTimer =
    db.dialect === "sqlite" && every > 0
      ? setInterval(() => {
          indexing ??= catchUpSearch(db)
            .catch((error) => log.error({ err: error }, "search index catch-up failed"))
            .finally(() => {
              indexing = undefined;
            });
        }, SEARCH_CATCH_UP_MS)
      : undefined;
  searchTimer?.unref();
  return {
    run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (searchTimer) clearInterval(searchTimer);
      await running;
      await indexing;
    },
  };
}
