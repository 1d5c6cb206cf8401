import { z } from "zod";
import { data } from "react-router";
import { COMMENT_MAX } from "~/features/content/comment-spec";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { shownZone } from "~/features/staff/time-zone.server";
import { audit } from "~/features/staff/audit.server";
import { bulkActions, bulkLabels, commentFilters, moderationActions, pastTense, TEAM_NAME, TRASH_DAYS } from "~/features/content/comment-moderation";
import { countMatching, moderateMany } from "~/features/content/comment-bulk.server";
import { COMMENT_ID, commentCounts, type DeskComment, listComments, moderate, teamReply } from "~/features/content/desk-comments.server";

import type { DeskArgs } from "~/features/staff/desk-guard.server";
import { issueMessages } from "~/shared/forms/issues";

/** The comments screen (routes/desk/comments.tsx): the moderation queue, decisions and replies. */

const querySchema = z.object({
  state: z.enum(commentFilters, "Show must be all, held, visible, hidden, spam or trash").default("all"),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, "This is not a page of comments")
    .transform(Number)
    .default(1),
});

export async function loadComments({ request, context }: DeskArgs) {
  const { db, env } = deskServices(context);
  const url = new URL(request.url);
  const counts = await commentCounts(db);
  const parsed = querySchema.safeParse({ state: url.searchParams.get("state") || undefined, page: url.searchParams.get("page") || undefined });
  const base = { counts, moderation: env.COMMENT_MODERATION };
  if (!parsed.success) {
    return data(
      { ...base, state: "all" as const, page: 1, rows: [] as DeskComment[], total: 0, errors: issueMessages(parsed.error) },
      { status: 400, headers: DESK_HEADERS },
    );
  }
  const { state, page } = parsed.data;
  const { rows, total } = await listComments(db, state, page, counts, shownZone(request, signedIn(context)) ?? "UTC");
  return data({ ...base, state, page, rows, total, errors: null as string[] | null }, { headers: DESK_HEADERS });
}

const decisionSchema = z.object({
  intent: z.enum(moderationActions, "Choose approve, hide, restore, spam, delete or restore from the trash"),
  id: z.string().regex(COMMENT_ID, "This is not a comment"),
});
const replySchema = z.object({
  intent: z.literal("reply"),
  id: z.string().regex(COMMENT_ID, "This is not a comment"),
  text: z.string().trim().min(1, "Write the reply first").max(COMMENT_MAX, `A reply is at most ${COMMENT_MAX} characters`),
});

const bulkSchema = z.object({
  intent: z.literal("bulk"),
  action: z.enum(bulkActions, "Choose approve, hide, spam or delete"),
  scope: z.enum(["selected", "all"], "Choose the ticked comments or all matching"),
  state: z.enum(commentFilters, "Show must be all, held, visible, hidden, spam or trash").default("all"),
  ids: z.array(z.string().regex(COMMENT_ID, "This is not a comment")).max(500, "Tick at most 500 comments"),
  confirmed: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional(),
});

/** A decision over every comment of a filter waits for this: the page asks to confirm it, naming how many. */
export type BulkConfirm = { action: (typeof bulkActions)[number]; label: string; state: (typeof commentFilters)[number]; count: number };
/** After marking as spam: the senders' other waiting comments, offered to mark too, never taken silently. */
export type SpamOffer = { ids: string[] };
type ActionAnswer = { errors: string[] | null; done: string | null; undo?: string | null; confirm?: BulkConfirm | null; offer?: SpamOffer | null };
const answer = (body: ActionAnswer, status = 200) => data({ undo: null, confirm: null, offer: null, ...body }, { status, headers: DESK_HEADERS });
const offerOf = (ids: string[]): SpamOffer | null => (ids.length ? { ids } : null);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function bulkAction(args: DeskArgs, form: FormData) {
  const me = signedIn(args.context);
  const { db } = deskServices(args.context);
  const parsed = bulkSchema.safeParse({
    intent: form.get("intent"),
    action: form.get("action"),
    scope: form.get("scope"),
    state: form.get("state") || undefined,
    ids: form.getAll("id").map(String),
    confirmed: form.get("confirmed") || undefined,
  });
  if (!parsed.success) return answer({ errors: issueMessages(parsed.error), done: null }, 422);
  const { action, scope, state, ids, confirmed } = parsed.data;
  if (scope === "selected" && ids.length === 0) return answer({ errors: ["Tick the comments to change first."], done: null }, 422);
  if (scope === "all") {
    const count = await countMatching(db, state);
    // Asked again when the number changed since the question (new comments came in).
    if (confirmed !== count) return answer({ errors: null, done: null, confirm: { action, label: bulkLabels[action], state, count } });
  }
  const out = await moderateMany(db, scope === "all" ? { filter: state } : { ids }, action, me.id);
  await audit(db, {
    staffId: me.id,
    action: "comments.bulk",
    subject: scope === "all" ? `all ${state}` : out.changedIds.join(","),
    detail: { intent: action, count: out.changed },
  });
  const also = action === "delete" && out.also ? ` ${plural(out.also, "reply", "replies")} went with them.` : "";
  const skipped = out.skipped ? ` ${plural(out.skipped, "comment")} left as they were (the decision does not apply to them).` : "";
  const trash = action === "delete" ? ` They stay in the trash for ${TRASH_DAYS} days.` : "";
  return answer({ errors: null, done: `${plural(out.changed, "comment")} ${pastTense[action]}.${also}${skipped}${trash}`, offer: offerOf(out.offer) });
}

export async function commentsAction({ request, context }: DeskArgs) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  const form = await request.formData();
  if (form.get("intent") === "bulk") return bulkAction({ request, context } as DeskArgs, form);
  const raw = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  if (raw.intent === "reply") {
    const parsed = replySchema.safeParse(raw);
    if (!parsed.success) return answer({ errors: issueMessages(parsed.error), done: null }, 422);
    const result = await teamReply(db, parsed.data.id, parsed.data.text, me);
    if (!result.ok) return answer({ errors: [result.message], done: null }, result.status);
    await audit(db, { staffId: me.id, action: "comment.reply", subject: result.id, detail: { post: result.postId, to: parsed.data.id } });
    return answer({ errors: null, done: `Your reply is on the post as ${TEAM_NAME}.` });
  }
  const parsed = decisionSchema.safeParse(raw);
  if (!parsed.success) return answer({ errors: issueMessages(parsed.error), done: null }, 422);
  const { id, intent } = parsed.data;
  const result = await moderate(db, id, intent, me.id);
  if (!result.ok) return answer({ errors: [result.message], done: null }, result.status);
  await audit(db, { staffId: me.id, action: `comment.${intent}`, subject: id, detail: { post: result.comment.postId } });
  const also = result.also ? ` ${plural(result.also, "reply", "replies")} with it.` : "";
  const blocked = intent === "spam" ? " Later comments from the same e-mail address or network address will wait for review." : "";
  const kept = intent === "delete" ? ` It stays in the trash for ${TRASH_DAYS} days.` : "";
  return answer({
    errors: null,
    done: `The comment by ${result.comment.by} was ${pastTense[intent]}.${also}${blocked}${kept}`,
    undo: intent === "delete" ? id : null,
    offer: offerOf(result.offer),
  });
}
