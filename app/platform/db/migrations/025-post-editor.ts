import type { Kysely, Migration } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 025: the editor keeps every draft and names its author. posts.image_alt is the
 * banner's alt text; posts.author_name the byline (the member of staff who wrote it; null
 * for posts from files and from before, which keep the site's own byline).
 * post_autosaves holds what an editor typed and has not saved, one row per member of staff
 * and post ("new" for a post not yet saved); nothing in it is ever published.
 */
export function postEditorMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("posts").addColumn("image_alt", "text").execute();
      await db.schema.alterTable("posts").addColumn("author_name", "text").execute();
      await db.schema
        .createTable("post_autosaves")
        .ifNotExists()
        .addColumn("staff_id", "integer", (c) => c.notNull())
        .addColumn("post_key", "text", (c) => c.notNull())
        .addColumn("fields", "text", (c) => c.notNull())
        .addColumn("saved_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("post_autosaves_pk", ["staff_id", "post_key"])
        .execute();
    },
  };
}
