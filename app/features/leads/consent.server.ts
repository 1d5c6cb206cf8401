import { CONSENT_VERSIONS } from "~/shared/forms/consent";
import type { FieldErrors } from "~/shared/forms/form-spec";

/** What a lead stores of the consent line: its version and when it was shown (ISO), or nulls when not recorded. */
export interface Consent {
  version: string;
  shownAt: string;
}

const DAY = 86_400_000;
export const NOT_RECORDED = "not recorded";
export const UNKNOWN_CONSENT = "Must be a consent version this site has shown";

/**
 * When the line was shown, as the browser said, held between a day before receipt and
 * receipt: a clock set wrong, a page left open for days, or nothing at all gives the
 * time of receipt.
 */
export function clampShownAt(sent: unknown, receivedAt: number): string {
  const at = typeof sent === "string" && sent.length <= 40 ? Date.parse(sent) : typeof sent === "number" ? sent : Number.NaN;
  const ok = Number.isFinite(at) && at <= receivedAt && at >= receivedAt - DAY;
  return new Date(ok ? at : receivedAt).toISOString();
}

/**
 * Splits `consent` ({ version, shownAt }) off a submitted body, as attribution is: the
 * body without it, the consent, or a 422's errors for a version this site never showed.
 * A body without it is a lead whose consent is not recorded (null).
 */
export function takeConsent(
  body: Record<string, unknown>,
  receivedAt = Date.now(),
): { body: Record<string, unknown>; consent: Consent | null } | { errors: FieldErrors } {
  if (!("consent" in body)) return { body, consent: null };
  const { consent: raw, ...rest } = body;
  if (raw === null || raw === undefined) return { body: rest, consent: null };
  const version = typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>).version : undefined;
  if (typeof version !== "string" || !CONSENT_VERSIONS.includes(version)) return { errors: { consent: [UNKNOWN_CONSENT] } };
  return { body: rest, consent: { version, shownAt: clampShownAt((raw as Record<string, unknown>).shownAt, receivedAt) } };
}
