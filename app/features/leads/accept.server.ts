import { type $ZodObject, type $ZodType, safeParse } from "zod/v4/core";
import { sendLeadMessages } from "./messages.server";
import { errorsFromZod, type FieldErrors, type FormSpec, resolveSchema } from "~/shared/forms/form-spec";
import { formForBody, takesTypeOf } from "~/features/leads/forms/registry";
import { UNKNOWN_TYPE } from "~/features/leads/forms/schemas";
import { readWire, wireTypeCode } from "~/features/leads/forms/wire";
import { successText } from "~/shared/forms/success";
import type { Services } from "~/platform/services.server";
import { HONEYPOT_FIELD, honeypotFilled } from "~/shared/forms/honeypot";
import { takeAttribution } from "./attribution.server";
import { takeConsent } from "./consent.server";
import { hashIp } from "~/platform/ip-hash.server";
import { storeLead } from "./store.server";
import { chooseOwner } from "./routing/rules.server";
import { waitlistFields } from "./waitlist.server";
import { observe } from "~/platform/ops/observe";

export type Endpoint = "/web/suscribe" | "/web/form" | "/campaign/createCampaign";

/** Which form a JSON body is, from the endpoint and (for /web/form) its type code. */
export function specForBody(endpoint: Endpoint, body: Record<string, unknown>): { spec: FormSpec } | { errors: FieldErrors } {
  // The type code may come as its text ("19"), like every number of the wire contract.
  const spec = formForBody(endpoint, "type" in body ? { ...body, type: wireTypeCode(body.type) } : body);
  return spec ? { spec } : { errors: { type: [UNKNOWN_TYPE] } };
}

export interface SubmissionContext {
  ip: string;
  /**
   * A call to the JSON API: the form's wire schema applies (what spec 5 requires, not what
   * our pages ask for on top) and unknown fields are dropped. Without it, the page's own
   * rules apply (the no-JavaScript post of one of our forms).
   */
  wire?: boolean;
  userAgent?: string;
  /** The page the form was on, when the body does not say (Referer, or the page posted to). */
  pagePath?: string;
}

export type Outcome =
  | { status: "stored"; replay: boolean; submissionId: string | null }
  | { status: "honeypot"; submissionId: string | null }
  | { status: "invalid"; errors: FieldErrors };

/** `body` without the fields an object schema does not describe, and the names of those fields. */
function withoutUnknownFields(schema: $ZodType, body: Record<string, unknown>) {
  const shape = (schema as $ZodObject)._zod.def.shape;
  if (!shape) return { known: body, unknown: [] };
  const unknown = Object.keys(body).filter((k) => !Object.hasOwn(shape, k));
  return { known: unknown.length ? Object.fromEntries(Object.entries(body).filter(([k]) => Object.hasOwn(shape, k))) : body, unknown };
}

/** The body every accepted submission is answered with (the same on a replay): what the form does next. */
export function acceptedBody(submissionId: string | null, kind: string) {
  return { message: successText(kind), data: { submissionId } };
}

/** A path from a Referer header, or undefined. */
export function pathFromReferer(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    const path = new URL(referer).pathname;
    return path.length <= 300 ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The one path of every submission, JSON or no-JS: honeypot, the form's schema, then the
 * leads table. Nothing is stored unless the whole submission is valid.
 */
export async function acceptSubmission(
  services: Pick<Services, "db" | "env" | "log" | "outbox">,
  spec: FormSpec,
  submitted: Record<string, unknown>,
  ctx: SubmissionContext,
): Promise<Outcome> {
  const outcome = await decide(services, spec, submitted, ctx);
  observe.lead?.(spec.kind, outcome.status === "stored" && outcome.replay ? "replay" : outcome.status);
  return outcome;
}

async function decide(
  services: Pick<Services, "db" | "env" | "log" | "outbox">,
  spec: FormSpec,
  submitted: Record<string, unknown>,
  ctx: SubmissionContext,
): Promise<Outcome> {
  // Attribution travels beside the form's fields; the form's strict schema never sees it.
  const { body: withConsent, attribution } = takeAttribution(submitted);
  const rawId = typeof withConsent.submissionId === "string" ? withConsent.submissionId : null;
  if (honeypotFilled(withConsent)) {
    services.log.info({ kind: spec.kind }, "honeypot filled: submission dropped");
    return { status: "honeypot", submissionId: rawId };
  }
  // So is the consent line's version and when it was shown (consent.server.ts).
  const taken = takeConsent(withConsent);
  if ("errors" in taken) return { status: "invalid", errors: taken.errors };
  const { body, consent } = taken;
  let schema: $ZodType;
  let input = body;
  if (ctx.wire) {
    schema = spec.wireSchema ? await spec.wireSchema() : await resolveSchema(spec);
    const { known, unknown } = withoutUnknownFields(schema, body);
    if (unknown.length) {
      services.log.info({ kind: spec.kind, fields: unknown.slice(0, 20).map((k) => k.slice(0, 60)) }, "unknown fields dropped");
    }
    // Numbers as text, text as numbers, "true" (forms/wire.ts).
    input = readWire(schema, known);
  } else {
    schema = await resolveSchema(spec);
  }
  const parsed = safeParse(schema, input);
  // The browser's rules know a type code's shape only; which codes there are is the registry's.
  const typeErrors: FieldErrors = takesTypeOf(spec, input.type) ? {} : { type: [UNKNOWN_TYPE] };
  if (!parsed.success) return { status: "invalid", errors: { ...errorsFromZod(parsed.error), ...typeErrors } };
  if (typeErrors.type) return { status: "invalid", errors: typeErrors };
  const {
    submissionId,
    pagePath,
    [HONEYPOT_FIELD]: _hp,
    ...payload
  } = parsed.data as Record<string, unknown> & {
    submissionId?: string;
    pagePath?: string;
  };
  if (spec.kind === "waitlist") {
    const added = await waitlistFields(String(payload.zipCode));
    if ("errors" in added) return { status: "invalid", errors: added.errors };
    Object.assign(payload, added.fields);
  }
  const stored = await storeLead(services.db, {
    kind: spec.kind,
    type: payload.type as number,
    email: String(payload.email),
    payload,
    submissionId,
    pagePath: pagePath ?? ctx.pagePath ?? null,
    userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    ipHash: hashIp(ctx.ip, services.env.IP_HASH_SALT),
    attribution,
    // A sign-up is nobody's to work; every other lead is routed as it is stored.
    assign: spec.kind === "newsletter" ? undefined : (lead, trx) => chooseOwner(services.db, trx, lead, new Date().toISOString()),
    consent,
    messages: (id, trx, owner) => sendLeadMessages(services, spec.kind, String(payload.email), id, trx, new Date(), owner),
  });
  if (!stored.replay) services.outbox.nudge();
  services.log.debug({ kind: spec.kind, type: payload.type, id: stored.id, replay: stored.replay }, "lead stored");
  return { status: "stored", replay: stored.replay, submissionId: stored.submissionId };
}
