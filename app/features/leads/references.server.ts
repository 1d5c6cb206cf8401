import type { Db } from "~/platform/db/db.server";
import { submissionReference } from "~/shared/forms/success";

/**
 * How staff name a lead: its reference ("#3F9A2C1B", what the visitor's receipt and the
 * sales e-mail say), or its number for a lead stored without one. Keyed by the lead's id as
 * text, for the audit log and other screens that hold lead ids.
 */
export async function leadReferences(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const numbers = [...new Set(ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
  if (!numbers.length) return new Map();
  const rows = await db.kysely.selectFrom("leads").select(["id", "submission_id"]).where("id", "in", numbers).execute();
  return new Map(rows.map((r) => [String(r.id), r.submission_id ? `#${submissionReference(r.submission_id)}` : `number ${r.id}`]));
}
