import type { FormSpec } from "./form-spec";
import { empty, schemas, withType } from "./specs";

/**
 * "Tell me when you arrive" under the ZIP check: e-mail and ZIP code, stored as a lead of
 * kind `waitlist` with the ZIP's market (added by the server from the ZIP code). The
 * type is the form type of the page the check was on.
 */
const waitlistFields = ["email", "zipCode"];
export const waitlistSpec: FormSpec = {
  kind: "waitlist",
  endpoint: "/api/waitlist",
  initial: empty(waitlistFields),
  schema: () => schemas().then((m) => m.waitlistSchema),
  toPayload: (v) => withType(v, waitlistFields),
};
