import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formForBody } from "~/features/leads/forms/registry";
import { addFollowUp, logCall } from "~/features/leads/routing/work.server";
import { createAccount } from "~/features/staff/accounts.server";
import type { Db } from "~/platform/db/db.server";
import { type Env, loadEnv } from "~/platform/env.server";
import { backupTarget, takeBackup } from "~/platform/ops/backup.server";
import { startOutbox } from "~/platform/outbox/worker.server";
import type { Services } from "~/platform/services.server";
import { outboxMessages } from "~/server/messages.server";
import { openTestDb } from "../../../../tests/helpers/test-db";
import { acceptSubmission } from "../accept.server";
import { deleteByEmail } from "./privacy.server";
import { catchUpSearch } from "./search.server";

/**
 * A privacy deletion leaves no byte of the person in the database's files: the SQLite file,
 * its write-ahead log and a backup taken after the deletion are read raw (what `strings`
 * would show) for the person's e-mail, phone, name, message, comment and the notes staff
 * wrote about them. A backup taken before the deletion holds all of them (so the search
 * finds what it looks for), and the deletion's record names it with the time it is pruned.
 *
 * SQLite only: on PostgreSQL the files are the server's, out of the test's reach, and what
 * VACUUM leaves is described in docs/operations.md ("Privacy deletions").
 */

const onPostgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;
const HOUR = 3_600_000;

describe.skipIf(onPostgres)("a privacy deletion in the SQLite files", () => {
  let db: Db;
  let env: Env;
  let file: string;
  let backupDir: string;

  beforeAll(async () => {
    db = await openTestDb();
    file = db.describe.slice("sqlite:".length);
    const dir = mkdtempSync(join(tmpdir(), "fillway-erase-"));
    backupDir = join(dir, "backups");
    env = {
      ...loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", MAIL_DIR: join(dir, "mail"), BACKUP_DIR: backupDir, BACKUP_KEEP: "3", BACKUP_EVERY_HOURS: "6" }),
      IP_HASH_SALT: "privacy-files-salt-0123456789",
    };
  });
  afterAll(() => db?.close());

  /** Whether any of `texts` is in the file's bytes, in any letter case: the ones found. */
  function inFile(path: string, texts: string[]): string[] {
    if (!existsSync(path)) return [];
    const bytes = readFileSync(path).toString("latin1").toLowerCase();
    return texts.filter((t) => bytes.includes(t.toLowerCase()));
  }

  it("overwrites the person in the file, empties the log, and a later backup holds none of it", async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `quillon.vantreese-${tag}@forget.test`;
    const phone = "4695550173";
    const message = `Tank behind the Vantreese barn ${tag}, gate code 7731`;
    const comment = `Quillon thinks the overnight window ${tag} is perfect`;
    const callNote = `Spoke to Quillon Vantreese ${tag} about the gate`;
    const followNote = `Ring Vantreese back ${tag} after the harvest`;
    const log = pino({ level: "silent" });
    const services: Services = { db, env, log, outbox: startOutbox({ db, env, log, messages: outboxMessages, paused: true }) };

    const accept = async (body: Record<string, unknown>) => {
      const spec = formForBody("/web/form", body);
      if (!spec) throw new Error("no form for the body");
      expect((await acceptSubmission(services, spec, body, { ip: "127.0.0.1", wire: true, pagePath: "/gasoline" })).status).toBe("stored");
    };
    const person = { email, firstName: "Quillon", lastName: "Vantreese", zipCode: "75201", phone, message, type: 9 };
    await accept({ ...person, submissionId: randomUUID() });
    // Another person, whose rows share the pages the deleted ones were on.
    await accept({
      ...person,
      email: `keep-${tag}@forget.test`,
      firstName: "Ada",
      lastName: "Keeps",
      phone: "2145550100",
      message: "Keep me",
      submissionId: randomUUID(),
    });
    const { id: leadId } = await db.kysely.selectFrom("leads").select("id").where("email_norm", "=", email).executeTakeFirstOrThrow();
    const { account } = await createAccount(db, env, { email: `sales-${tag}@staff.test`, role: "sales" });
    await logCall(db, Number(leadId), account.id, { outcome: "reached", note: callNote });
    await addFollowUp(db, Number(leadId), account.id, { due: new Date(Date.now() + 86_400_000).toISOString(), note: followNote });
    const at = new Date().toISOString();
    await db.kysely
      .insertInto("posts")
      .values({
        id: `p-${tag}`,
        title: "T",
        sub_title: "",
        description_html: "",
        body_text: "",
        created_on: at,
        is_published: 1,
        is_article: 0,
        updated_at: at,
      } as never)
      .execute();
    await db.kysely
      .insertInto("comments")
      .values({
        id: `c-${tag}`,
        post_id: `p-${tag}`,
        parent_id: null,
        comment_by: "Quillon Vantreese",
        email,
        company_name: "",
        text: comment,
        created_on: at,
        submission_id: null,
        ip_hash: null,
      })
      .execute();

    // The desk's search index takes the person's words, then the words of thousands of
    // leads after them, in segments of their own that no merge has yet rewritten.
    expect(await catchUpSearch(db)).toBeGreaterThan(0);
    for (let batch = 0; batch < 3; batch++) {
      const rows = Array.from({ length: 1000 }, (_, i) => ({
        kind: "lead",
        type: 9,
        email: `filler-${batch}-${i}@forget.test`,
        email_norm: `filler-${batch}-${i}@forget.test`,
        name_norm: `filler ${batch} ${i}`,
        payload: "{}",
        submission_id: null,
        page_path: "/",
        user_agent: null,
        ip_hash: null,
        created_at: at,
      }));
      await db.kysely.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 100)
          await trx
            .insertInto("leads")
            .values(rows.slice(i, i + 100))
            .execute();
      });
      expect(await catchUpSearch(db)).toBe(1000);
    }

    const needles = [email, phone, "Quillon", "Vantreese", message, comment, callNote, followNote];
    // A backup from before the deletion, two hours old: it holds every one of them.
    const before = await takeBackup(backupTarget(`file:${file}`), { dir: backupDir, keep: env.BACKUP_KEEP, now: new Date(Date.now() - 2 * HOUR) });
    expect(inFile(before.path, needles)).toEqual(needles);

    const removed = await deleteByEmail(services, email);
    expect(removed.leads).toBe(1);
    expect(removed.comments).toBe(1);
    expect(removed.logEmptied).toBe(true);
    // The record names the older backup: with 3 kept and one every 6 hours, the next is due 6 hours after it and it goes with the third, 18 hours after it was taken.
    expect(removed.backups).toEqual([
      {
        name: before.name,
        takenAt: before.takenAt.toISOString(),
        backupsUntilPruned: 3,
        prunedBy: new Date(before.takenAt.getTime() + 18 * HOUR).toISOString(),
      },
    ]);

    const after = await takeBackup(backupTarget(`file:${file}`), { dir: backupDir, keep: env.BACKUP_KEEP });
    expect({
      database: inFile(file, needles),
      log: inFile(`${file}-wal`, needles),
      backupAfter: inFile(after.path, needles),
    }).toEqual({ database: [], log: [], backupAfter: [] });
    // The other person is still there, whole.
    expect(inFile(after.path, [`keep-${tag}@forget.test`, "Keep me"])).toHaveLength(2);
    await services.outbox?.stop();
  });
});
