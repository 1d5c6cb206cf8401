import { type ActionFunctionArgs, data } from "react-router";
import { canonicalPath } from "~/copy/nav";
import { ATTRIBUTION_INPUT } from "~/features/leads/first-touch";
import { formByKind } from "~/features/leads/forms/registry";
import { zipIndex } from "~/features/service-area/zip-data.server";
import { MAX_BODY_BYTES, RETRY_AFTER_BUSY_SECONDS } from "~/platform/api/types";
import { isDatabaseBusy } from "~/platform/db/sqlite-driver.server";
import { type FormBody, readFormBody } from "~/platform/http/body.server";
import { type LoadContext, requestOf } from "~/platform/http/request-context.server";
import { postKey, rateLimiterFor } from "~/platform/rate-limit.server";
import type { Services } from "~/platform/services.server";
import { CONSENT_FIELD } from "~/shared/forms/consent";
import { type FieldErrors, nulFields, pickValues, type Values } from "~/shared/forms/form-spec";
import { FORM_ID_FIELD, FORM_KIND_FIELD, type FormActionData, messages } from "~/shared/forms/protocol";
import { acceptSubmission } from "./accept.server";
import { postedAttribution } from "./attribution.server";
import { HONEYPOT_FIELD } from "./honeypot";
import { plainPostId, windowOf } from "./plain-post-id.server";
import { findBySubmissionId } from "./store.server";

/**
 * Without JavaScript the address autocomplete cannot run; the ZIP the visitor typed
 * gives the rest of the address (state, city, county, coordinates), as choosing a
 * suggestion would have. What the visitor typed is never overwritten.
 */
async function fillAddressFromZip(values: Values): Promise<Values> {
  const zip = values.zipCode?.trim() ?? "";
  if (!/^\d{5}$/.test(zip)) return values;
  const place = (await zipIndex()).byZip.get(zip);
  if (!place) return values;
  const fill = (name: string, value: string) => (values[name]?.trim() ? values[name] : value);
  return {
    ...values,
    city: fill("city", place.city),
    state: fill("state", place.stateCode),
    county: fill("county", place.county),
    country: fill("country", "US"),
    address1: fill("address1", place.city),
    lat: fill("lat", String(place.lat)),
    long: fill("long", String(place.long)),
  };
}

type Answer = FormActionData;
const answer = (body: Answer, status: number, headers?: Record<string, string>) => data(body, { status, headers });

/**
 * The answer to a form post the body of which could not be read: 415, 413 or 400, with
 * the form kit's message for it.
 */
export function unreadableForm(status: 400 | 413 | 415, formId = "") {
  const message =
    status === 413 ? messages.tooLarge : status === 415 ? messages.rejected(415) : "We couldn't read this form. Please reload the page and fill it in again.";
  return answer({ formId, ok: false, message }, status);
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
  return answer({ formId, ok: false, values, message: messages.server }, 503, { "Retry-After": String(RETRY_AFTER_BUSY_SECONDS) });
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
  return answer({ formId, ok: false, values, message: messages.rateLimited(limit.retryAfterSeconds) }, 429, {
    "Retry-After": String(limit.retryAfterSeconds),
  });
}

/**
 * The no-JavaScript path of every site form: the <form> posts to its own page, this
 * action validates with the same schema as the browser and the API, stores through the
 * same code, and the page renders again with the thank-you notice or the errors beside
 * the fields and the values kept. A page showing a form adds one line:
 * `export { formAction as action } from "~/features/leads/form-action.server";`
 */
export async function formAction({ request, context }: ActionFunctionArgs, alreadyRead?: FormBody) {
  const services = requestOf(context).services;
  if (!services) throw new Response("Forms cannot be sent while pages are pre-rendered.", { status: 503 });
  // A page action that looked at the body first (the blog post's) hands it over: read once.
  const read = alreadyRead ?? (await readFormBody(request, MAX_BODY_BYTES));
  if (!read.ok) return unreadableForm(read.status);
  const form = read.form;
  const formId = formIdOf(form);
  const spec = formByKind(form.get(FORM_KIND_FIELD));
  if (!spec || !formId) {
    return answer({ formId, ok: false, message: "We couldn't tell which form this was. Please reload the page and fill it in again." }, 400);
  }
  let values = pickValues(spec, (name) => form.get(name));

  const limited = await limitPagePost(services, context, formId, values);
  if (limited) return limited;
  const nul = nulFields(values);
  if (nul) return answer({ formId, ok: false, values: nul.values, errors: nul.errors, message: messages.invalid }, 422);
  const ip = requestOf(context).clientIp ?? "unknown";

  if (spec.addressFromZip) values = await fillAddressFromZip(values);
  const honeypot = form.get(HONEYPOT_FIELD);
  const attribution = postedAttribution(form.get(ATTRIBUTION_INPUT), request.url, request.headers.get("referer"));
  // The consent line's version; without JavaScript it was shown as the page was sent, so the time is the post's.
  const consent = form.get(CONSENT_FIELD);
  const body = {
    ...spec.toPayload(values),
    ...(attribution ? { attribution } : {}),
    ...(consent ? { consent: { version: consent } } : {}),
    ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}),
  };
  const pagePath = canonicalPath(new URL(request.url).pathname);
  // No id comes with a plain post: it is derived from the post, so the same post sent again stores once.
  const post = { ip, kind: spec.kind, page: pagePath, form };
  const window = windowOf(Date.now());
  const submissionId = plainPostId(services.env.IP_HASH_SALT, post, window);
  let outcome: Awaited<ReturnType<typeof acceptSubmission>>;
  try {
    // Sent again early in the next window: the previous window's id is the one stored.
    if (await findBySubmissionId(services.db, plainPostId(services.env.IP_HASH_SALT, post, window - 1))) return answer({ formId, ok: true }, 200);
    outcome = await acceptSubmission(
      services,
      spec,
      { ...body, submissionId },
      {
        ip,
        userAgent: request.headers.get("user-agent") ?? undefined,
        pagePath,
      },
    );
  } catch (error) {
    if (isDatabaseBusy(error)) services.log.warn({ kind: spec.kind, waitedMs: error.waitedMs }, "database locked: form post answered 503");
    // A full disk (SQLITE_FULL, ENOSPC) or any other fault: what was typed is kept, as the API's 503 keeps it in the browser.
    else services.log.error({ err: error, kind: spec.kind }, "form post could not be stored: answered 503");
    return busyAnswer(context, formId, values);
  }
  if (outcome.status === "invalid") {
    const errors: FieldErrors = Object.create(null);
    for (const [wire, list] of Object.entries(outcome.errors)) {
      const field = spec.fieldOf?.(wire) ?? wire;
      const known = Object.hasOwn(errors, field) ? (errors[field] as string[]) : [];
      errors[field] = [...known, ...list.filter((m) => !known.includes(m))];
    }
    return answer({ formId, ok: false, values, errors, message: messages.invalid }, 422);
  }
  return answer({ formId, ok: true }, 200);
}
