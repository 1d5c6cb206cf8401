import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Migration 018: the desk's search box finds any word of a lead, not only the start of a
 * field, and the attribution filters ignore case (decision record 027).
 *
 * One search document per lead (not newsletter rows): the name, the business, the city,
 * the e-mail address, the phone digits and their last seven (the number without its area
 * code) and the ZIP code. On SQLite it is a contentless FTS5 table kept in step by
 * triggers, so every way a lead is written, changed or deleted (a privacy deletion) keeps
 * it right; on PostgreSQL a stored generated column (`search_doc`) with a pg_trgm GIN
 * index, which PostgreSQL keeps in step itself. Existing leads are indexed here.
 *
 * The attribution columns' partial indexes (migration 013) become indexes on their
 * lower-cased value (the referrer's host also without "www."), so the filters match in
 * any case through an index.
 */

/** The lead's search text on SQLite, from the row `r` (FTS5 splits it into words). */
const sqliteDocument = (r: string) =>
  `coalesce(${r}.name_norm, '') || ' ' || coalesce(${r}.business_norm, '') || ' ' || coalesce(${r}.city, '') || ' ' || ` +
  `coalesce(${r}.email_norm, '') || ' ' || coalesce(${r}.phone_norm, '') || ' ' || substr(coalesce(${r}.phone_norm, ''), -7) || ' ' || coalesce(${r}.zip, '')`;

/** ASCII punctuation, each turned into a space in PostgreSQL's document (the words' separators). */
const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

/** PostgreSQL: a text as the search document writes it: lower case, ASCII punctuation as spaces. */
export const documentText = (text: string) => `translate(lower(${text}), '${PUNCTUATION.replace(/'/g, "''")}', '${" ".repeat(PUNCTUATION.length)}')`;

/**
 * The lead's search text on PostgreSQL, kept as a stored generated column (`search_doc`,
 * so neither the index's recheck nor a walk recomputes it): lower case, punctuation as
 * spaces, a space at each end, so `search_doc LIKE '% word%'` is "a word starting with".
 */
export const POSTGRES_DOCUMENT = `' ' || ${documentText("coalesce(name_norm, '') || ' ' || coalesce(business_norm, '') || ' ' || coalesce(city, '') || ' ' || coalesce(email_norm, '') || ' ' || coalesce(phone_norm, '') || ' ' || right(coalesce(phone_norm, ''), 7) || ' ' || coalesce(zip, '')")} || ' '`;

/** The attribution filters' columns and the lower-cased expression each is compared by. */
export const ATTRIBUTION_FILTER_KEYS = {
  landing_page: "lower(landing_page)",
  referrer_host: "(CASE WHEN substr(lower(referrer_host), 1, 4) = 'www.' THEN substr(lower(referrer_host), 5) ELSE lower(referrer_host) END)",
  utm_source: "lower(utm_source)",
  utm_medium: "lower(utm_medium)",
  utm_campaign: "lower(utm_campaign)",
} as const;

export function leadSearchMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [column, key] of Object.entries(ATTRIBUTION_FILTER_KEYS)) {
        await db.schema.dropIndex(`leads_${column}_created`).ifExists().execute();
        await sql.raw(`CREATE INDEX IF NOT EXISTS leads_${column}_key ON leads (${key}, created_at, id) WHERE ${column} IS NOT NULL`).execute(db);
      }
      if (dialect === "postgres") {
        try {
          await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
        } catch (error) {
          throw new Error(
            "Migration 018 needs PostgreSQL's pg_trgm extension (Debian: postgresql-contrib). " +
              `Run "CREATE EXTENSION pg_trgm;" in this database as a superuser, then start again (${(error as Error).message})`,
          );
        }
        await sql.raw(`ALTER TABLE leads ADD COLUMN IF NOT EXISTS search_doc text GENERATED ALWAYS AS (${POSTGRES_DOCUMENT}) STORED`).execute(db);
        await sql`CREATE INDEX IF NOT EXISTS leads_search ON leads USING gin (search_doc gin_trgm_ops)`.execute(db);
        return;
      }
      await sql`CREATE VIRTUAL TABLE IF NOT EXISTS leads_search USING fts5(
        doc, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'
      )`.execute(db);
      await sql
        .raw(`CREATE TRIGGER IF NOT EXISTS leads_search_insert AFTER INSERT ON leads WHEN new.kind <> 'newsletter' BEGIN
          INSERT INTO leads_search(rowid, doc) VALUES (new.id, ${sqliteDocument("new")});
        END`)
        .execute(db);
      await sql`CREATE TRIGGER IF NOT EXISTS leads_search_delete AFTER DELETE ON leads WHEN old.kind <> 'newsletter' BEGIN
          DELETE FROM leads_search WHERE rowid = old.id;
        END`.execute(db);
      await sql
        .raw(`CREATE TRIGGER IF NOT EXISTS leads_search_update
          AFTER UPDATE OF kind, name_norm, business_norm, city, email_norm, phone_norm, zip ON leads BEGIN
          DELETE FROM leads_search WHERE rowid = old.id;
          INSERT INTO leads_search(rowid, doc) SELECT new.id, ${sqliteDocument("new")} WHERE new.kind <> 'newsletter';
        END`)
        .execute(db);
      await sql.raw(`INSERT INTO leads_search(rowid, doc) SELECT id, ${sqliteDocument("leads")} FROM leads WHERE kind <> 'newsletter'`).execute(db);
    },
  };
}
