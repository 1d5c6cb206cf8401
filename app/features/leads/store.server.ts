import type { Insertable, Kysely } from "kysely";
import { compiledOnce, runCompiled } from "~/platform/db/compiled.server";
import type { Db } from "~/platform/db/db.server";
import type { Database, LeadsTable } from "~/platform/db/schema";
import { searchColumns } from "./desk/search-columns.server";
import { zipPlaces } from "~/features/service-area/zip-data.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import type { Assignment, Owner } from "./routing/rules.server";
import { ATTRIBUTION_FIELDS, type Attribution, attributionColumns } from "./attribution.server";
import type { Consent } from "./consent.server";
import { contactIdFor } from "./contacts.server";

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
  /** Chooses the new lead's owner in the same transaction, before its insert (routing/rules.server.ts). */
  assign?: (lead: { kind: string; zip: string | null; submissionId: string | null }, trx: Kysely<Database>) => Promise<Assignment | null>;
  /** The consent line's version and when it was shown; null when the client sent none (the API). */
  consent?: Consent | null;
  /** The messages the lead causes (outbox rows), written in the same transaction (`trx`) as the lead. */
  messages?: (leadId: number, trx: Kysely<Database>, owner: Owner | null) => Promise<void>;
}

export interface StoredLead {
  id: number;
  submissionId: string | null;
  /** True when this submission id was stored before: nothing new was written. */
  replay: boolean;
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
  "consent_version",
  "consent_shown_at",
  "contact_id",
  "assignee_id",
] as const satisfies readonly (keyof Insertable<LeadsTable>)[];

type LeadValues = Record<(typeof LEAD_COLUMNS)[number], unknown>;

const leadInsert = (db: Db) =>
  compiledOnce(db.kysely, "lead-insert", LEAD_COLUMNS.length, (k) =>
    k
      .insertInto("leads")
      .values(Object.fromEntries(LEAD_COLUMNS.map((c) => [c, null])) as unknown as Insertable<LeadsTable>)
      // The one unique column a lead sets is its submission id: a second insert of the same
      // id inserts nothing (on PostgreSQL after waiting for the first one's transaction).
      .onConflict((oc) => oc.doNothing())
      .returning("id"),
  );

const leadBySubmissionId = (db: Db) =>
  compiledOnce(db.kysely, "lead-by-submission-id", 1, (k) => k.selectFrom("leads").select("id").where("submission_id", "=", ""));

/** The lead stored under a submission id, if any. */
export async function findBySubmissionId(db: Db, submissionId: string, executor = db.kysely) {
  const [row] = await runCompiled<{ id: number }>(executor, leadBySubmissionId(db), [submissionId]);
  return row;
}

/**
 * Stores one submission, exactly once per submission id: a retry or a double click with
 * the same id inserts nothing (the unique index decides, in one batch and across
 * transactions or instances) and gets the first row's id. The insert goes
 * through the database's write queue, which commits the submissions arriving together
 * in one transaction (SQLite WAL + synchronous=FULL, or PostgreSQL) and answers each
 * only after that commit, so an acknowledged lead survives a crash.
 */
export async function storeLead(db: Db, lead: NewLead): Promise<StoredLead> {
  const submissionId = lead.submissionId ?? null;
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
    ...searchColumns(lead.email, lead.payload, lead.kind, await zipPlaces()),
    ...attributionColumns(lead.attribution),
    consent_version: lead.consent?.version ?? null,
    consent_shown_at: lead.consent?.shownAt ?? null,
    contact_id: null,
    assignee_id: null,
  };
  const stored = await writeQueueFor(db).run(async (trx) => {
    // Inside the transaction, so a person's two leads committed together are one contact.
    if (lead.kind !== "newsletter") values.contact_id = await contactIdFor(db, trx, values.email_norm as string | null, values.phone_norm as string | null);
    // The owner goes in with the lead: one write of the row, not an insert and an update.
    const assignment = lead.assign ? await lead.assign({ kind: lead.kind, zip: (values.zip as string | null) ?? null, submissionId }, trx) : null;
    values.assignee_id = assignment?.owner.id ?? null;
    const [row] = await runCompiled<{ id: number }>(
      trx,
      leadInsert(db),
      LEAD_COLUMNS.map((c) => values[c]),
    );
    if (!row) {
      // Nothing inserted: this submission id is stored already (a retry, a double click).
      const same = submissionId ? await findBySubmissionId(db, submissionId, trx) : undefined;
      if (!same) throw new Error("the lead insert returned no id");
      await assignment?.undo();
      return { id: Number(same.id), replay: true };
    }
    await assignment?.record(Number(row.id));
    if (lead.messages) await lead.messages(Number(row.id), trx, assignment?.owner ?? null);
    return { id: Number(row.id), replay: false };
  });
  return { ...stored, submissionId };
}
