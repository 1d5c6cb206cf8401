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
