import { useEffect } from "react";
import { CONSENT_FIELD, CONSENT_TEXT, CONSENT_VERSION } from "~/shared/forms/consent";
import type { FormController } from "./use-form";

/**
 * The contact consent line every lead form shows under its button (`<FormShell
 * consent={ConsentLine}>`, which points the button's description at it). Its version is
 * a hidden field, which the no-JavaScript post sends as is; with JavaScript the form sends
 * `consent: { version, shownAt }`, shownAt being when the form came on screen (it wakes as
 * it nears the viewport). In the page from the first paint, so it moves nothing. A module
 * of its own, so a page without a lead form loads none of it.
 */
export function ConsentLine({ form }: { form: FormController }) {
  const { extra } = form;
  useEffect(() => {
    extra.current.consent = { version: CONSENT_VERSION, shownAt: Date.now() };
  }, [extra]);
  return (
    <p id={`${form.id}-consent`} className="mt-3 text-sm text-slate-600 dark:text-slate-400">
      <input type="hidden" name={CONSENT_FIELD} value={CONSENT_VERSION} />
      {CONSENT_TEXT}
    </p>
  );
}
