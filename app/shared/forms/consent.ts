/**
 * The consent line under each form's submit button, worded per form (the form kit shows
 * it, `ConsentLine` and its kin in ui/forms/consent-line.tsx), and its version, which each
 * lead stores with the time the line was shown. A form that asks for a phone number speaks
 * of calls and texts; the waitlist and the newsletter, which ask for an e-mail address
 * only, of e-mail only. Every line links the privacy policy, which says how to stop calls
 * and texts and how long what was sent is kept. A new wording gets a new version; the
 * versions already stored stay in `CONSENT_VERSIONS` so the server still takes a page open
 * since before.
 */
export interface ConsentWording {
  version: string;
  /** The line is `before` + the privacy policy's link text + `after`. */
  before: string;
  link: string;
  after: string;
}

export const CONSENT_LINES = {
  /** Lead, quote and fleet forms: they ask for a phone number. */
  calls: {
    version: "consent-2026-11-28-calls",
    before:
      "By sending this you agree that Fillway may call, text or e-mail you about your enquiry (reply STOP to any text to end the texts). We never sell your details; our ",
    link: "privacy policy",
    after: " says how to stop calls and how long we keep your enquiry.",
  },
  /** The waitlist: an e-mail address and a ZIP code. */
  waitlist: {
    version: "consent-2026-11-28-waitlist",
    before:
      "By sending this you agree that Fillway may e-mail you when we start delivering in your area. We never call or text you and never sell your address; our ",
    link: "privacy policy",
    after: " says how long we keep it.",
  },
  /** The newsletter: an e-mail address, which counts once its confirmation link is used. */
  newsletter: {
    version: "consent-2026-11-28-newsletter",
    before: "We e-mail the newsletter only once you confirm your address, and every issue has a one-click unsubscribe link. We never call or text you; our ",
    link: "privacy policy",
    after: " says how we handle your address.",
  },
} as const satisfies Record<string, ConsentWording>;

/** The line as one text (what a screen reader reads as the button's description). */
export const consentText = (w: ConsentWording) => `${w.before}${w.link}${w.after}`;

/** The line of the forms that ask for a phone number, and its version. */
export const CONSENT_VERSION = CONSENT_LINES.calls.version;
export const CONSENT_TEXT = consentText(CONSENT_LINES.calls);
export const CONSENT_VERSIONS: readonly string[] = ["consent-2026-11", ...Object.values(CONSENT_LINES).map((w) => w.version)];

/** The hidden field the no-JavaScript post carries the version in; the JSON body sends `consent: { version, shownAt }`. */
export const CONSENT_FIELD = "_consent";
