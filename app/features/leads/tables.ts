import type { Database } from "~/platform/db/schema";

/**
 * The tables this part owns: the leads, their timelines, follow-ups, routing rules and the desk's last-visit marks.
 * Only its own modules query them; others go through its services
 * (tests/unit/import-boundary.test.ts holds every part to its list).
 */
export const tables = ["leads", "lead_events", "lead_followups", "routing_rules", "desk_visits"] as const satisfies readonly (keyof Database)[];
