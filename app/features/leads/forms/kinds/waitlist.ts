import { empty, fromRules, withType } from "~/features/leads/forms/define";
import type { LeadFormSpec, FormKind } from "../kind";
import type * as Rules from "../schemas";

/**
 * "Tell me when you arrive" under the ZIP check (POST /api/waitlist): e-mail and ZIP code
 * of a visitor outside our markets, stored as a lead of kind `waitlist` with the ZIP's
 * market (added by the server from the ZIP code). The type is the form type of the page
 * the check was on.
 */
const fields = ["email", "zipCode"];

function waitlistRules(r: typeof Rules) {
  return r.zod.strictObject({
    email: r.email(),
    zipCode: r.zipCode(),
    type: r.typeIn(),
    ...r.metaShape,
  });
}

export const waitlistSpec = {
  kind: "waitlist",
  label: 'Waitlist ("Do we deliver to you?")',
  endpoint: "/api/waitlist",
  initial: empty(fields),
  schema: fromRules(waitlistRules),
  toPayload: (v) => withType(v, fields),
} satisfies LeadFormSpec;

/** What the server keeps of this form: labels of its fields and who sent it (kind.ts). */
export const waitlist = {
  spec: waitlistSpec,
  // The server adds the ZIP code's market and service status.
  labels: { market: "Market (nearest)", status: "Service at this ZIP" },
  contact: { zip: "zipCode" },
} satisfies FormKind;
