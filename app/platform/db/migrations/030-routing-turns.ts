import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 030 (PostgreSQL only): `routing_turns`, the round-robin's place of each routing
 * rule for several people, kept apart from the rule's row.
 *
 * A turn moved in the lead's own transaction (`routing_rules.next_index`) held the rule's
 * row lock until that transaction committed, so the write batches PostgreSQL runs side by
 * side waited for each other at every routed lead. Here a turn is one statement of its
 * own that commits at once, and the table is UNLOGGED: no log record and no disk sync for
 * a turn. After a crash PostgreSQL empties it and each rule starts again with its first
 * person; a clean restart keeps it. A rule's row goes with the rule. SQLite has one
 * writer, keeps the turn in `next_index` in the lead's transaction and has no such table.
 */
export function routingTurnsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql`CREATE UNLOGGED TABLE IF NOT EXISTS routing_turns (
        rule_id bigint PRIMARY KEY REFERENCES routing_rules (id) ON DELETE CASCADE,
        taken bigint NOT NULL
      )`.execute(db);
      // The order carries on where each rule had got to.
      await sql`INSERT INTO routing_turns (rule_id, taken) SELECT id, next_index FROM routing_rules WHERE next_index > 0 ON CONFLICT DO NOTHING`.execute(db);
    },
  };
}
