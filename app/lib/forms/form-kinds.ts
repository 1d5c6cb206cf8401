import { quoteBusinessSpec, quoteShortSpec } from "./quote-specs";
import { businessLeadSpec, fleetSignupSpec, newsletterSpec, personalLeadSpec, saasLeadSpec } from "./specs";
import type { FormSpec } from "./form-spec";
import { waitlistSpec } from "./waitlist-spec";

/** Every public form by the name its hidden `_form` field carries (the no-JavaScript posts). */
export const formSpecs = {
  newsletter: newsletterSpec,
  "lead-personal": personalLeadSpec,
  "lead-business": businessLeadSpec,
  "lead-saas": saasLeadSpec,
  fleet: fleetSignupSpec,
  "quote-short": quoteShortSpec,
  "quote-business": quoteBusinessSpec,
  waitlist: waitlistSpec,
} as const satisfies Record<string, FormSpec>;

export type FormKind = keyof typeof formSpecs;

export function isFormKind(k: unknown): k is FormKind {
  return typeof k === "string" && Object.hasOwn(formSpecs, k);
}

