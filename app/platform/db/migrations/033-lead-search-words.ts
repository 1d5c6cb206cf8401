import { type Kysely, type Migration, sql } from "kysely";
import { documentText, POSTGRES_DOCUMENT } from "./018-lead-search";
import type { Dialect } from "./index";

/** A text as 018's document writes it (lower case, punctuation as spaces), its words separated by one space. */
const asWords = (text: string) => `regexp_replace(btrim(${documentText(text)}), ' +', ' ', 'g')`;

/**
 * The fields whose words a search often names together ("san antonio"): each is also one
 * lexeme of its words (its first 200 characters: a lexeme holds at most 2,047 bytes).
 */
const WHOLE_FIELDS = ["name_norm", "business_norm", "city"] as const;

/** `search_words`: a lexeme per word of the document, and one per whole field of `WHOLE_FIELDS`. */
const SEARCH_WORDS =
  `array_to_tsvector(array_remove(string_to_array(${POSTGRES_DOCUMENT}, ' ') || ARRAY[` +
  WHOLE_FIELDS.map((f) => `left(${asWords(`coalesce(${f}, '')`)}, 200)`).join(", ") +
  "], ''))";

/**
 * Migration 033 (PostgreSQL only): the search box reads the words of a lead's search
 * document as a tsvector (`search_words`) with a GIN index, in place of 018's trigram
 * index on `search_doc` (decision record 049; first in 027).
 *
 * One lexeme per word of the document (018's text: lower case, punctuation as spaces),
 * exactly as written there, with no parser and no stemming; a search word is a prefix
 * lexeme (`'dallas':*`), the same "a word starting with" as `search_doc LIKE '% dallas%'`.
 *
 * Each of a lead's name, business and city is also one lexeme of its words ("san
 * antonio"). A search of several words asks for them as well (`wordsQuery`): PostgreSQL
 * takes words as unrelated, so it expected 300 leads for "las vegas" of 19,500, and
 * sorted them all; a whole field that starts with the words tells it how many there are.
 *
 * PostgreSQL cannot estimate how many leads a LIKE with a leading wildcard matches: it
 * expected 80 leads for a name 14,000 leads carry, so it sorted every match to show the
 * newest 50 (50 to 230 ms at a million leads). ANALYZE keeps the most common lexemes of a
 * tsvector column, so a common word is read newest first and stops at the page, and a rare
 * one from the index. A stored column, because a walk tests each lead it passes and an
 * expression would be computed again for each (2 µs a lead). The index is smaller than
 * the trigrams' (108 against 172 MB at a million leads), and a lead adds about fifteen
 * entries to it instead of about a hundred. Adding the column rewrites the table (37 s at a million
 * leads); ANALYZE runs here, as until it does every word looks common.
 */
export function leadSearchWordsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql.raw(`ALTER TABLE leads ADD COLUMN IF NOT EXISTS search_words tsvector GENERATED ALWAYS AS (${SEARCH_WORDS}) STORED`).execute(db);
      await sql`CREATE INDEX IF NOT EXISTS leads_words ON leads USING gin (search_words)`.execute(db);
      await sql`DROP INDEX IF EXISTS leads_search`.execute(db);
      await sql`ANALYZE leads`.execute(db);
    },
  };
}
