import type { ActionFunctionArgs } from "react-router";
import { canonicalPath } from "~/copy/nav";
import { ATTRIBUTION_INPUT } from "~/shared/forms/first-touch";
import { formByKind } from "~/features/leads/forms/registry";
import { zipIndex } from "~/features/service-area/zip-data.server";
import { MAX_BODY_BYTES } from "~/platform/api/types";
import { isDatabaseBusy } from "~/platform/db/sqlite-driver.server";
import { type FormBody, readFormBody } from "~/platform/http/body.server";
import { busyAnswer, formAnswer as answer, formIdOf, limitPagePost, unreadableForm } from "~/platform/http/page-post.server";
import { requestOf } from "~/platform/http/request-context.server";
import { CONSENT_FIELD } from "~/shared/forms/consent";
import { type FieldErrors, nulFields, pickValues, type Values } from "~/shared/forms/form-spec";
import { FORM_KIND_FIELD, replyWords } from "~/shared/forms/protocol";
import { acceptSubmission } from "./accept.server";
import { postedAttribution } from "./attribution.server";
import { HONEYPOT_FIELD } from "~/shared/forms/honeypot";
import { plainPostId, windowOf } from "~/platform/http/plain-post-id.server";
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
  if (nul) return answer({ formId, ok: false, values: nul.values, errors: nul.errors, message: replyWords.invalid }, 422);
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
    return answer({ formId, ok: false, values, errors, message: replyWords.invalid }, 422);
  }
  return answer({ formId, ok: true }, 200);
}
