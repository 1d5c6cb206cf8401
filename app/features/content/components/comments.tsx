import { BadgeCheck, MessageSquareReply, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { FormShell, TextInput, Textarea } from "~/ui/forms/field";
import type { Values } from "~/shared/forms/form-spec";
import { useForm } from "~/ui/forms/use-form";
import { AWAITING_REVIEW, COMMENT_MAX, commentSpec, HELD_PARAM } from "~/features/content/comment-spec";
import { formatDate, initials } from "./format";
import { type BlogReply, COMMENTS_PAGE_PARAM, type CommentPage, REPLY_PARAM } from "~/features/content/types";
import { Pagination } from "./pagination";

const commentPageLabels = { nav: "Comment pages", prev: "Newer comments", next: "Earlier comments" };

function CommentFields({ form, idPrefix }: { form: ReturnType<typeof useForm>; idPrefix: string }) {
  return (
    <>
      <TextInput control={form.field("commentBy")} label="First name" autoComplete="given-name" maxLength={60} />
      <TextInput control={form.field("email")} label="Email" type="email" autoComplete="email" maxLength={254} hint="Never shown on the site." />
      <TextInput control={form.field("companyName")} label="Company or website name" autoComplete="organization" maxLength={120} className="sm:col-span-2" />
      <Textarea control={form.field("text")} label={idPrefix === "reply" ? "Your reply" : "Your comment"} maxLength={COMMENT_MAX} className="sm:col-span-2" />
    </>
  );
}

/** Who wrote the last comment in this browser tab: the next form does not ask again. */
const COMMENTER_KEY = "fillway:commenter";
const commenterFields = ["commentBy", "email", "companyName"] as const;

function rememberCommenter(values: Values) {
  try {
    sessionStorage.setItem(COMMENTER_KEY, JSON.stringify(Object.fromEntries(commenterFields.map((n) => [n, values[n] ?? ""]))));
  } catch {
    // Storage refused: the visitor types them again, nothing worse.
  }
}

function recallCommenter(): Values {
  try {
    const saved = JSON.parse(sessionStorage.getItem(COMMENTER_KEY) ?? "{}") as Record<string, unknown>;
    return Object.fromEntries(commenterFields.flatMap((n) => (typeof saved[n] === "string" && saved[n] ? [[n, saved[n] as string]] : [])));
  } catch {
    return {};
  }
}

/** The id of the comment the server stored (`data._id`), or null when it waits for review (`data.held`). */
const storedCommentId = (answer: unknown): string | null => {
  const stored = (answer as { data?: { _id?: unknown; held?: unknown } } | null)?.data;
  return typeof stored?._id === "string" && stored.held !== true ? stored._id : null;
};

/** Said after a comment or reply that waits for review; it shows once a moderator approves it. */
const HELD_NOTE = `${AWAITING_REVIEW} It appears here once our team has approved it.`;

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
  onSent: (commentId: string | null) => void;
  onClose?: () => void;
  replyingTo?: string;
}) {
  const fixed = useMemo(() => ({ blogId, ...(commentId ? { commentId } : {}) }), [blogId, commentId]);
  const id = commentId ? `reply-${commentId}` : "comment-form";
  // What was sent, read when the server accepts it (the form has been emptied by then).
  const sent = useRef<Values>({});
  const form = useForm({
    id,
    spec: commentSpec,
    fixed,
    onSuccess: (answer) => {
      rememberCommenter(sent.current);
      form.setValues(recallCommenter());
      onSent(storedCommentId(answer));
    },
  });
  sent.current = form.values;
  const headingId = `${id}-title`;
  const first = useRef<HTMLDivElement>(null);

  // Name, e-mail and company of the last comment in this tab fill the fields left empty.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form appears
  useEffect(() => {
    const known = recallCommenter();
    const empty = Object.fromEntries(Object.entries(known).filter(([n]) => !form.values[n]));
    if (Object.keys(empty).length) form.setValues(empty);
  }, []);

  // A reply form opened by the visitor takes the focus, so keyboard and screen-reader users land in it.
  useEffect(() => {
    if (commentId) first.current?.querySelector<HTMLInputElement>("input:not([type=hidden]):not([tabindex='-1'])")?.focus();
  }, [commentId]);

  return (
    <div ref={first} className={commentId ? "mt-4 rounded-2xl border border-brand-200 bg-brand-50/60 p-5 dark:border-brand-800 dark:bg-brand-950/40" : ""}>
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
      {!commentId && <p className="mb-5 text-slate-600 dark:text-slate-300">Your email stays private. Comments appear with your first name.</p>}
      <FormShell form={form} labelledBy={headingId} submitLabel={commentId ? "Post reply" : "Post comment"} lastingNote={false}>
        <CommentFields form={form} idPrefix={commentId ? "reply" : "comment"} />
      </FormShell>
    </div>
  );
}

/** How long a comment just posted stays marked. */
const MARK_MS = 6000;
const justPosted = "border-brand-600 bg-brand-50 ring-2 ring-brand-600 dark:border-brand-400 dark:bg-brand-950 dark:ring-brand-400";

function JustPosted() {
  return <p className="mt-2 pl-14 text-sm font-semibold text-brand-800 dark:text-brand-200">Just posted: this is your comment.</p>;
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
          {/* A reply from the company: said in words and an icon, not by colour alone. */}
          {c.team && (
            <span className="inline-flex items-center gap-1 self-center rounded-full border border-brand-700 px-2 py-0.5 text-xs font-bold text-brand-800 dark:border-brand-300 dark:text-brand-200">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              Staff reply
            </span>
          )}
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
export function Comments({ blogId, comments: { items: comments, page, pageCount, total } }: { blogId: string; comments: CommentPage }) {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const params = new URLSearchParams(location.search);
  const replyTo = params.get(REPLY_PARAM);
  const replying = comments.find((c) => c._id === replyTo);
  // Back from a comment posted without JavaScript that waits for review (?comment=held).
  const [announce, setAnnounce] = useState(() => (params.get(HELD_PARAM) === "held" ? HELD_NOTE : ""));
  // The comment just posted: once the reloaded list shows it, it is scrolled to, focused and marked.
  const [posted, setPosted] = useState<string | null>(null);
  const [marked, setMarked] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reloaded comments are what shows the new one
  useEffect(() => {
    if (!posted || revalidator.state !== "idle") return;
    const el = document.getElementById(`comment-${posted}`);
    if (!el) return;
    setPosted(null);
    const show = () => {
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      el.scrollIntoView({ block: "center", behavior: reduce ? "auto" : "smooth" });
      el.focus({ preventScroll: true });
      setMarked(el.id.slice("comment-".length));
    };
    // The thank-you dialog is still up: show the comment once it has closed (and given focus back).
    const dialog = document.querySelector("dialog[open]");
    if (dialog) dialog.addEventListener("close", () => requestAnimationFrame(show), { once: true });
    else show();
  }, [posted, revalidator.state, comments]);
  useEffect(() => {
    if (!marked) return;
    const t = window.setTimeout(() => setMarked(null), MARK_MS);
    return () => window.clearTimeout(t);
  }, [marked]);
  const pageHref = (p: number) => `${location.pathname}${p === 1 ? "" : `?${COMMENTS_PAGE_PARAM}=${p}`}#comments`;
  const replyHref = (id: string) => {
    const next = new URLSearchParams(location.search);
    next.set(REPLY_PARAM, id);
    return `?${next.toString()}#comment-${id}`;
  };

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
    <section id="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="text-2xl font-extrabold tracking-tight">
        Comments <span className="text-slate-500 dark:text-slate-400">({total})</span>
      </h2>
      <p role="status" className={announce ? "mt-3 font-semibold text-brand-800 dark:text-brand-200" : "sr-only"}>
        {announce}
      </p>
      {comments.length === 0 ? (
        <p className="mt-4 text-slate-600 dark:text-slate-300">No comments yet. Start the conversation below.</p>
      ) : (
        <ol className="mt-6 space-y-6">
          {comments.map((c) => (
            <li
              key={c._id}
              id={`comment-${c._id}`}
              tabIndex={-1}
              className={`rounded-2xl border p-5 target:border-brand-500 ${marked === c._id ? justPosted : "border-slate-200 dark:border-slate-800"}`}
            >
              <CommentBody c={c} />
              {marked === c._id && <JustPosted />}
              <div className="mt-2 pl-14">
                {replyTo !== c._id && (
                  <Link
                    id={`reply-link-${c._id}`}
                    to={replyHref(c._id)}
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
                    <li key={r._id} id={`comment-${r._id}`} tabIndex={-1} className={`rounded-xl ${marked === r._id ? `${justPosted} border p-3` : ""}`}>
                      <CommentBody c={r} small />
                      {marked === r._id && <JustPosted />}
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
                  onSent={(newId) => {
                    setAnnounce(newId ? `Your reply to ${c.commentBy} has been posted.` : HELD_NOTE);
                    setPosted(newId);
                    // Reload once the form has closed: closing alone never reloads (see shouldRevalidate).
                    void closeReply(c._id).then(() => revalidator.revalidate());
                  }}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 && (
        <>
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-300">
            Page {page} of {pageCount}: the newest conversations come first, earlier ones on the following pages.
          </p>
          <Pagination page={page} pageCount={pageCount} href={pageHref} labels={commentPageLabels} className="mt-4" />
        </>
      )}
      {!replying && (
        <div className="mt-10">
          <CommentForm
            blogId={blogId}
            onSent={(newId) => {
              setAnnounce(newId ? "Your comment has been posted." : HELD_NOTE);
              setPosted(newId);
              // A new comment is among the newest: on page 1, where the visitor is taken from a later page.
              if (page === 1) revalidator.revalidate();
              else void navigate(location.pathname, { preventScrollReset: true });
            }}
          />
        </div>
      )}
    </section>
  );
}
