import { readdir, readFile, unlink } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Kysely } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";
import { backupsHoldingDeleted, type HeldBackup } from "~/platform/ops/backup.server";
import type { Outbox } from "~/platform/outbox/worker.server";
import { forgetInOutbox, outboxNaming } from "~/platform/outbox/privacy.server";
import { commentsNaming, forgetComments } from "~/features/content/privacy.server";
import { auditNaming, forgetInAudit } from "~/features/staff/privacy.server";
import { forgetInInsight, insightNaming } from "~/features/insight/privacy.server";
import { conversationsNaming, forgetConversations } from "~/features/conversations/privacy.server";
import { normaliseText } from "./search-columns.server";

/** What the desk holds about an e-mail address, as counts only. */
export interface PersonalData {
  leads: number;
  subscriptions: number;
  comments: number;
  /** Outbox messages to, about or naming the address (pending and failed ones go, sent ones are emptied). */
  outbox: number;
  /** .eml files in MAIL_DIR that name the address. */
  mailFiles: number;
  /** Audit log entries whose subject or detail names it (an export filtered by it). */
  audit: number;
  /** Insight rows naming it (a campaign link's value) or one of its leads (features/insight). */
  insight: number;
  /** E-mails of its leads' conversations, others from or to it, and unmatched replies from it (features/conversations). */
  conversations: number;
}

export interface PrivacyServices {
  db: Db;
  env: Env;
  outbox: Outbox;
  /** Where a background clean-up that failed is reported (PostgreSQL's VACUUM). */
  log?: Logger;
}

/** What a deletion removed, and where the person still is: what the desk shows and the audit log keeps. */
export interface Erasure extends PersonalData {
  /** Backups taken before the deletion, which hold the person until each is pruned; null when BACKUP_DIR could not be read. */
  backups: HeldBackup[] | null;
  /** SQLite: the write-ahead log was emptied at once (false: other connections kept it busy, the next checkpoint does it; or `purge: false`). */
  logEmptied: boolean;
}

/**
 * The tables a deletion writes to: after it, SQLite rewrites the leads' search index
 * (leads_search, which keeps a deleted lead's words until merged) and empties its
 * write-ahead log; PostgreSQL vacuums those of them it has.
 */
const ERASED_TABLES = [
  "leads",
  "leads_search",
  "lead_events",
  "lead_followups",
  "lead_messages",
  "mail_address_failures",
  "unmatched_messages",
  "comments",
  "comment_blocks",
  "outbox",
  "audit_log",
] as const;

type Executor = Kysely<Database>;

/** The ids (and submission ids) of the address's leads, newsletter sign-ups apart. */
async function leadsOf(k: Executor, e: string) {
  const rows = await k.selectFrom("leads").select(["id", "kind", "submission_id"]).where("email_norm", "=", e).execute();
  return rows.map((r) => ({ id: Number(r.id), newsletter: r.kind === "newsletter", submissionId: r.submission_id }));
}

/** Quoted-printable soft line breaks and escapes undone, so an address split or encoded by it is found. */
const unQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * The .eml files in MAIL_DIR (written while SMTP_URL is unset, kept when it is set later)
 * that belong to the address: those of its messages (by Message-ID) and any other that names
 * it, in its headers or, decoded, its text. The folder is read one file at a time.
 */
async function mailFilesOf(env: Env, e: string, messageIds: (string | null)[]): Promise<string[]> {
  const dir = resolve(env.MAIL_DIR);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(".eml"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const byId = new Set(messageIds.filter((m): m is string => !!m).map((m) => `${m.replace(/[^A-Za-z0-9.@-]/g, "")}.eml`));
  const found: string[] = [];
  for (const name of names) {
    if (byId.has(name)) {
      found.push(join(dir, name));
      continue;
    }
    const raw = (await readFile(join(dir, name), "utf8").catch(() => "")).toLowerCase();
    if (raw.includes(e) || unQuotedPrintable(raw).toLowerCase().includes(e)) found.push(join(dir, name));
  }
  return found;
}

/**
 * What makes deletions leave no byte in the database's files (Db.purgeDeleted): done by
 * each `deleteByEmail`, or once after many with `{ purge: false }` (the search index is
 * rewritten whole each time, a cost that grows with the leads). Resolves with whether the
 * write-ahead log was emptied at once.
 */
export async function purgeAfterDeletions(services: Pick<PrivacyServices, "db" | "log">): Promise<boolean> {
  const { logEmptied, vacuumed } = await services.db.purgeDeleted(ERASED_TABLES);
  if (!logEmptied) services.log?.warn("privacy deletion: the write-ahead log was busy; the next checkpoint empties it");
  vacuumed?.catch((error) => services.log?.error({ err: error }, "privacy deletion: VACUUM after it failed"));
  return logEmptied;
}

/** What the desk holds about an e-mail address: leads, subscriptions, comments, messages, mail files, audit entries. */
export async function findByEmail(services: Pick<PrivacyServices, "db" | "env">, email: string): Promise<PersonalData> {
  const { db, env } = services;
  const e = normaliseText(email);
  const leads = await leadsOf(db.kysely, e);
  const messages = await outboxNaming(
    db.kysely,
    e,
    leads.map((l) => l.id),
  );
  return {
    leads: leads.filter((l) => !l.newsletter).length,
    subscriptions: leads.filter((l) => l.newsletter).length,
    comments: await commentsNaming(db.kysely, e),
    outbox: messages.length,
    mailFiles: (
      await mailFilesOf(
        env,
        e,
        messages.map((m) => m.messageId),
      )
    ).length,
    audit: await auditNaming(db.kysely, e),
    insight: await insightNaming(
      db.kysely,
      e,
      leads.map((l) => l.submissionId),
    ),
    conversations: await conversationsNaming(
      db.kysely,
      e,
      leads.filter((l) => !l.newsletter).map((l) => l.id),
    ),
  };
}

/**
 * Deletes everything held about an e-mail address, in one transaction: its leads with their
 * timelines, its newsletter subscriptions and its comments; its outbox messages (those not
 * sent are deleted; sent ones keep only that a message was sent, without recipient, lead or
 * payload); the address in audit entries (an export filtered by it) is replaced. A comment
 * that other people have replied to is emptied instead (name, e-mail, company and text
 * removed), so their replies keep their place. When a CRM receives leads, the same
 * transaction writes a signed `lead.deleted` webhook naming the deleted leads by id and
 * reference, never by address. After the commit, the .eml files that name the address are
 * deleted, and no byte of what was deleted is left in the database's files: SQLite
 * overwrote it as it deleted (`secure_delete`) and its write-ahead log is emptied here;
 * PostgreSQL vacuums the tables in the background, without holding up the answer (what
 * that does and does not wipe: docs/operations.md). Returns what was removed, as counts
 * only, and which older backups still hold the person and until when.
 */
export async function deleteByEmail(services: PrivacyServices, email: string, now = new Date(), { purge = true }: { purge?: boolean } = {}): Promise<Erasure> {
  const { db, env } = services;
  const e = normaliseText(email);
  const found = await db.kysely.transaction().execute(async (trx) => {
    const leads = await leadsOf(trx, e);
    const leadIds = leads.map((l) => l.id);
    const messages = await outboxNaming(trx, e, leadIds);
    const insight = await forgetInInsight(
      trx,
      e,
      leads.map((l) => l.submissionId),
    );

    await forgetInOutbox(trx, messages);
    const audited = await forgetInAudit(trx, e);

    // Its conversations (sent, received, unmatched) and its bounce mark, before the leads they belong to; the mailbox itself is the operator's.
    const conversations = await forgetConversations(trx, e, leadIds);
    for (let i = 0; i < leadIds.length; i += 500) {
      await trx
        .deleteFrom("lead_events")
        .where("lead_id", "in", leadIds.slice(i, i + 500))
        .execute();
      // A follow-up's note may name the person too.
      await trx
        .deleteFrom("lead_followups")
        .where("lead_id", "in", leadIds.slice(i, i + 500))
        .execute();
    }
    await trx.deleteFrom("leads").where("email_norm", "=", e).execute();
    const comments = await forgetComments(trx, e);

    // The CRM was sent every lead but the newsletter sign-ups: it is told which ones went.
    const told = leads.filter((l) => !l.newsletter);
    if (env.LEAD_WEBHOOK_URL && told.length) {
      const payload = { deletedAt: now.toISOString(), leads: told.map((l) => ({ id: l.id, submissionId: l.submissionId })) };
      await services.outbox.send(trx, [{ template: "lead-deleted", payload }], { now });
    }
    return {
      leads: told.length,
      subscriptions: leads.length - told.length,
      comments,
      outbox: messages.length,
      messageIds: messages.map((m) => m.messageId),
      audit: audited,
      insight,
      conversations,
    };
  });
  services.outbox.nudge();
  const files = await mailFilesOf(env, e, found.messageIds);
  await Promise.all(files.map((f) => unlink(f).catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? undefined : Promise.reject(error)))));
  const logEmptied = purge ? await purgeAfterDeletions(services) : false;
  let backups: HeldBackup[] | null = null;
  try {
    backups = backupsHoldingDeleted(env.BACKUP_DIR, { keep: env.BACKUP_KEEP, everyHours: env.BACKUP_EVERY_HOURS, now });
  } catch (error) {
    services.log?.error({ err: error }, "privacy deletion: the backups could not be listed");
  }
  const { messageIds: _ids, ...counts } = found;
  return { ...counts, mailFiles: files.length, backups, logEmptied };
}
