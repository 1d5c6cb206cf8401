/**
 * The success message of the site (spec 8): the dialog's title, and its text, which says
 * what the form does next (docs/deviations.md: the specification's one text promised a
 * call back to a newsletter reader and a blog commenter alike). Shared by the dialog, the
 * no-JS notice, the note that stays in the form's place, the API's answer and the
 * visitor's receipt.
 */
export const SUCCESS_DIALOG_MS = 4000;
export const SUCCESS_TITLE = "Thank you!!";

/** When sales answers a lead or a quote request. */
export const REPLY_PROMISE = "Our sales team replies within one business day, by phone or e-mail.";
/** A lead's or quote's dialog text: the specification's first sentence, then the reply promise. */
export const SUCCESS_TEXT = `Your interest has been submitted to us. ${REPLY_PROMISE}`;
/** The waitlist's: it asks for an e-mail address and a ZIP code, nothing else. */
export const WAITLIST_NEXT = "We will e-mail you when Fillway starts delivering in your area.";
export const WAITLIST_TEXT = `You are on the waitlist. ${WAITLIST_NEXT}`;
/** The newsletter's: the address counts once its confirmation link is used (decision record 008). */
export const NEWSLETTER_TEXT = "Check your inbox: press the link in the e-mail we just sent you to confirm your subscription.";
/** A comment's, as COMMENT_MODERATION decided: published at once, or held for review. */
export const AWAITING_REVIEW = "Your comment is awaiting review.";
export const COMMENT_PUBLISHED_TEXT = "Your comment is published.";
export const COMMENT_HELD_TEXT = `${AWAITING_REVIEW} It appears once our team has approved it.`;

/**
 * What the dialog (and the no-JS notice, and the API's `message`) says after an accepted
 * submission of a form of this kind. `held`: a comment that waits for review.
 */
export function successText(kind: string, held = false): string {
  switch (kind) {
    case "waitlist":
      return WAITLIST_TEXT;
    case "newsletter":
      return NEWSLETTER_TEXT;
    case "comment":
      return held ? COMMENT_HELD_TEXT : COMMENT_PUBLISHED_TEXT;
    default:
      return SUCCESS_TEXT;
  }
}

/**
 * The reference a visitor can quote for an accepted submission: the first eight characters
 * of its submission id, which the leads table keeps (unique), so staff find the lead by it.
 */
export function submissionReference(submissionId: string): string {
  return submissionId.replace(/-/g, "").slice(0, 8).toUpperCase();
}

/** One line of what a visitor sent, as the note after an accepted submission shows it. */
export interface SentItem {
  label: string;
  value: string;
}

const SUMMARY_TEXT_MAX = 100;

/**
 * A short summary of what was sent, for the note that stays in the form's place: who, how
 * to reach them, where, and the start of the message. Read from the form's inputs before
 * they are cleared; it stays on the visitor's screen only.
 */
export function sentSummary(values: Record<string, string | undefined>): SentItem[] {
  const v = (k: string) => values[k]?.trim() ?? "";
  const short = (t: string) => (t.length > SUMMARY_TEXT_MAX ? `${t.slice(0, SUMMARY_TEXT_MAX - 1).trimEnd()}…` : t);
  const items: [string, string][] = [
    ["Name", [v("firstName"), v("lastName")].filter(Boolean).join(" ")],
    ["Business", v("businessName") || v("bussinessName") || v("companyName")],
    ["E-mail", v("email")],
    ["Phone", v("phone") || v("phoneNumber")],
    ["ZIP code", v("zipCode")],
    ["Message", short((v("message") || v("descriptionQuote")).replace(/\s+/g, " "))],
  ];
  return items.filter(([, value]) => value).map(([label, value]) => ({ label, value }));
}
