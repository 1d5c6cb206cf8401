import { z } from "zod";
import { data } from "react-router";
import { COMMENT_MAX } from "~/features/content/comment-spec";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { audit } from "~/features/staff/audit.server";
import { commentFilters, moderationActions, pastTense, TEAM_NAME } from "~/features/content/comment-moderation";
import { COMMENT_ID, commentCounts, type DeskComment, listComments, moderate, teamReply } from "~/features/content/desk-comments.server";
import { messages } from "~/features/leads/desk/forms.server";
import type { DeskArgs } from "~/features/staff/desk-guard.server";

/** The comments screen (routes/desk/comments.tsx): the moderation queue, decisions and replies. */

const querySchema = z.object({
  state: z.enum(commentFilters, "Show must be all, held, visible, hidden or spam").default("all"),
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
      { ...base, state: "all" as const, page: 1, rows: [] as DeskComment[], total: 0, errors: messages(parsed.error) },
      { status: 400, headers: DESK_HEADERS },
    );
  }
  const { state, page } = parsed.data;
  const { rows, total } = await listComments(db, state, page, counts);
  return data({ ...base, state, page, rows, total, errors: null as string[] | null }, { headers: DESK_HEADERS });
}

const decisionSchema = z.object({
  intent: z.enum(moderationActions, "Choose approve, hide, restore, spam or delete"),
  id: z.string().regex(COMMENT_ID, "This is not a comment"),
});
const replySchema = z.object({
  intent: z.literal("reply"),
  id: z.string().regex(COMMENT_ID, "This is not a comment"),
  text: z.string().trim().min(1, "Write the reply first").max(COMMENT_MAX, `A reply is at most ${COMMENT_MAX} characters`),
});

type ActionAnswer = { errors: string[] | null; done: string | null };
const answer = (body: ActionAnswer, status = 200) => data(body, { status, headers: DESK_HEADERS });

export async function commentsAction({ request, context }: DeskArgs) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  const form = await request.formData();
  const raw = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  if (raw.intent === "reply") {
    const parsed = replySchema.safeParse(raw);
    if (!parsed.success) return answer({ errors: messages(parsed.error), done: null }, 422);
    const result = await teamReply(db, parsed.data.id, parsed.data.text, me);
    if (!result.ok) return answer({ errors: [result.message], done: null }, result.status);
    await audit(db, { staffId: me.id, action: "comment.reply", subject: result.id, detail: { post: result.postId, to: parsed.data.id } });
    return answer({ errors: null, done: `Your reply is on the post as ${TEAM_NAME}.` });
  }
  const parsed = decisionSchema.safeParse(raw);
  if (!parsed.success) return answer({ errors: messages(parsed.error), done: null }, 422);
  const { id, intent } = parsed.data;
  const result = await moderate(db, id, intent, me.id);
  if (!result.ok) return answer({ errors: [result.message], done: null }, result.status);
  await audit(db, { staffId: me.id, action: `comment.${intent}`, subject: id, detail: { post: result.comment.postId } });
  const blocked = intent === "spam" ? " Later comments from the same e-mail address or network address will wait for review." : "";
  return answer({ errors: null, done: `The comment by ${result.comment.by} was ${pastTense[intent]}.${blocked}` });
}
