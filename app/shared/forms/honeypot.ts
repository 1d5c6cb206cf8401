import { HONEYPOT_FIELD } from "~/shared/forms/form-spec";

export { HONEYPOT_FIELD };

/**
 * True when the hidden honeypot field came back filled: a bot that fills in every input.
 * The caller answers as if all went well and stores nothing, so the bot learns nothing.
 * Works on a parsed JSON body and on posted form data alike.
 */
export function honeypotFilled(body: Record<string, unknown> | URLSearchParams | FormData | null | undefined): boolean {
  if (!body) return false;
  const value =
    body instanceof URLSearchParams || (typeof FormData !== "undefined" && body instanceof FormData)
      ? body.get(HONEYPOT_FIELD)
      : (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== "string" || value.trim() !== "";
}
