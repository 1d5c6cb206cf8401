import type { FormSpec } from "~/shared/forms/form-spec";
import type { FormLayout } from "./form-types";

/**
 * Which stored fields say who a lead is from: the desk's "Who" column, its search, the
 * sales e-mail's reply name. `name` fields are joined with a space.
 */
export interface ContactFields {
  name?: readonly string[];
  business?: string;
  phone?: string;
  zip?: string;
  city?: string;
  /** A one-line address whose city the lead's city is taken from when `city` is blank (shared/place.ts). */
  address?: string;
}

/**
 * What the server knows about a form beyond what its page needs (`spec`): how the desk,
 * the CSV export and the sales e-mail label the fields it stores, and which of them say
 * who sent it. Each form module exports one, and `registry.ts` lists it. Pages import the
 * module's `spec` only, so none of this reaches the browser.
 */
/** A lead form's spec: the form kit's, with the contact form's layouts (contact-form.tsx) named. */
export interface LeadFormSpec extends FormSpec {
  layout?: FormLayout;
}

export interface FormKind<S extends LeadFormSpec = LeadFormSpec> {
  spec: S;
  /**
   * Labels of the fields this form stores, where they are not one of the fields every
   * form shares (`commonFieldLabels`). A field two forms store has one label.
   */
  labels?: Readonly<Record<string, string>>;
  contact: ContactFields;
  /** Its submissions are subscribers, not leads, and its type codes are a numbering of their own (the newsletter). */
  lead?: false;
}

/** Labels of the fields the contact forms share. */
export const commonFieldLabels: Readonly<Record<string, string>> = {
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  phone: "Phone",
  city: "City",
  zipCode: "ZIP code",
  message: "Message",
  type: "Type code",
};
