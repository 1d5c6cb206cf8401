import type { Db } from "~/platform/db/db.server";

/**
 * What another feature may show of the content by id (the audit log names the post and
 * the commenter an entry is about): read here, as the content's tables are the content's.
 */
export async function postTitles(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.kysely
    .selectFrom("posts")
    .select(["id", "title"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((p) => [p.id, p.title]));
}

/** Who wrote each of the comments `ids`, as they signed it. */
export async function commentAuthors(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.kysely
    .selectFrom("comments")
    .select(["id", "comment_by"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((c) => [c.id, c.comment_by]));
}
