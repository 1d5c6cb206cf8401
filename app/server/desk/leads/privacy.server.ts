import { sql } from "kysely";
import type { Db } from "../../db/db.server";
import { normaliseText } from "./search-columns.server";

export interface PersonalData {
  leads: number;
  subscriptions: number;
  comments: number;
}

const REDACTED_TEXT = "This comment was removed at its author's request.";

/** What the desk holds about an e-mail address (leads, newsletter subscriptions, comments). */
export async function findByEmail(db: Db, email: string): Promise<PersonalData> {
  const e = normaliseText(email);
  const byKind = await db.kysely
    .selectFrom("leads")
    .select([sql<number>`CASE WHEN kind = 'newsletter' THEN 1 ELSE 0 END`.as("newsletter"), (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("email_norm", "=", e)
    .groupBy(sql`CASE WHEN kind = 'newsletter' THEN 1 ELSE 0 END`)
    .execute();
  const comments = await db.kysely
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where(sql`lower(email)`, "=", e)
    .executeTakeFirstOrThrow();
  return {
    leads: Number(byKind.find((r) => Number(r.newsletter) === 0)?.n ?? 0),
    subscriptions: Number(byKind.find((r) => Number(r.newsletter) === 1)?.n ?? 0),
    comments: Number(comments.n),
  };
}

/**
 * Deletes everything held about an e-mail address in one transaction: its leads with
 * their timelines, its newsletter subscriptions and its comments. A comment that other
 * people have replied to is emptied instead (name, e-mail, company and text removed), so
 * their replies keep their place. Returns what was removed, as counts only.
 */
export async function deleteByEmail(db: Db, email: string): Promise<PersonalData> {
  const e = normaliseText(email);
  const found = await findByEmail(db, e);
  await db.kysely.transaction().execute(async (trx) => {
    const ids = trx.selectFrom("leads").select("id").where("email_norm", "=", e);
    await trx.deleteFrom("lead_events").where("lead_id", "in", ids).execute();
    await trx.deleteFrom("leads").where("email_norm", "=", e).execute();
    const mine = trx.selectFrom("comments").select("id").where(sql`lower(email)`, "=", e);
    const answered = await trx
      .selectFrom("comments as reply")
      .select("reply.parent_id")
      .where("reply.parent_id", "in", mine)
      .where(sql`lower(reply.email)`, "<>", e)
      .distinct()
      .execute();
    const keep = answered.map((r) => r.parent_id).filter((id): id is string => id !== null);
    if (keep.length) {
      await trx
        .updateTable("comments")
        .set({ comment_by: "Deleted", email: "", company_name: "", text: REDACTED_TEXT, ip_hash: null })
        .where("id", "in", keep)
        .execute();
    }
    await trx.deleteFrom("comments").where(sql`lower(email)`, "=", e).execute();
    // A spam block keeps the address itself: it goes too (the address hash block stays).
    await trx.deleteFrom("comment_blocks").where("kind", "=", "email").where("value", "=", e).execute();
  });
  return found;
}
