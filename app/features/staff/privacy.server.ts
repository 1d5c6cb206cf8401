import { type Kysely, sql } from "kysely";
import type { Database } from "~/platform/db/schema";
import { containing, redactAddress, spellings } from "~/shared/address-text";

type Executor = Kysely<Database>;

/** Audit entries whose subject or detail names the address, as typed or URL-encoded (an export filtered by it). */
function auditNamingRows(k: Executor, e: string) {
  return k
    .selectFrom("audit_log")
    .select(["id", "subject", "detail"])
    .where((eb) =>
      eb.or(
        spellings(e).flatMap((s) => [
          eb(sql`lower(subject)`, "like", sql`${containing(s)} ESCAPE '\\'`),
          eb(sql`lower(detail)`, "like", sql`${containing(s)} ESCAPE '\\'`),
        ]),
      ),
    )
    .execute();
}

/** How many audit entries name the address (the privacy screen's count). */
export async function auditNaming(k: Executor, e: string): Promise<number> {
  return (await auditNamingRows(k, e)).length;
}

/** The address taken out of every audit entry that names it, in the caller's transaction; the entries stay. */
export async function forgetInAudit(trx: Executor, e: string): Promise<number> {
  const entries = await auditNamingRows(trx, e);
  for (const entry of entries) {
    await trx
      .updateTable("audit_log")
      .set({ subject: entry.subject === null ? null : redactAddress(entry.subject, e), detail: entry.detail === null ? null : redactAddress(entry.detail, e) })
      .where("id", "=", entry.id)
      .execute();
  }
  return entries.length;
}
