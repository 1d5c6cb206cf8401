import { type Kysely, type Migration, sql } from "kysely";
import { foldText } from "~/shared/fold-text";

/**
 * Migration 036: a lead's name, last name and business are stored as the search compares
 * them (`foldText`: accents off, apostrophes dropped), as a new lead is since this
 * migration (features/leads/desk/search-columns.server.ts), and the search box folds the
 * words typed the same way. So "obrien" finds O'Brien and O’Brien, "jose" finds José and
 * "josé" finds Jose, on SQLite and PostgreSQL alike.
 *
 * Leads are read by id in batches; only a lead whose columns change is written. The search
 * index follows the columns by itself: on SQLite the update trigger of migration 027 indexes
 * an indexed lead again (one not indexed yet is indexed by the next catch-up); on PostgreSQL
 * `search_doc` and `search_words` are generated from them (migrations 018 and 033).
 */
const BATCH = 5000;
const COLUMNS = ["name_norm", "last_norm", "business_norm"] as const;
type Row = { id: number | string } & Record<(typeof COLUMNS)[number], string | null>;

export const leadSearchFoldMigration: Migration = {
  async up(db: Kysely<unknown>) {
    let after = 0;
    for (;;) {
      const { rows } = await sql<Row>`
        SELECT id, name_norm, last_norm, business_norm FROM leads WHERE id > ${after} ORDER BY id LIMIT ${BATCH}`.execute(db);
      if (!rows.length) return;
      // A batch's changes in one transaction (on SQLite each would be a commit and a disk sync
      // of its own; on PostgreSQL the migration already runs in one).
      const write = async (trx: Kysely<unknown>) => {
        for (const row of rows) {
          const changed = COLUMNS.filter((c) => row[c] !== null && foldText(row[c]) !== row[c]);
          if (!changed.length) continue;
          const sets = changed.map((c) => sql`${sql.ref(c)} = ${foldText(row[c] ?? "") || null}`);
          await sql`UPDATE leads SET ${sql.join(sets)} WHERE id = ${Number(row.id)}`.execute(trx);
        }
      };
      if (db.isTransaction) await write(db);
      else await db.transaction().execute(write);
      after = Number(rows[rows.length - 1]?.id);
    }
  },
};
