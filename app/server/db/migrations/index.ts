import type { Kysely, Migration } from "kysely";
import { staffMigration } from "./003-staff";
import { leadWorkMigration } from "./004-lead-work";
import { outboxMigration } from "./007-outbox";

export type Dialect = "sqlite" | "postgres";

/** Versioned migrations; names sort in the order they run. Never edit one that has shipped. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === "sqlite" ? "integer" : "bigserial";
  return {
    "001-leads": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("leads")
          .ifNotExists()
          .addColumn("id", id as "integer", (c) => (dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.primaryKey()))
          .addColumn("submission_id", "text", (c) => c.unique())
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("type", "integer", (c) => c.notNull())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("payload", "text", (c) => c.notNull())
          .addColumn("page_path", "text")
          .addColumn("user_agent", "text")
          .addColumn("ip_hash", "text")
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("leads_kind_type").ifNotExists().on("leads").columns(["kind", "type"]).execute();
        await db.schema.createIndex("leads_created_at").ifNotExists().on("leads").column("created_at").execute();
      },
    },
    "002-blog": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("posts")
          .ifNotExists()
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("sub_title", "text", (c) => c.notNull())
          .addColumn("description_html", "text", (c) => c.notNull())
          .addColumn("body_text", "text", (c) => c.notNull())
          .addColumn("image_thumbnail", "text")
          .addColumn("image_original", "text")
          .addColumn("article_url", "text")
          .addColumn("video_url", "text")
          .addColumn("created_on", "text", (c) => c.notNull())
          .addColumn("published_by", "text")
          .addColumn("is_published", "integer", (c) => c.notNull())
          .addColumn("is_article", "integer", (c) => c.notNull())
          .addColumn("source_file", "text")
          .addColumn("source_hash", "text")
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("posts_kind").ifNotExists().on("posts").columns(["is_published", "is_article"]).execute();
        await db.schema
          .createTable("comments")
          .ifNotExists()
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("submission_id", "text", (c) => c.unique())
          .addColumn("post_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
          .addColumn("parent_id", "text", (c) => c.references("comments.id").onDelete("cascade"))
          .addColumn("comment_by", "text", (c) => c.notNull())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("company_name", "text", (c) => c.notNull())
          .addColumn("text", "text", (c) => c.notNull())
          .addColumn("created_on", "text", (c) => c.notNull())
          .addColumn("ip_hash", "text")
          .execute();
        await db.schema.createIndex("comments_post").ifNotExists().on("comments").columns(["post_id", "created_on"]).execute();
        await db.schema.createIndex("comments_parent").ifNotExists().on("comments").column("parent_id").execute();
      },
    },
    "003-staff": staffMigration(dialect),
    "004-lead-work": leadWorkMigration(dialect),
    "007-outbox": outboxMigration(dialect),
  };
}
