import { type Kysely, type Migration, sql } from "kysely";
import { staffMigration } from "./003-staff";
import { leadWorkMigration } from "./004-lead-work";
import { outboxMigration } from "./007-outbox";
import { contentMigration } from "./009-content";
import { commentModerationMigration } from "./010-comment-moderation";
import { newsletterMigration } from "./011-newsletter";
import { sparseLeadIndexesMigration } from "./013-sparse-lead-indexes";
import { deskCommentPagesMigration } from "./014-desk-comment-pages";
import { totpLastStepMigration } from "./015-totp-last-step";
import { outboxRecipientMigration } from "./017-outbox-recipient";
import { commentTrashAuditSearchMigration } from "./026-comment-trash-audit-search";
import { contactsAndConsentMigration } from "./021-contacts-and-consent";
import { insightMigration } from "./022-insight";
import { leadRoutingMigration } from "./020-lead-routing";
import { leadSearchMigration } from "./018-lead-search";
import { newsletterIssuesMigration } from "./023-newsletter-issues";
import { postEditorMigration } from "./025-post-editor";
import { rateCountsMigration } from "./024-rate-counts";
import { leadSearchDeferredMigration } from "./027-lead-search-deferred";
import { leadTouchIndexMigration } from "./028-lead-touch-index";
import { dropNameIndexesMigration } from "./029-drop-name-indexes";
import { routingTurnsMigration } from "./030-routing-turns";
import { outboxDueByChannelMigration } from "./031-outbox-due-by-channel";
import { outboxDueByStateMigration } from "./032-outbox-due-by-state";
import { leadSearchWordsMigration } from "./033-lead-search-words";
import { leadCityFromPlaceMigration } from "./034-lead-city-from-place";
import { insightTouchAtMigration } from "./035-insight-touch-at";
import { leadSearchFoldMigration } from "./036-lead-search-fold";
import { deskVisitMarkMigration } from "./037-desk-visit-mark";
import { mediaInlineMigration } from "./038-media-inline";
import { insightFormExitsMigration } from "./039-insight-form-exits";
import { routingConditionsMigration } from "./040-routing-conditions";
import { conversationsMigration } from "./041-conversations";
import { mailboxMigration } from "./042-mailbox";
import { staffTimeZoneMigration } from "./019-staff-time-zone";

export type Dialect = "sqlite" | "postgres";

/**
 * The migrations that remove or change what an older build reads (decision record 041):
 * each ships a release after the build that stopped reading it, and a build older than it
 * refuses to start on a database it has run on. Every other migration only adds, and an
 * older build runs beside it.
 */
export const CONTRACT_MIGRATIONS: ReadonlySet<string> = new Set<string>([]);

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
    // Settings the installation makes for itself on first start and keeps with its data
    // (the IP hash salt when IP_HASH_SALT is unset), so several instances on one
    // PostgreSQL database share them.
    "006-settings": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("settings")
          .ifNotExists()
          .addColumn("key", "text", (c) => c.primaryKey())
          .addColumn("value", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
      },
    },
    // Full-text search of posts: every word, any order, English stemming, ranked.
    "005-post-search": {
      async up(db: Kysely<unknown>) {
        if (dialect === "postgres") {
          // Title weighs most, then the subtitle, then the body (ts_rank reads the weights).
          await sql`ALTER TABLE posts ADD COLUMN IF NOT EXISTS search_vector tsvector GENERATED ALWAYS AS (
            setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
            setweight(to_tsvector('english', coalesce(sub_title, '')), 'B') ||
            setweight(to_tsvector('english', coalesce(body_text, '')), 'D')
          ) STORED`.execute(db);
          await sql`CREATE INDEX IF NOT EXISTS posts_search ON posts USING gin (search_vector)`.execute(db);
          return;
        }
        // An external-content FTS5 index over the posts table, kept in step by triggers.
        await sql`CREATE VIRTUAL TABLE IF NOT EXISTS posts_fts USING fts5(
          title, sub_title, body_text,
          content='posts', content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2'
        )`.execute(db);
        await sql`CREATE TRIGGER IF NOT EXISTS posts_fts_insert AFTER INSERT ON posts BEGIN
          INSERT INTO posts_fts(rowid, title, sub_title, body_text) VALUES (new.rowid, new.title, new.sub_title, new.body_text);
        END`.execute(db);
        await sql`CREATE TRIGGER IF NOT EXISTS posts_fts_delete AFTER DELETE ON posts BEGIN
          INSERT INTO posts_fts(posts_fts, rowid, title, sub_title, body_text) VALUES ('delete', old.rowid, old.title, old.sub_title, old.body_text);
        END`.execute(db);
        await sql`CREATE TRIGGER IF NOT EXISTS posts_fts_update AFTER UPDATE OF title, sub_title, body_text ON posts BEGIN
          INSERT INTO posts_fts(posts_fts, rowid, title, sub_title, body_text) VALUES ('delete', old.rowid, old.title, old.sub_title, old.body_text);
          INSERT INTO posts_fts(rowid, title, sub_title, body_text) VALUES (new.rowid, new.title, new.sub_title, new.body_text);
        END`.execute(db);
        await sql`INSERT INTO posts_fts(posts_fts) VALUES ('rebuild')`.execute(db);
      },
    },
    "008-posts-shown-date": {
      // Lists show posts newest first by the shown date: with these, a page of 10,000
      // posts is read from an index instead of sorting the table (all posts, and per
      // category). Plain SQL: the same expression index on SQLite and PostgreSQL.
      async up(db: Kysely<unknown>) {
        await sql`CREATE INDEX IF NOT EXISTS posts_shown ON posts ((coalesce(published_by, created_on)) DESC, id)`.execute(db);
        await sql`CREATE INDEX IF NOT EXISTS posts_kind_shown ON posts (is_published, is_article, (coalesce(published_by, created_on)) DESC, id)`.execute(db);
      },
    },
    "003-staff": staffMigration(dialect),
    "004-lead-work": leadWorkMigration(dialect),
    "007-outbox": outboxMigration(dialect),
    "009-content": contentMigration(dialect),
    "010-comment-moderation": commentModerationMigration(dialect),
    "011-newsletter": newsletterMigration(dialect),
    "012-posts-public-indexes": {
      // Every public list now also asks publish_at <= now (drafts and scheduled posts stay
      // off): the list indexes carry it last, so a page and its count are still read from
      // an index alone (a count covered by it), not by reading every post.
      async up(db: Kysely<unknown>) {
        await sql`DROP INDEX IF EXISTS posts_shown`.execute(db);
        await sql`DROP INDEX IF EXISTS posts_kind_shown`.execute(db);
        await sql`DROP INDEX IF EXISTS posts_published_shown`.execute(db);
        await sql`CREATE INDEX posts_shown ON posts ((coalesce(published_by, created_on)) DESC, id, publish_at)`.execute(db);
        await sql`CREATE INDEX posts_kind_shown ON posts (is_published, is_article, (coalesce(published_by, created_on)) DESC, id, publish_at)`.execute(db);
        await sql`CREATE INDEX posts_published_shown ON posts (is_published, (coalesce(published_by, created_on)) DESC, id, publish_at)`.execute(db);
      },
    },
    "013-sparse-lead-indexes": sparseLeadIndexesMigration(dialect),
    "014-desk-comment-pages": deskCommentPagesMigration(dialect),
    "015-totp-last-step": totpLastStepMigration(dialect),
    "017-outbox-recipient": outboxRecipientMigration(dialect),
    "018-lead-search": leadSearchMigration(dialect),
    "019-staff-time-zone": staffTimeZoneMigration(dialect),
    "020-lead-routing": leadRoutingMigration(dialect),
    "021-contacts-and-consent": contactsAndConsentMigration(dialect),
    "022-insight": insightMigration(dialect),
    "023-newsletter-issues": newsletterIssuesMigration(dialect),
    "024-rate-counts": rateCountsMigration(dialect),
    "025-post-editor": postEditorMigration(dialect),
    "026-comment-trash-audit-search": commentTrashAuditSearchMigration(dialect),
    "027-lead-search-deferred": leadSearchDeferredMigration(dialect),
    "028-lead-touch-index": leadTouchIndexMigration,
    "029-drop-name-indexes": dropNameIndexesMigration,
    "030-routing-turns": routingTurnsMigration(dialect),
    "031-outbox-due-by-channel": outboxDueByChannelMigration,
    "032-outbox-due-by-state": outboxDueByStateMigration,
    "033-lead-search-words": leadSearchWordsMigration(dialect),
    "034-lead-city-from-place": leadCityFromPlaceMigration,
    "035-insight-touch-at": insightTouchAtMigration,
    "036-lead-search-fold": leadSearchFoldMigration,
    "037-desk-visit-mark": deskVisitMarkMigration,
    "038-media-inline": mediaInlineMigration,
    "039-insight-form-exits": insightFormExitsMigration(dialect),
    "040-routing-conditions": routingConditionsMigration,
    "041-conversations": conversationsMigration(dialect),
    "042-mailbox": mailboxMigration(dialect),
  };
}
