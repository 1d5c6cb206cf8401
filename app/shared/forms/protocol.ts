import { brand } from "~/copy/brand";
import type { FieldErrors, Values } from "./form-spec";

/**
 * What the browser, the no-JavaScript page action and the API agree on about a form
 * post: the hidden fields, the action's reply and the messages a visitor reads. A plain
 * module, so server code can use it without reaching React.
 */

/** Hidden field naming the form for the no-JavaScript page action. */
export const FORM_KIND_FIELD = "_form";
/** Hidden field carrying the form's id, so the page shows the answer at the right form. */
export const FORM_ID_FIELD = "_formId";

/** What the no-JavaScript page action returns for one form (see form-action.server.ts). */
export interface FormActionData {
  formId: string;
  ok: boolean;
  values?: Values;
  errors?: FieldErrors;
  message?: string;
}

export function isFormActionData(x: unknown): x is FormActionData {
  return typeof x === "object" && x !== null && typeof (x as FormActionData).formId === "string";
}

export const replyWords = {
  network:
    "We couldn't reach our server, so your details were not sent. Check your internet connection and press Submit again: everything you typed is still here.",
  server: `Something went wrong on our side and your details were not sent. Please press Submit again in a moment, or call us at ${brand.phone}.`,
  invalid: "Some answers need another look: see the messages beside the fields, then press Submit again.",
  tooLarge: "Your message is too long to send. Please shorten it and press Submit again.",
  rateLimited: (seconds: number) =>
    `You've sent several forms in a short time. Please wait ${seconds} second${seconds === 1 ? "" : "s"}, then press Submit again.`,
  rejected: (status: number) =>
    `We couldn't accept this form (error ${status}). Please check your answers and press Submit again, or email us at ${brand.email}.`,
} as const;
