import { type ActionFunctionArgs, data } from "react-router";
import { type FieldErrors, pickValues, type Values } from "~/lib/forms/form-spec";
import { formSpecs, isFormKind } from "~/lib/forms/form-kinds";
import { type FormActionData, messages } from "~/lib/forms/use-form";
import { MAX_BODY_BYTES } from "./api/types";
import { acceptSubmission } from "./leads/accept.server";
import { HONEYPOT_FIELD } from "./leads/honeypot";
import { rateLimiterFor } from "./rate-limit.server";
import { zipIndex } from "./zip/zip-data.server";

/** Reads at most `limit` bytes of a request body; null when it is larger. */
export async function readCapped(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

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
 * The no-JavaScript path of every site form: the <form> posts to its own page, this
 * action validates with the same schema as the browser and the API, stores through the
 * same code, and the page renders again with the thank-you notice or the errors beside
 * the fields and the values kept. A page showing a form adds one line:
 * `export { formAction as action } from "~/server/form-action.server";`
 */
export async function formAction({ request, context }: ActionFunctionArgs) {
  const services = context.services;
  if (!services) throw new Response("Forms cannot be sent while pages are pre-rendered.", { status: 503 });
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    return answer({ formId: "", ok: false, message: messages.rejected(415) }, 415);
  }
  const text = await readCapped(request, MAX_BODY_BYTES);
  if (text === null) return answer({ formId: "", ok: false, message: messages.tooLarge }, 413);
  const form = new URLSearchParams(text);
  const rawId = form.get("_formId") ?? "";
  const formId = /^[\w-]{1,80}$/.test(rawId) ? rawId : "";
  const kind = form.get("_form");
  if (!isFormKind(kind) || !formId) {
    return answer({ formId, ok: false, message: "We couldn't tell which form this was. Please reload the page and fill it in again." }, 400);
  }
  const spec = formSpecs[kind];
  let values = pickValues(spec, (name) => form.get(name));

  const ip = context.clientIp ?? "unknown";
  const limit = rateLimiterFor(services).hit(`post:${ip}`);
  if (!limit.ok) {
    return answer({ formId, ok: false, values, message: messages.rateLimited(limit.retryAfterSeconds) }, 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }

  if (kind === "quote-business") values = await fillAddressFromZip(values);
  const honeypot = form.get(HONEYPOT_FIELD);
  const body = { ...spec.toPayload(values), ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}) };
  const outcome = await acceptSubmission(services, spec, body, {
    ip,
    userAgent: request.headers.get("user-agent") ?? undefined,
    pagePath: new URL(request.url).pathname,
  });
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
