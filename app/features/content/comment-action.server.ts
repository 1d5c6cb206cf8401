import { type ActionFunctionArgs, data, redirect } from "react-router";
import { commentPayloadSchema } from "~/features/content/comment-schema";
import { commentSpec, HELD_PARAM } from "~/features/content/comment-spec";
import { COMMENTS_PAGE_PARAM } from "~/features/content/types";
import { formAction } from "~/features/leads/form-action.server";
import { busyAnswer, formIdOf, limitPagePost } from "~/platform/http/page-post.server";
import { HONEYPOT_FIELD, honeypotFilled } from "~/shared/forms/honeypot";
import { plainPostId } from "~/platform/http/plain-post-id.server";
import { MAX_BODY_BYTES } from "~/platform/api/types";
import { isDatabaseBusy } from "~/platform/db/sqlite-driver.server";
import { readFormBody } from "~/platform/http/body.server";
import { requestOf } from "~/platform/http/request-context.server";
import { hashIp } from "~/platform/ip-hash.server";
import { errorsFromZod, type FieldErrors, nulFields, pickValues } from "~/shared/forms/form-spec";
import { FORM_KIND_FIELD, type FormActionData, replyWords } from "~/shared/forms/protocol";
import { addComment, threadPage } from "./posts.server";

/**
 * The blog detail page's action: the comment and reply forms without JavaScript (the
 * same schema and storage as PUT /admin/addCommentBlog), and every other site form on
 * the page (the contact form) through the site's one form action.
 */
export async function blogDetailAction(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  // Read once: another form of the page (the contact form) goes to the site's form action with it.
  const read = await readFormBody(request, MAX_BODY_BYTES);
  const form = read.ok ? read.form : null;
  if (form?.get(FORM_KIND_FIELD) !== commentSpec.kind) return formAction(args, read);

  const services = requestOf(context).services;
  if (!services) throw new Response("Comments cannot be sent while pages are pre-rendered.", { status: 503 });
  const formId = formIdOf(form);
  const reply = (body: FormActionData, status: number, headers?: Record<string, string>) => data(body, { status, headers });
  const values = pickValues(commentSpec, (name) => form.get(name));
  const limited = await limitPagePost(services, context, formId, values);
  if (limited) return limited;
  const nul = nulFields(values);
  if (nul) return reply({ formId, ok: false, values: nul.values, errors: nul.errors, message: replyWords.invalid }, 422);
  const ip = requestOf(context).clientIp ?? "unknown";
  const blogId = params.id ?? "";
  const commentId = form.get("commentId") || undefined;
  // A bot filled the hidden field: it sees the same answer as a person and nothing is stored.
  if (honeypotFilled({ [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD) ?? undefined })) throw redirect(`/blogdetail/${blogId}#comments`, 303);

  const parsed = commentPayloadSchema.safeParse(commentSpec.toPayload({ ...values, blogId, ...(commentId ? { commentId } : {}) }));
  if (!parsed.success) {
    const errors: FieldErrors = errorsFromZod(parsed.error);
    return reply({ formId, ok: false, values, errors, message: replyWords.invalid }, 422);
  }
  const p = parsed.data;
  let result: Awaited<ReturnType<typeof addComment>>;
  try {
    result = await addComment(
      services.db,
      {
        // Derived from the post (no window: the same comment on the same post is one comment), so a second press stores once.
        submissionId: plainPostId(services.env.IP_HASH_SALT, { ip, kind: commentSpec.kind, page: `/blogdetail/${blogId}`, form }, null),
        blogId,
        commentId: p.commentId,
        commentBy: p.commentBy,
        email: p.email,
        companyName: p.companyName,
        text: p.text,
        ipHash: hashIp(ip, services.env.IP_HASH_SALT),
      },
      services.env.COMMENT_MODERATION,
    );
  } catch (error) {
    if (isDatabaseBusy(error)) services.log.warn({ blogId, waitedMs: error.waitedMs }, "database locked: comment post answered 503");
    // A full disk or any other fault: the comment typed is kept, with a message to send it again.
    else services.log.error({ err: error, blogId }, "comment could not be stored: answered 503");
    return busyAnswer(context, formId, values);
  }
  if (!result.ok) {
    if (result.notFound === "blogId") throw data(null, { status: 404 });
    return reply({ formId, ok: false, values, message: "The comment you replied to no longer exists. Please reload the page." }, 404);
  }
  // Held for review: back to the post, which says so (the same page for everyone, so it may be cached).
  if (result.comment.held) throw redirect(`/blogdetail/${blogId}?${HELD_PARAM}=held#comments`, 303);
  // Back to the post without the reply form, at the new comment (303: a reload never re-sends):
  // a new comment is on page 1, a reply on the page of its thread.
  const page = result.comment.parentId ? await threadPage(services.db, blogId, result.comment.parentId) : 1;
  throw redirect(`/blogdetail/${blogId}${page > 1 ? `?${COMMENTS_PAGE_PARAM}=${page}` : ""}#comment-${result.comment._id}`, 303);
}
