import type { Database } from "~/platform/db/schema";

/**
 * The tables this part owns: posts, comments and their blocks, images, removed posts' tombstones, editor autosaves.
 * Only its own modules query them; others go through its services
 * (tests/unit/import-boundary.test.ts holds every part to its list).
 */
export const tables = ["posts", "comments", "comment_blocks", "media", "post_tombstones", "post_autosaves"] as const satisfies readonly (keyof Database)[];
