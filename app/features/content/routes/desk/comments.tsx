import { z } from "zod";
import { data, Form, useLocation, useNavigation } from "react-router";
import { type Column, DeskTable, FilterBar, numberedLinks, Pager } from "~/ui/desk/kit";
import { deskDanger, deskInput, deskLink, deskPrimary, deskSecondary, ErrorList, Field, Notice, PageTitle, StatusBadge } from "~/ui/desk/ui";
import { COMMENT_MAX } from "~/features/content/comment-spec";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { audit } from "~/features/staff/audit.server";
import { COMMENTS_PAGE_SIZE, commentFilters, moderationActions, pastTense, stateLabels, TEAM_NAME } from "~/features/content/comment-moderation";
import { COMMENT_ID, commentCounts, type DeskComment, listComments, moderate, teamReply } from "~/features/content/desk-comments.server";
import { messages } from "~/features/leads/desk/forms.server";
import type { Route } from "./+types/comments";

export const meta = () => [{ title: "Comments · Fillway desk" }];
export const headers = () => DESK_HEADERS;

const filterLabels: Record<(typeof commentFilters)[number], string> = {
  all: "All, awaiting review first",
  held: stateLabels.held,
  visible: stateLabels.visible,
  hidden: stateLabels.hidden,
  spam: stateLabels.spam,
};

const querySchema = z.object({
  state: z.enum(commentFilters, "Show must be all, held, visible, hidden or spam").default("all"),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, "This is not a page of comments")
    .transform(Number)
    .default(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
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

export async function action({ request, context }: Route.ActionArgs) {
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

/** The decisions each state offers, in the order shown. */
const buttonsFor = (c: DeskComment) => {
  const list: { intent: (typeof moderationActions)[number]; label: string; danger?: boolean }[] = [];
  if (c.state === "held") list.push({ intent: "approve", label: "Approve" });
  if (c.state === "hidden" || c.state === "spam") list.push({ intent: "restore", label: "Restore" });
  if (c.state === "visible" || c.state === "held") list.push({ intent: "hide", label: "Hide" });
  if (c.state !== "spam" && !c.team) list.push({ intent: "spam", label: "Spam" });
  list.push({ intent: "delete", label: "Delete", danger: true });
  return list;
};

/** Who wrote a comment, as the buttons name it. */
const whoWrote = (c: DeskComment) => `${c.by}${c.team ? "" : ` (${c.email})`}`;

const columns = (busy: boolean): Column<DeskComment>[] => [
  {
    header: "From",
    cell: (c) => (
      <>
        <p className="font-semibold">
          {c.by}
          {c.team ? <span className="ml-2 rounded border border-brand-700 px-1 text-xs dark:border-brand-300">Staff reply</span> : null}
        </p>
        {!c.team ? (
          <p className="break-all text-xs text-slate-600 dark:text-slate-400">
            {c.email} · {c.company}
          </p>
        ) : null}
        <p className="text-xs text-slate-600 dark:text-slate-400">{c.when}</p>
      </>
    ),
  },
  {
    header: "Comment",
    className: "max-w-xl",
    cell: (c) => (
      <>
        {c.replyTo ? <p className="text-xs text-slate-600 dark:text-slate-400">Reply to {c.replyTo}</p> : null}
        <p className="whitespace-pre-line break-words">{c.text}</p>
      </>
    ),
  },
  {
    header: "Post",
    cell: (c) => (
      <a className={deskLink} href={`/blogdetail/${encodeURIComponent(c.postId)}#comments`}>
        {c.postTitle}
      </a>
    ),
  },
  { header: "State", cell: (c) => <StatusBadge status={c.state} label={c.stateLabel} /> },
  { header: "Actions", cell: (c) => <Decisions c={c} busy={busy} /> },
];

function Decisions({ c, busy }: { c: DeskComment; busy: boolean }) {
  const who = whoWrote(c);
  return (
    <>
      <div className="flex flex-wrap gap-1">
        {buttonsFor(c).map((b) => (
          <Form method="post" key={b.intent}>
            <input type="hidden" name="id" value={c.id} />
            <button
              type="submit"
              name="intent"
              value={b.intent}
              className={b.danger ? deskDanger : deskSecondary}
              disabled={busy}
              aria-label={`${b.label}: comment by ${who}`}
            >
              {b.label}
            </button>
          </Form>
        ))}
      </div>
      {c.state === "visible" ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-semibold">
            Reply<span className="sr-only"> to {who}</span> as {TEAM_NAME}
          </summary>
          <Form method="post" className="mt-2 space-y-2">
            <input type="hidden" name="id" value={c.id} />
            <Field id={`reply-${c.id}`} label={`Reply to ${c.by}`}>
              <textarea id={`reply-${c.id}`} name="text" required maxLength={COMMENT_MAX} rows={3} className={deskInput} />
            </Field>
            <button type="submit" name="intent" value="reply" className={deskPrimary} disabled={busy}>
              Post reply
            </button>
          </Form>
        </details>
      ) : null}
    </>
  );
}

export default function Comments({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, moderation, state, page, rows, total, errors } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state !== "idle";
  const pages = Math.max(1, Math.ceil(total / COMMENTS_PAGE_SIZE));
  const rule = {
    off: "every comment appears at once",
    links: "comments with a link or an e-mail address wait for review",
    all: "every comment waits for review",
  }[moderation];
  return (
    <div>
      <PageTitle>Comments</PageTitle>
      <p className="mb-4 text-sm">
        {counts.held} awaiting review, {counts.visible} visible, {counts.hidden} hidden, {counts.spam} spam. On the site, {rule}; comments from a sender marked
        as spam always wait. Decisions show on the site at once.
      </p>
      <FilterBar
        label="Show comments"
        idPrefix="c"
        values={{ state }}
        fields={[{ type: "select", name: "state", label: "Show", options: commentFilters.map((f) => ({ value: f, label: filterLabels[f] })) }]}
      />
      <ErrorList errors={errors} title="This list cannot be shown" />
      <ErrorList errors={actionData?.errors} title="Nothing was changed" />
      {actionData?.done ? <Notice>{actionData.done}</Notice> : null}
      <DeskTable
        caption={`Comments: ${filterLabels[state].toLowerCase()}, newest first`}
        columns={columns(busy)}
        rows={rows}
        empty={errors ? null : "No comments here."}
        emptyBelow
      />
      {pages > 1 ? <Pager label="Pages of comments" links={numberedLinks(location.search, page, pages)} status={`Page ${page} of ${pages}`} /> : null}
    </div>
  );
}
