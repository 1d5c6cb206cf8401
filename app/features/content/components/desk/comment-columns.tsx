import { Form } from "react-router";
import type { Column } from "~/ui/desk/kit";
import { deskDanger, deskInput, deskLink, deskPrimary, deskSecondary, Field, StatusBadge } from "~/ui/desk/ui";
import { COMMENT_MAX } from "~/features/content/comment-spec";
import { type moderationActions, TEAM_NAME } from "~/features/content/comment-moderation";
import type { DeskComment } from "~/features/content/desk-comments.server";
import { BULK_FORM } from "./comment-bulk";

/** The decisions each state offers, in the order shown. */
const buttonsFor = (c: DeskComment) => {
  const list: { intent: (typeof moderationActions)[number]; label: string; danger?: boolean }[] = [];
  if (c.state === "trash") return c.trashedWithParent ? list : [{ intent: "untrash" as const, label: "Restore" }];
  if (c.state === "held") list.push({ intent: "approve", label: "Approve" });
  if (c.state === "hidden" || c.state === "spam") list.push({ intent: "restore", label: "Restore" });
  if (c.state === "visible" || c.state === "held") list.push({ intent: "hide", label: "Hide" });
  if (c.state !== "spam" && !c.team) list.push({ intent: "spam", label: "Spam" });
  list.push({ intent: "delete", label: "Delete", danger: true });
  return list;
};

/** Who wrote a comment, as the buttons name it. */
const whoWrote = (c: DeskComment) => `${c.by}${c.team ? "" : ` (${c.email})`}`;

export const columns = (busy: boolean): Column<DeskComment>[] => [
  {
    header: "Select",
    srOnly: true,
    cell: (c) =>
      c.state === "trash" ? null : (
        <input type="checkbox" name="id" value={c.id} form={BULK_FORM} className="h-5 w-5" aria-label={`Select the comment by ${whoWrote(c)}`} />
      ),
  },
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
  {
    header: "State",
    cell: (c) => (
      <>
        <StatusBadge status={c.state} label={c.stateLabel} />
        {c.trashedWhen ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Deleted {c.trashedWhen}
            {c.trashedWithParent ? ", with the comment it answers: restoring that brings it back" : ""}
          </p>
        ) : null}
      </>
    ),
  },
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
