/** The one success message of the site (spec 8), shared by the dialog, the no-JS notice and the API. */
export const SUCCESS_DIALOG_MS = 4000;
export const SUCCESS_TITLE = "Thank you!!";
export const SUCCESS_TEXT = "Your interest has been submitted to us. Our team will get back to you soon!!";

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
