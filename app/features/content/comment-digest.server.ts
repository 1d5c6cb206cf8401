import type { Services } from "~/platform/services.server";
import { purgeTrash } from "./comment-trash.server";
import { activeStaff } from "~/features/staff/people.server";

/**
 * The comments' chores, every few minutes: a digest e-mail to editors when comments wait
 * for review (at most one an hour, and only when a comment came in since the last one),
 * and the purge of comments in the trash for more than 30 days.
 */

export const DIGEST_EVERY_MS = 3_600_000;

/** Writes the digest to the outbox when it is due; returns how many e-mails were written. */
export async function sendCommentDigest(services: Pick<Services, "db" | "outbox">, now = new Date()): Promise<number> {
  const { db, outbox } = services;
  const k = db.kysely;
  const [last] = await outbox.find(k, { templates: ["comment-digest"], newest: 1 });
  const lastAt = last?.created_at ?? null;
  if (lastAt && Date.parse(lastAt) > now.getTime() - DIGEST_EVERY_MS) return 0;
  const count = (q: ReturnType<typeof held>) => q.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
  const held = () => k.selectFrom("comments").where("state", "=", "held");
  const fresh = Number((await count(lastAt ? held().where("created_on", ">", lastAt) : held())).n);
  if (fresh === 0) return 0;
  const waiting = Number((await count(held())).n);
  let editors = await activeStaff(k, ["editor"]);
  // No editor: the administrators, who can moderate too.
  if (editors.length === 0) editors = await activeStaff(k, ["admin"]);
  if (editors.length === 0) return 0;
  await outbox.sendNow(
    editors.map((e) => ({ template: "comment-digest" as const, recipient: e.email, staffId: Number(e.id), payload: { waiting, fresh } })),
    { now },
  );
  return editors.length;
}

/** Starts the chores (main.server.ts); the returned function stops them. */
export function startCommentChores(services: Pick<Services, "db" | "outbox" | "log">, everyMs = 5 * 60_000): () => void {
  const run = async () => {
    try {
      const written = await sendCommentDigest(services);
      const purged = await purgeTrash(services.db);
      if (written || purged) services.log.info({ digests: written, purged }, "comment chores");
    } catch (error) {
      services.log.error({ err: error }, "comment chores failed");
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
