import type { Database } from "~/platform/db/schema";

/**
 * The tables this part owns: the visit events and their roll-ups.
 * Only its own modules query them; others go through its services
 * (tests/unit/import-boundary.test.ts holds every part to its list).
 */
export const tables = [
  "insight_events",
  "insight_rollup",
  "insight_form_rollup",
  "insight_vitals_rollup",
  "insight_form_exits",
  "insight_state",
] as const satisfies readonly (keyof Database)[];
