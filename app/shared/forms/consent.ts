/**
 * The contact consent line under every lead form's submit button (the form kit shows it
 * once, `ConsentLine` in ui/forms/field.tsx), and its version, which each lead stores with
 * the time the line was shown. A new wording gets a new version; the versions already
 * stored stay in `CONSENT_VERSIONS` so the server still takes a page open since before.
 */
export const CONSENT_VERSION = "consent-2026-11";
export const CONSENT_TEXT = "By sending this you agree that Fillway may call, text or e-mail you about your enquiry. We never sell your details.";
export const CONSENT_VERSIONS: readonly string[] = [CONSENT_VERSION];

/** The hidden field the no-JavaScript post carries the version in; the JSON body sends `consent: { version, shownAt }`. */
export const CONSENT_FIELD = "_consent";
