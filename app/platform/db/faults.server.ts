import { isDatabaseBusy } from "./sqlite-driver.server";

/**
 * Database faults that pass and that a visitor can do nothing about but wait: answered 503
 * with Retry-After, what was typed kept, never a 500.
 */

/** The disk (or the database's size limit) is full: SQLITE_FULL, ENOSPC, PostgreSQL's disk_full (53100). */
export function isStorageFull(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== "object") return false;
  if (e.code === "SQLITE_FULL" || e.code === "ENOSPC" || e.code === "53100") return true;
  return e.cause !== undefined && e.cause !== error && isStorageFull(e.cause);
}

/** Locked past the deadline by another process, or out of space. */
export const isPassingDbFault = (error: unknown): boolean => isDatabaseBusy(error) || isStorageFull(error);
