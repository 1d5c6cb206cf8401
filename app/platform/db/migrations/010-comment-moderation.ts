import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 010: comment moderation. Every comment has a state: `visible` (on the site),
 * `held` (waiting for review: it carried a link, or moderation holds everything), `hidden`
 * (taken down by staff) or `spam`. Existing comments stay visible. A reply written in the
 * desk is marked `from_team` and names the member of staff who wrote it.
 *
 * Marking a comment as spam blocks its sender: `comment_blocks` keeps the lower-cased
 * e-mail address and the salted address hash, and every later comment from either is held.
 * The block outlives the comment (deleting spam must not lift it); restoring the comment
 * lifts it.
 *
 * Also the one list index the blog lacked: upcoming events (not published, of any kind)
 * in date order, so that list is read from an index too (tests/integration/query-plans.test.ts).
 */
export function commentModerationMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("comments")
        .addColumn("state", "text", (c) => c.notNull().defaultTo("visible"))
        .execute();
      await db.schema
        .alterTable("comments")
        .addColumn("from_team", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("comments").addColumn("staff_id", "integer").execute();
      await db.schema.alterTable("comments").addColumn("moderated_at", "text").execute();
      // A post's visible comments in order (the post page, the API), read from the index.
      await db.schema.createIndex("comments_post_state").ifNotExists().on("comments").columns(["post_id", "state", "created_on", "id"]).execute();
      // The desk: held comments first, newest first, and each state's list.
      await db.schema.createIndex("comments_state_created").ifNotExists().on("comments").columns(["state", "created_on", "id"]).execute();
      await db.schema.createIndex("comments_created").ifNotExists().on("comments").columns(["created_on", "id"]).execute();
      // The privacy page finds comments by address, whatever its case.
      await sql`CREATE INDEX IF NOT EXISTS comments_email_lower ON comments (lower(email))`.execute(db);
      // Upcoming events (not published, any kind) newest first, read in index order like the other lists.
      await sql`CREATE INDEX IF NOT EXISTS posts_published_shown ON posts (is_published, (coalesce(published_by, created_on)) DESC, id)`.execute(db);
      await db.schema
        .createTable("comment_blocks")
        .ifNotExists()
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("comment_id", "text")
        .addColumn("staff_id", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("comment_blocks_pk", ["kind", "value"])
        .execute();
    },
  };
}
