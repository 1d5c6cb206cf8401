import { type Expression, type Kysely, sql } from "kysely";
import type { Database } from "~/platform/db/schema";

type Executor = Kysely<Database>;

const REDACTED_TEXT = "This comment was removed at its author's request.";

/** How many comments the address wrote (the privacy screen's count). */
export async function commentsNaming(k: Executor, e: string): Promise<number> {
  const row = await k
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where(sql`lower(email)`, "=", e)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** True where someone with the address (an expression of another part's query) wrote a comment: retention keeps such a person. */
export const commentedBy = (address: Expression<string | null>) => sql<boolean>`EXISTS (SELECT 1 FROM comments c WHERE lower(c.email) = ${address})`;

/**
 * The address's comments, in the caller's transaction: deleted, except one that others have
 * replied to, which is emptied (name, e-mail, company and text removed) so their replies
 * keep their place; a spam block on the address goes too (the address hash block stays).
 * Returns how many comments it had.
 */
export async function forgetComments(trx: Executor, e: string): Promise<number> {
  const had = await commentsNaming(trx, e);
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
  await trx.deleteFrom("comment_blocks").where("kind", "=", "email").where("value", "=", e).execute();
  return had;
}
