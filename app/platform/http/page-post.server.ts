import { type ActionFunctionArgs, data } from "react-router";
import { RETRY_AFTER_BUSY_SECONDS } from "~/platform/api/types";
import { type LoadContext, requestOf } from "~/platform/http/request-context.server";
import { postKey, rateLimiterFor } from "~/platform/rate-limit.server";
import type { Services } from "~/platform/services.server";
import { FORM_ID_FIELD, type FormActionData, replyWords } from "~/shared/forms/protocol";

/**
 * The steps every page post shares, whichever feature's form it is (a lead form, a
 * comment): the answers to a body that could not be read, to a busy database and to a
 * client over its rate limit, and the form id the answer echoes back.
 */

type Answer = FormActionData;
/** A page post's answer: the form kit's reply with its status (and headers). */
export const formAnswer = (body: Answer, status: number, headers?: Record<string, string>) => data(body, { status, headers });

/**
 * The answer to a form post the body of which could not be read: 415, 413 or 400, with
 * the form kit's message for it.
 */
export function unreadableForm(status: 400 | 413 | 415, formId = "") {
  const message =
    status === 413
      ? replyWords.tooLarge
      : status === 415
        ? replyWords.rejected(415)
        : "We couldn't read this form. Please reload the page and fill it in again.";
  return formAnswer({ formId, ok: false, message }, status);
}

/**
 * Headers of a page response set by its action (Retry-After on a 429 or 503): React
 * Router keeps an action's headers only for routes that export `headers`, so the server
 * hands every document request a Headers object to fill (http/app.server.ts).
 */
export function setResponseHeader(context: LoadContext, name: string, value: string) {
  requestOf(context).responseHeaders?.set(name, value);
}

/**
 * The submission could not be stored (the database stayed locked past the write
 * deadline, the disk is full, any other fault): 503 with Retry-After, the page's form
 * again with every value kept and a message to press Submit again.
 */
export function busyAnswer(context: LoadContext, formId: string, values: Answer["values"]) {
  setResponseHeader(context, "Retry-After", String(RETRY_AFTER_BUSY_SECONDS));
  return formAnswer({ formId, ok: false, values, message: replyWords.server }, 503, { "Retry-After": String(RETRY_AFTER_BUSY_SECONDS) });
}

type PageContext = ActionFunctionArgs["context"];

/** The id a form post names in `_formId`, or "" when it names none fit to echo back. */
export function formIdOf(form: URLSearchParams): string {
  const raw = form.get(FORM_ID_FIELD) ?? "";
  return /^[\w-]{1,80}$/.test(raw) ? raw : "";
}

/**
 * The rate-limit step of every page post (forms and comments): the post counts against
 * the client's one budget, shared with the API (rate-limit.server.ts); over it, the 429
 * answer with Retry-After and the values kept.
 */
export async function limitPagePost(services: Services, context: PageContext, formId: string, values: Answer["values"]) {
  const limit = await rateLimiterFor(services).hit(postKey(services.env, requestOf(context).clientIp ?? "unknown"));
  if (limit.ok) return undefined;
  setResponseHeader(context, "Retry-After", String(limit.retryAfterSeconds));
  return formAnswer({ formId, ok: false, values, message: replyWords.rateLimited(limit.retryAfterSeconds) }, 429, {
    "Retry-After": String(limit.retryAfterSeconds),
  });
}
