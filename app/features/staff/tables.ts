import type { Database } from "~/platform/db/schema";

/**
 * The tables this part owns: accounts, their sessions, tokens and recovery codes, the audit log, the sign-in throttle.
 * Only its own modules query them; others go through its services
 * (tests/unit/import-boundary.test.ts holds every part to its list).
 */
export const tables = [
  "staff",
  "staff_recovery_codes",
  "staff_sessions",
  "staff_tokens",
  "audit_log",
  "sign_in_throttle",
] as const satisfies readonly (keyof Database)[];
