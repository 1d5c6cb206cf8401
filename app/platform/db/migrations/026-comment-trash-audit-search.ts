import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 026: a trash for deleted comments, and the audit log read by action.
 *
 * A deleted comment takes the state "trash" for 30 days before it is purged: `trashed_at`
 * says when, `trashed_from` the state it had (a restore puts it back), `trashed_with` the
 * comment whose deletion took it along (a reply goes with its parent and comes back with
 * it). The purge and the trash list read the partial index on `trashed_at`.
 *
 * The audit log's screen filters by action (and person) newest first: an index on
 * (action, id) serves that page without reading the whole log.
 */
export function commentTrashAuditSearchMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("comments").addColumn("trashed_at", "text").execute();
      await db.schema.alterTable("comments").addColumn("trashed_from", "text").execute();
      await db.schema.alterTable("comments").addColumn("trashed_with", "text").execute();
      await sql`CREATE INDEX IF NOT EXISTS comments_trashed ON comments (trashed_at) WHERE trashed_at IS NOT NULL`.execute(db);
      await sql`CREATE INDEX IF NOT EXISTS comments_trashed_with ON comments (trashed_with) WHERE trashed_with IS NOT NULL`.execute(db);
      await db.schema.createIndex("audit_log_action_id").ifNotExists().on("audit_log").columns(["action", "id"]).execute();
    },
  };
}
