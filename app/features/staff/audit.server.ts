import { sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import { localInputToUtc } from "~/shared/zoned-input";
import { formatInZone } from "~/shared/zoned-time";
import { actionsSaying, type DetailWord, detailWords, namesFor, sentence } from "./audit-words.server";

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

/**
 * What the audit log screen filters by; dates are YYYY-MM-DD (days in the reader's zone), `before` an entry id,
 * `action` one kind of action, `subject` part of what it was done to, `q` words searched in
 * the actor, the subject, the details and the actions' words.
 */
export interface AuditFilter {
  person: "" | "system" | string;
  action: string;
  subject: string;
  q: string;
  from: string;
  to: string;
  before: string;
}

/** One line of the audit log as the desk shows it. */
export interface AuditLine {
  id: number;
  at: string;
  who: string;
  /** The entry in words: "Ana Ruiz turned on two-factor sign-in". */
  sentence: string;
  action: string;
  subject: string;
  /** The details in words, each with its label. */
  detail: DetailWord[];
}

/** A page of the audit log, newest first, and the id to continue before (null on the last page). */
/** `zone`: the reader's time zone, for the times the sentences name (UTC, named so, when they chose none). */
export async function listAudit(db: Db, f: AuditFilter, pageSize: number, zone: string | null = null): Promise<{ rows: AuditLine[]; next: string | null }> {
  let q = db.kysely.selectFrom("audit_log").select(["id", "at", "staff_id", "actor", "action", "subject", "detail"]);
  if (f.person === "system") q = q.where("staff_id", "is", null);
  else if (f.person) q = q.where("staff_id", "=", Number(f.person));
  // The days are the reader's: from their midnight to the midnight after the last day.
  const midnight = (day: string) => localInputToUtc(`${day}T00:00`, zone ?? "UTC") ?? `${day}T00:00:00.000Z`;
  if (f.from) q = q.where("at", ">=", midnight(f.from));
  if (f.to) q = q.where("at", "<", midnight(new Date(Date.parse(`${f.to}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10)));
  if (f.before) q = q.where("id", "<", Number(f.before));
  if (f.action) q = q.where("action", "=", f.action);
  const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Case-insensitive on both databases; the backslash escapes LIKE's wildcards typed in the box.
  const contains = (column: "subject" | "actor" | "detail", text: string) =>
    sql<boolean>`lower(${sql.ref(column)}) like ${like(text.toLowerCase())} escape '\\'`;
  if (f.subject) q = q.where(contains("subject", f.subject));
  if (f.q) {
    const saying = actionsSaying(f.q);
    q = q.where((eb) =>
      eb.or([contains("subject", f.q), contains("actor", f.q), contains("detail", f.q), ...(saying.length ? [eb("action", "in", saying)] : [])]),
    );
  }
  const rows = await q
    .orderBy("id", "desc")
    .limit(pageSize + 1)
    .execute();
  // Each entry's details read once, for the names they hold and for the screen.
  const entries = rows.slice(0, pageSize).map((r) => ({ ...r, details: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : {} }));
  const name = await namesFor(db, entries);
  const page = entries.map((r) => {
    const detail = r.details;
    const said = name(r);
    return {
      id: Number(r.id),
      at: r.at,
      who: r.actor ?? (r.staff_id === null ? "Command line or unknown" : `Account ${r.staff_id}`),
      sentence: sentence(r.action, { ...said, detail, staffName: name.staffName, time: (iso) => formatInZone(iso, zone ?? "UTC") }),
      action: r.action,
      subject: r.subject ?? "",
      detail: detailWords(detail, name.staffName),
    };
  });
  return { rows: page, next: rows.length > pageSize ? String(page.at(-1)?.id ?? "") : null };
}
