import { type ActionFunctionArgs, data, redirect } from "react-router";
import { commentPayloadSchema } from "~/lib/blog/comment-schema";
import { commentSpec } from "~/lib/blog/comment-spec";
import { errorsFromZod, type FieldErrors, pickValues } from "~/lib/forms/form-spec";
import { FORM_ID_FIELD, FORM_KIND_FIELD, type FormActionData, messages } from "~/lib/forms/protocol";
import { MAX_BODY_BYTES } from "../api/types";
import { isDatabaseBusy } from "../db/sqlite-driver.server";
import { busyAnswer, formAction, setResponseHeader } from "../form-action.server";
import { readFormBody } from "../http/body.server";
import { HONEYPOT_FIELD, honeypotFilled } from "../leads/honeypot";
import { rateLimiterFor } from "../rate-limit.server";
import { hashIp } from "../ip-hash.server";
import { addComment } from "./posts.server";

/**
 * The blog detail page's action: the comment and reply forms without JavaScript (the
 * same schema and storage as PUT /admin/addCommentBlog), and every other site form on
 * the page (the contact form) through the site's one form action.
 */
export async function blogDetailAction(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  // Peek at which form this is on a copy, so the contact form's action can read the original.
  const probe = await readFormBody(request.clone(), MAX_BODY_BYTES);
  const form = probe.ok ? probe.form : null;
  if (form?.get(FORM_KIND_FIELD) !== commentSpec.kind) return formAction(args);

  const services = context.services;
  if (!services) throw new Response("Comments cannot be sent while pages are pre-rendered.", { status: 503 });
  const rawId = form.get(FORM_ID_FIELD) ?? "";
  const formId = /^[\w-]{1,80}$/.test(rawId) ? rawId : "";
  const reply = (body: FormActionData, status: number, headers?: Record<string, string>) => data(body, { status, headers });
  const values = pickValues(commentSpec, (name) => form.get(name));
  const ip = context.clientIp ?? "unknown";
  const limit = rateLimiterFor(services).hit(`post:${ip}`);
  if (!limit.ok) {
    setResponseHeader(context, "Retry-After", String(limit.retryAfterSeconds));
    return reply({ formId, ok: false, values, message: messages.rateLimited(limit.retryAfterSeconds) }, 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const blogId = params.id ?? "";
  const commentId = form.get("commentId") || undefined;
  // A bot filled the hidden field: it sees the same answer as a person and nothing is stored.
  if (honeypotFilled({ [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD) ?? undefined })) throw redirect(`/blogdetail/${blogId}#comments`, 303);

  const parsed = commentPayloadSchema.safeParse(commentSpec.toPayload({ ...values, blogId, ...(commentId ? { commentId } : {}) }));
  if (!parsed.success) {
    const errors: FieldErrors = errorsFromZod(parsed.error);
    return reply({ formId, ok: false, values, errors, message: messages.invalid }, 422);
  }
  const p = parsed.data;
  let result: Awaited<ReturnType<typeof addComment>>;
  try {
    result = await addComment(services.db, {
      blogId,
      commentId: p.commentId,
      commentBy: p.commentBy,
      email: p.email,
      companyName: p.companyName,
      text: p.text,
      ipHash: hashIp(ip, services.env.IP_HASH_SALT),
    });
  } catch (error) {
    if (!isDatabaseBusy(error)) throw error;
    services.log.warn({ blogId, waitedMs: error.waitedMs }, "database locked: comment post answered 503");
    return busyAnswer(context, formId, values);
  }
  if (!result.ok) {
    if (result.notFound === "blogId") throw data(null, { status: 404 });
    return reply({ formId, ok: false, values, message: "The comment you replied to no longer exists. Please reload the page." }, 404);
  }
  // Back to the post without the reply form, at the new comment (303: a reload never re-sends).
  throw redirect(`/blogdetail/${blogId}#comment-${result.comment._id}`, 303);
}
