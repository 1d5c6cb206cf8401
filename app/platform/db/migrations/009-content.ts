import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 009: the content desk. Posts gain
 * - publish_at: when the post became or becomes public; null is a draft. Every public
 *   read asks `publish_at <= now`, so a scheduled post shows the moment its time passes.
 *   Rows that existed before are public since they were last loaded.
 * - body_markdown: the Markdown the description was rendered from (the desk edits it);
 *   filled for file posts on the next start.
 * - edited_at: the last save in the desk. A file never overwrites a row edited there.
 * Images uploaded in the desk are rows of `media`; a post deleted in the desk while its
 * file still exists leaves a tombstone, so the file does not bring it back at the next
 * start (unless the file itself is changed afterwards).
 */
export const PUBLIC_SINCE_ALWAYS = "1970-01-01T00:00:00.000Z";

export function contentMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Rows written straight into the table (scripts, imports) stay public as before.
      await db.schema
        .alterTable("posts")
        .addColumn("publish_at", "text", (c) => c.defaultTo(PUBLIC_SINCE_ALWAYS))
        .execute();
      await db.schema.alterTable("posts").addColumn("body_markdown", "text").execute();
      await db.schema.alterTable("posts").addColumn("edited_at", "text").execute();
      await sql`UPDATE posts SET publish_at = updated_at`.execute(db);
      // The public pages' filter and the cache's "latest time passed" / "next time due".
      await db.schema.createIndex("posts_publish_at").ifNotExists().on("posts").column("publish_at").execute();
      await db.schema
        .createTable("media")
        .ifNotExists()
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("original_name", "text", (c) => c.notNull())
        .addColumn("banner_path", "text", (c) => c.notNull())
        .addColumn("banner_width", "integer", (c) => c.notNull())
        .addColumn("banner_height", "integer", (c) => c.notNull())
        .addColumn("card_path", "text", (c) => c.notNull())
        .addColumn("card_width", "integer", (c) => c.notNull())
        .addColumn("card_height", "integer", (c) => c.notNull())
        .addColumn("bytes", "integer", (c) => c.notNull())
        .addColumn("staff_id", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      // PostgreSQL: bumped after each change made in the desk and read with the table
      // statistics, so every instance re-renders within a second (db.server.ts).
      if (dialect === "postgres") await sql`CREATE SEQUENCE IF NOT EXISTS content_changes`.execute(db);
      await db.schema.createIndex("media_created").ifNotExists().on("media").columns(["created_at", "id"]).execute();
      await db.schema
        .createTable("post_tombstones")
        .ifNotExists()
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("source_hash", "text")
        .addColumn("deleted_at", "text", (c) => c.notNull())
        .execute();
    },
  };
}
