import { MessageSquareReply, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { FormShell, TextInput, Textarea } from "~/components/forms/field";
import { useForm } from "~/lib/forms/use-form";
import { COMMENT_MAX, commentSpec } from "./comment-spec";
import { formatDate, initials } from "./format";
import type { BlogComment, BlogReply } from "./types";

/** The query parameter that opens the reply form under a comment (works without JavaScript too). */
export const REPLY_PARAM = "replyTo";

function CommentFields({ form, idPrefix }: { form: ReturnType<typeof useForm>; idPrefix: string }) {
  return (
    <>
      <TextInput control={form.field("commentBy")} label="First name" autoComplete="given-name" maxLength={60} />
      <TextInput control={form.field("email")} label="Email" type="email" autoComplete="email" maxLength={254} hint="Never shown on the site." />
      <TextInput
        control={form.field("companyName")}
        label="Company or website name"
        autoComplete="organization"
        maxLength={120}
        className="sm:col-span-2"
      />
      <Textarea
        control={form.field("text")}
        label={idPrefix === "reply" ? "Your reply" : "Your comment"}
        maxLength={COMMENT_MAX}
        className="sm:col-span-2"
      />
    </>
  );
}

/**
 * The comment form, or the reply form when `commentId` is given. With JavaScript it sends
 * PUT /admin/addCommentBlog and reloads the comments; without, it posts to the page.
 */
export function CommentForm({
  blogId,
  commentId,
  onSent,
  onClose,
  replyingTo,
}: {
  blogId: string;
  commentId?: string;
  onSent: () => void;
  onClose?: () => void;
  replyingTo?: string;
}) {
  const fixed = useMemo(() => ({ blogId, ...(commentId ? { commentId } : {}) }), [blogId, commentId]);
  const id = commentId ? `reply-${commentId}` : "comment-form";
  const form = useForm({ id, spec: commentSpec, fixed, onSuccess: onSent });
  const headingId = `${id}-title`;
  const first = useRef<HTMLDivElement>(null);

  // A reply form opened by the visitor takes the focus, so keyboard and screen-reader users land in it.
  useEffect(() => {
    if (commentId) first.current?.querySelector<HTMLInputElement>("input:not([type=hidden]):not([tabindex='-1'])")?.focus();
  }, [commentId]);

  return (
    <div
      ref={first}
      className={commentId ? "mt-4 rounded-2xl border border-brand-200 bg-brand-50/60 p-5 dark:border-brand-800 dark:bg-brand-950/40" : ""}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <h3 id={headingId} className={commentId ? "text-lg font-bold" : "text-2xl font-extrabold tracking-tight"}>
          {commentId ? `Reply to ${replyingTo ?? "this comment"}` : "Leave a comment"}
        </h3>
        {onClose && (
          <button type="button" onClick={onClose} className="btn-secondary min-h-11 px-3 py-1.5">
            <X aria-hidden="true" className="size-4" />
            Close<span className="sr-only"> the reply form</span>
          </button>
        )}
      </div>
      {!commentId && (
        <p className="mb-5 text-slate-600 dark:text-slate-300">Your email stays private. Comments appear with your first name.</p>
      )}
      <FormShell form={form} labelledBy={headingId} submitLabel={commentId ? "Post reply" : "Post comment"}>
        <CommentFields form={form} idPrefix={commentId ? "reply" : "comment"} />
      </FormShell>
    </div>
  );
}

function Avatar({ name, small }: { name: string; small?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-100 ${
        small ? "size-9 text-xs" : "size-11 text-sm"
      }`}
    >
      {initials(name)}
    </span>
  );
}

function CommentBody({ c, small }: { c: BlogReply; small?: boolean }) {
  return (
    <div className="flex gap-3">
      <Avatar name={c.commentBy} small={small} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span className="font-bold text-slate-900 dark:text-white">{c.commentBy}</span>
          <time dateTime={c.createdOn} className="text-sm text-slate-600 dark:text-slate-400">
            {formatDate(c.createdOn)}
          </time>
        </p>
        {/* Plain text: React escapes it; line breaks the visitor typed are kept. */}
        <p className="mt-1.5 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{c.text}</p>
      </div>
    </div>
  );
}

/**
 * Comments with their replies (spec 3), the comment form, and the reply form: Reply opens
 * a form under that comment and hides the main one; closing or sending brings it back.
 * Which comment is being answered lives in the URL (?replyTo=id), so Reply is a real link.
 */
export function Comments({ blogId, comments }: { blogId: string; comments: BlogComment[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const params = new URLSearchParams(location.search);
  const replyTo = params.get(REPLY_PARAM);
  const replying = comments.find((c) => c._id === replyTo);
  const [announce, setAnnounce] = useState("");
  const total = comments.reduce((n, c) => n + 1 + c.childComments.length, 0);

  const without = () => {
    const next = new URLSearchParams(location.search);
    next.delete(REPLY_PARAM);
    const q = next.toString();
    return `${location.pathname}${q ? `?${q}` : ""}`;
  };
  const returnFocus = useRef<string | null>(null);
  const closeReply = (focusId?: string) => {
    returnFocus.current = focusId ?? null;
    return Promise.resolve(navigate(without(), { replace: true, preventScrollReset: true }));
  };
  // Once the reply form is gone, focus goes back to where the visitor was: that comment's Reply link.
  useEffect(() => {
    if (replyTo || !returnFocus.current) return;
    document.getElementById(`reply-link-${returnFocus.current}`)?.focus();
    returnFocus.current = null;
  }, [replyTo]);

  return (
    <section id="comments" aria-labelledby="comments-title" className="scroll-mt-24">
      <h2 id="comments-title" className="text-2xl font-extrabold tracking-tight">
        Comments <span className="text-slate-500 dark:text-slate-400">({total})</span>
      </h2>
      <p role="status" className="sr-only">
        {announce}
      </p>
      {comments.length === 0 ? (
        <p className="mt-4 text-slate-600 dark:text-slate-300">No comments yet. Start the conversation below.</p>
      ) : (
        <ol className="mt-6 space-y-6">
          {comments.map((c) => (
            <li key={c._id} id={`comment-${c._id}`} className="scroll-mt-24 rounded-2xl border border-slate-200 p-5 target:border-brand-500 dark:border-slate-800">
              <CommentBody c={c} />
              <div className="mt-2 pl-14">
                {replyTo !== c._id && (
                  <Link
                    id={`reply-link-${c._id}`}
                    to={`?${REPLY_PARAM}=${encodeURIComponent(c._id)}#comment-${c._id}`}
                    replace
                    preventScrollReset
                    className="link inline-flex min-h-11 items-center gap-1.5 text-sm"
                  >
                    <MessageSquareReply aria-hidden="true" className="size-4" />
                    Reply<span className="sr-only"> to {c.commentBy}</span>
                  </Link>
                )}
              </div>
              {c.childComments.length > 0 && (
                <ol className="mt-4 space-y-4 border-l-2 border-brand-100 pl-5 sm:ml-14 dark:border-brand-900">
                  {c.childComments.map((r) => (
                    <li key={r._id} id={`comment-${r._id}`} className="scroll-mt-24">
                      <CommentBody c={r} small />
                    </li>
                  ))}
                </ol>
              )}
              {replyTo === c._id && (
                <CommentForm
                  blogId={blogId}
                  commentId={c._id}
                  replyingTo={c.commentBy}
                  onClose={() => void closeReply(c._id)}
                  onSent={() => {
                    setAnnounce(`Your reply to ${c.commentBy} has been posted.`);
                    // Reload once the form has closed: closing alone never reloads (see shouldRevalidate).
                    void closeReply(c._id).then(() => revalidator.revalidate());
                  }}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      {!replying && (
        <div className="mt-10">
          <CommentForm
            blogId={blogId}
            onSent={() => {
              setAnnounce("Your comment has been posted.");
              revalidator.revalidate();
            }}
          />
        </div>
      )}
    </section>
  );
}
