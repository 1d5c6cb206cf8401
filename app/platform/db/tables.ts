import type { Database } from "./schema";

/**
 * The tables this part owns: the platform's own: the outbox, the installation's settings, the rate limit's counts.
 * Only its own modules query them; others go through its services
 * (tests/unit/import-boundary.test.ts holds every part to its list).
 */
export const tables = ["outbox", "settings", "rate_counts"] as const satisfies readonly (keyof Database)[];
