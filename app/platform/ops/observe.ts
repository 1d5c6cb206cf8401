/**
 * Where the server's hot paths report what the metrics count (metrics.server.ts). Each
 * hook is absent unless metrics are on (METRICS_TOKEN set), so with metrics off a hot
 * path pays one property read. This module imports nothing, so the database layer and
 * the lead path can report without depending on the metrics library.
 */
export const observe: {
  /** A submission's outcome on the lead path: stored, replay, invalid or honeypot. */
  lead?: (form: string, outcome: string) => void;
  /** A write-queue batch committed (or failed): its number of writes and its time in seconds. */
  batch?: (writes: number, seconds: number) => void;
} = {};
