import { CONSENT_TEXT, CONSENT_VERSION } from "~/shared/forms/consent";
import { CONSENT_FIELD } from "~/shared/forms/protocol";

/**
 * The contact consent line every lead form shows under its button (`<FormShell
 * consent={ConsentLine}>`), with its version as a hidden field: the no-JavaScript post
 * sends it as is, and the form hook sends it with the time the form came on screen. In
 * the page from the first paint, so it moves nothing when the form wakes up.
 */
export function ConsentLine({ id }: { id: string }) {
  return (
    <p id={id} className="mt-3 text-sm text-slate-600 dark:text-slate-400">
      <input type="hidden" name={CONSENT_FIELD} value={CONSENT_VERSION} />
      {CONSENT_TEXT}
    </p>
  );
}
