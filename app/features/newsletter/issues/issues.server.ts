import { sql } from "kysely";
import { z } from "zod";
import { getPost } from "~/features/content/posts.server";
import { htmlToText } from "~/features/content/markdown.server";
import { renderMarkdownGuarded, staffOwner } from "~/features/content/markdown-pool.server";
import type { Db } from "~/platform/db/db.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { countSubscribed, unsubscribedSince } from "~/features/leads/subscribers.server";
import { tallyMessages } from "~/platform/outbox/store.server";

/**
 * Newsletter issues written in the desk (decision record 032): a draft is written and
 * previewed, then sent now or scheduled; the sender (sender.server.ts) makes one delivery
 * per confirmed address and releases them into the outbox at NEWSLETTER_RATE_PER_MINUTE.
 */
export type IssueState = "draft" | "scheduled" | "sending" | "sent";

export const issueStateLabels: Record<IssueState, string> = { draft: "Draft", scheduled: "Scheduled", sending: "Sending", sent: "Sent" };

export const SUBJECT_MAX = 200;
export const BODY_MAX = 100_000;

export const issueSchema = z.object({
  subject: z
    .string()
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, "The subject is required").max(SUBJECT_MAX, `The subject must be at most ${SUBJECT_MAX} characters`)),
  body: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, "The body is required").max(BODY_MAX, "The body must be at most 100,000 characters")),
});
export type IssueInput = z.infer<typeof issueSchema>;

export interface Issue {
  id: number;
  subject: string;
  body: string;
  html: string;
  postId: string | null;
  state: IssueState;
  sendAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  recipients: number | null;
  updatedAt: string;
}

const toIssue = (r: {
  id: number;
  subject: string;
  body_markdown: string;
  body_html: string;
  post_id: string | null;
  state: string;
  send_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  recipients: number | null;
  updated_at: string;
}): Issue => ({
  id: Number(r.id),
  subject: r.subject,
  body: r.body_markdown,
  html: r.body_html,
  postId: r.post_id,
  state: r.state as IssueState,
  sendAt: r.send_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  recipients: r.recipients === null ? null : Number(r.recipients),
  updatedAt: r.updated_at,
});

export async function getIssue(db: Db, id: number): Promise<Issue | null> {
  const row = await db.kysely.selectFrom("newsletter_issues").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toIssue(row) : null;
}

/** Saves a new draft (`id` null) or changes one not yet started; the body is rendered and sanitised here, once, in the member's share of the Markdown threads. Throws MarkdownRefused (422, or 429). */
export async function saveIssue(
  db: Db,
  id: number | null,
  input: IssueInput,
  opts: { staffId: number; postId?: string | null; now?: Date },
): Promise<number | null> {
  const html = await renderMarkdownGuarded(input.body, { owner: staffOwner(opts.staffId) });
  const at = (opts.now ?? new Date()).toISOString();
  return writeQueueFor(db).run(async (trx) => {
    if (id === null) {
      const row = await trx
        .insertInto("newsletter_issues")
        .values({
          subject: input.subject,
          body_markdown: input.body,
          body_html: html,
          post_id: opts.postId ?? null,
          staff_id: opts.staffId,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    }
    const res = await trx
      .updateTable("newsletter_issues")
      .set({ subject: input.subject, body_markdown: input.body, body_html: html, updated_at: at })
      .where("id", "=", id)
      .where("state", "in", ["draft", "scheduled"])
      .executeTakeFirst();
    return Number(res.numUpdatedRows) ? id : null;
  });
}

/** A draft's words from a published post: its title, its subtitle as the summary, and a link to it. */
export async function draftFromPost(db: Db, postId: string, siteUrl: string): Promise<IssueInput | null> {
  const post = await getPost(db, postId, { comments: false });
  if (!post) return null;
  const summary = post.subTitle.trim() || htmlToText(post.description).slice(0, 400);
  const link = `${siteUrl}/blogdetail/${encodeURIComponent(post._id)}`;
  return { subject: post.title.slice(0, SUBJECT_MAX), body: `## ${post.title}\n\n${summary}\n\n[Read it on our site](${link})\n` };
}

/** The addresses an issue would go to now: every confirmed subscription, one per address. */
export const confirmedAddresses = (db: Db): Promise<number> => countSubscribed(db.kysely);

/**
 * Sends a draft or scheduled issue at `sendAt` (now when null): it becomes scheduled, and
 * the sender starts it once its time has come. False when it has started already.
 */
export async function scheduleIssue(db: Db, id: number, sendAt: Date | null, now = new Date()): Promise<boolean> {
  const res = await writeQueueFor(db).run((trx) =>
    trx
      .updateTable("newsletter_issues")
      .set({ state: "scheduled", send_at: (sendAt ?? now).toISOString(), updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("state", "in", ["draft", "scheduled"])
      .executeTakeFirst(),
  );
  return Number(res.numUpdatedRows) > 0;
}

/** A scheduled issue back to a draft, before its time. */
export async function unscheduleIssue(db: Db, id: number, now = new Date()): Promise<boolean> {
  const res = await writeQueueFor(db).run((trx) =>
    trx
      .updateTable("newsletter_issues")
      .set({ state: "draft", send_at: null, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("state", "=", "scheduled")
      .executeTakeFirst(),
  );
  return Number(res.numUpdatedRows) > 0;
}

/** How an issue's sending goes: waiting to be released or delivered, sent, failed, and addresses unsubscribed since it started. */
export interface IssueCounts {
  queued: number;
  sent: number;
  failed: number;
  unsubscribed: number;
}

const UNSUBSCRIBED_ERROR = "unsubscribed since";

/**
 * An issue's counts in two queries: its deliveries with their outbox messages (and when
 * the issue started), then its deliveries whose sign-up was unsubscribed since it started,
 * kept by the subquery the leads feature gives for those sign-ups.
 */
export async function issueCounts(db: Db, issueId: number): Promise<IssueCounts> {
  const { rows } = await sql<{ queued: number | string | null; started_at: string | null }>`
    SELECT sum(CASE WHEN d.state = 'queued' THEN 1 ELSE 0 END) AS queued, max(i.started_at) AS started_at
    FROM newsletter_deliveries d
    JOIN newsletter_issues i ON i.id = d.issue_id
    WHERE d.issue_id = ${issueId}`.execute(db.kysely);
  const r = rows[0];
  const startedAt = r?.started_at ?? null;
  // The released ones, as the outbox has them (an address that left meanwhile is counted as unsubscribed, not failed).
  const released = await tallyMessages(
    db.kysely,
    sql`SELECT outbox_key FROM newsletter_deliveries WHERE issue_id = ${issueId} AND outbox_key IS NOT NULL`,
    UNSUBSCRIBED_ERROR,
  );
  const unsubscribed = startedAt
    ? await db.kysely
        .selectFrom("newsletter_deliveries")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("issue_id", "=", issueId)
        .where("lead_id", "in", unsubscribedSince(db.kysely, startedAt))
        .executeTakeFirst()
    : undefined;
  return {
    queued: Number(r?.queued ?? 0) + released.waiting,
    sent: released.sent,
    failed: released.failed,
    unsubscribed: Number(unsubscribed?.n ?? 0),
  };
}

/** The error an issue's message records when its address unsubscribed after it was released (messages.server.ts). */
export { UNSUBSCRIBED_ERROR };

export interface IssueListRow {
  id: number;
  subject: string;
  state: IssueState;
  sendAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
  recipients: number | null;
  released: number;
}

/** Every issue, newest first, with how many of its deliveries were handed to the outbox. */
export async function listIssues(db: Db, limit = 200): Promise<IssueListRow[]> {
  const rows = await db.kysely
    .selectFrom("newsletter_issues as i")
    .select((eb) => [
      "i.id",
      "i.subject",
      "i.state",
      "i.send_at",
      "i.finished_at",
      "i.updated_at",
      "i.recipients",
      eb
        .selectFrom("newsletter_deliveries as d")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("d.issue_id", "=", "i.id")
        .where("d.state", "=", "released")
        .as("released"),
    ])
    .orderBy("i.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    subject: r.subject,
    state: r.state as IssueState,
    sendAt: r.send_at,
    finishedAt: r.finished_at,
    updatedAt: r.updated_at,
    recipients: r.recipients === null ? null : Number(r.recipients),
    released: Number(r.released ?? 0),
  }));
}
