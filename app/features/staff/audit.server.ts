import type { Db } from "~/platform/db/db.server";

export interface AuditEntry {
  /** Who did it; null for the command line or a sign-in by an unknown e-mail. */
  staffId: number | null;
  /** What, as a dotted name: "sign-in", "sign-in.failed", "account.disable", "lead.status", "leads.export"… */
  action: string;
  /** What it was done to: an e-mail, a lead id, a filter… never deleted personal data. */
  subject?: string | null;
  detail?: Record<string, unknown>;
  /** Salted hash of the client address, when there is a client. */
  ipHash?: string | null;
}

/**
 * Writes one line of the audit log. The e-mail of the member of staff is copied into the
 * line, so it still reads right after the account is renamed or removed.
 */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  const k = db.kysely;
  await k
    .insertInto("audit_log")
    .values({
      at: new Date().toISOString(),
      staff_id: entry.staffId,
      actor: entry.staffId === null ? null : k.selectFrom("staff").select("email").where("id", "=", entry.staffId),
      action: entry.action.slice(0, 100),
      subject: entry.subject?.slice(0, 500) ?? null,
      detail: entry.detail && Object.keys(entry.detail).length ? JSON.stringify(entry.detail).slice(0, 4000) : null,
      ip_hash: entry.ipHash ?? null,
    })
    .execute();
}
