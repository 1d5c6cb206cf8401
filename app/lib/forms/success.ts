/** The one success message of the site (spec 8), shared by the dialog, the no-JS notice and the API. */
export const SUCCESS_DIALOG_MS = 4000;
export const SUCCESS_TITLE = "Thank you!!";
export const SUCCESS_TEXT = "Your interest has been submitted to us. Our team will get back to you soon!!";
