import type { Insertable } from "kysely";
import { compiledOnce, runCompiled } from "../db/compiled.server";
import type { Db } from "../db/db.server";
import type { LeadsTable } from "../db/schema";
import { searchColumns } from "../desk/leads/search-columns.server";
import { writeQueueFor } from "../db/write-queue.server";
import { insertOutbox, type outboxRows } from "../outbox/store.server";
import { ATTRIBUTION_FIELDS, type Attribution, attributionColumns } from "./attribution.server";

export interface NewLead {
  kind: string;
  type: number;
  email: string;
  /** The validated submission, without the meta fields. */
  payload: Record<string, unknown>;
  submissionId?: string;
  pagePath?: string | null;
  userAgent?: string | null;
  ipHash?: string | null;
  /** Where the visitor came from, when the browser said. */
  attribution?: Attribution | null;
  /** The messages the lead causes (outbox rows), written in the same transaction as the lead. */
  messages?: (leadId: number) => ReturnType<typeof outboxRows>;
}

export interface StoredLead {
  id: number;
  submissionId: string | null;
  /** True when this submission id was stored before: nothing new was written. */
  replay: boolean;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || e?.code === "23505";
}

/** Every column a new lead sets, in the order of the insert's parameters. */
const LEAD_COLUMNS = [
  "submission_id",
  "kind",
  "type",
  "email",
  "payload",
  "page_path",
  "user_agent",
  "ip_hash",
  "created_at",
  "status",
  "email_norm",
  "name_norm",
  "last_norm",
  "business_norm",
  "phone_norm",
  "zip",
  "city",
  ...ATTRIBUTION_FIELDS.map(([, column]) => column),
] as const satisfies readonly (keyof Insertable<LeadsTable>)[];

type LeadValues = Record<(typeof LEAD_COLUMNS)[number], unknown>;

const leadInsert = (db: Db) =>
  compiledOnce(db.kysely, "lead-insert", LEAD_COLUMNS.length, (k) =>
    k
      .insertInto("leads")
      .values(Object.fromEntries(LEAD_COLUMNS.map((c) => [c, null])) as unknown as Insertable<LeadsTable>)
      .returning("id"),
  );

const leadBySubmissionId = (db: Db) =>
  compiledOnce(db.kysely, "lead-by-submission-id", 1, (k) => k.selectFrom("leads").select("id").where("submission_id", "=", ""));

async function findBySubmissionId(db: Db, submissionId: string, executor = db.kysely) {
  const [row] = await runCompiled<{ id: number }>(executor, leadBySubmissionId(db), [submissionId]);
  return row;
}

/**
 * Stores one submission, exactly once per submission id: a retry or a double click with
 * the same id finds the first row (even when both arrive at the same moment: in one batch
 * the second sees the first; across instances the unique index decides). The insert goes
 * through the database's write queue, which commits the submissions arriving together
 * in one transaction (SQLite WAL + synchronous=FULL, or PostgreSQL) and answers each
 * only after that commit, so an acknowledged lead survives a crash.
 */
export async function storeLead(db: Db, lead: NewLead): Promise<StoredLead> {
  const submissionId = lead.submissionId ?? null;
  if (submissionId) {
    const existing = await findBySubmissionId(db, submissionId);
    if (existing) return { id: Number(existing.id), submissionId, replay: true };
  }
  try {
    const stored = await writeQueueFor(db).run(async (trx) => {
      if (submissionId) {
        const same = await findBySubmissionId(db, submissionId, trx);
        if (same) return { id: Number(same.id), replay: true };
      }
      const values: LeadValues = {
        submission_id: submissionId,
        kind: lead.kind,
        type: lead.type,
        email: lead.email,
        payload: JSON.stringify(lead.payload),
        page_path: lead.pagePath ?? null,
        user_agent: lead.userAgent ?? null,
        ip_hash: lead.ipHash ?? null,
        created_at: new Date().toISOString(),
        // A sign-up counts once its address confirms (newsletter/subscriptions.server.ts).
        status: lead.kind === "newsletter" ? "pending" : "new",
        ...searchColumns(lead.email, lead.payload),
        ...attributionColumns(lead.attribution),
      };
      const [row] = await runCompiled<{ id: number }>(
        trx,
        leadInsert(db),
        LEAD_COLUMNS.map((c) => values[c]),
      );
      if (!row) throw new Error("the lead insert returned no id");
      if (lead.messages) await insertOutbox(db.kysely, trx, lead.messages(Number(row.id)));
      return { id: Number(row.id), replay: false };
    });
    return { ...stored, submissionId };
  } catch (error) {
    if (submissionId && isUniqueViolation(error)) {
      const existing = await findBySubmissionId(db, submissionId);
      if (existing) return { id: Number(existing.id), submissionId, replay: true };
    }
    throw error;
  }
}
