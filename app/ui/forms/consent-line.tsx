import { useEffect } from "react";
import { Link } from "react-router";
import { CONSENT_FIELD, CONSENT_LINES, type ConsentWording } from "~/shared/forms/consent";
import type { FormController } from "./use-form";

/**
 * The consent line a form shows under its button (`<FormShell consent={ConsentLine}>`,
 * which points the button's description at it), worded for what the form asks
 * (shared/forms/consent.ts) and linking the privacy policy. Its version is a hidden field,
 * which the no-JavaScript post sends as is; with JavaScript the form sends
 * `consent: { version, shownAt }`, shownAt being when the form came on screen (it wakes as
 * it nears the viewport). In the page from the first paint, so it moves nothing. A module
 * of its own, so a page without such a form loads none of it.
 */
function Line({ form, wording }: { form: FormController; wording: ConsentWording }) {
  const { extra } = form;
  useEffect(() => {
    extra.current.consent = { version: wording.version, shownAt: Date.now() };
  }, [extra, wording]);
  return (
    <p id={`${form.id}-consent`} className="mt-3 text-sm text-slate-600 dark:text-slate-400">
      <input type="hidden" name={CONSENT_FIELD} value={wording.version} />
      {wording.before}
      <Link className="link" to="/privacy-policy">
        {wording.link}
      </Link>
      {wording.after}
    </p>
  );
}

/** Lead, quote and fleet forms: calls, texts and e-mail. */
export function ConsentLine({ form }: { form: FormController }) {
  return <Line form={form} wording={CONSENT_LINES.calls} />;
}

/** The waitlist: e-mail only. */
export function WaitlistConsentLine({ form }: { form: FormController }) {
  return <Line form={form} wording={CONSENT_LINES.waitlist} />;
}

/** The newsletter: e-mail only, once confirmed. */
export function NewsletterConsentLine({ form }: { form: FormController }) {
  return <Line form={form} wording={CONSENT_LINES.newsletter} />;
}
