import type { Database } from "~/platform/db/schema";

/**
 * The tables this part owns: the issues and who each went to.
 * Only its own modules query them; others go through its services
 * (tests/unit/import-boundary.test.ts holds every part to its list).
 */
export const tables = ["newsletter_issues", "newsletter_deliveries"] as const satisfies readonly (keyof Database)[];
