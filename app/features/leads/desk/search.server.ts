import { type AliasedRawBuilder, type RawBuilder, sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Dialect } from "~/platform/db/migrations/index";
import { SQLITE_DOCUMENT } from "~/platform/db/migrations/027-lead-search-deferred";
import type { Cursor } from "./filters.server";
import { writeQueueFor } from "~/platform/db/write-queue.server";
import { foldText, normaliseText, phoneDigits } from "./search-columns.server";

/**
 * The search box's words, matched through the search index (migration 018 on SQLite, 033 on PostgreSQL; decision record 049):
 * every word must match (AND), each as the start of a word of the lead's name, business,
 * city, e-mail address, phone digits (whole, or without the area code) or ZIP code. A
 * word with "@" is the start of the e-mail address ("lone@"). A search that is a phone
 * number in any format ("(214) 555-01") is its digits.
 */
export interface SearchWords {
  /**
   * Each word as the tokens it is made of, folded as names are stored (`foldText`: accents
   * off, apostrophes dropped, so "o’brien" is obrien and "josé" is jose); "smith-jones" is
   * smith + jones, matched side by side.
   */
  words: string[][];
  /**
   * Each word's tokens as typed (accents kept, an apostrophe a separator) where they differ
   * from `words`', else null: the city and the e-mail address are searched as stored, so
   * "d'alene" still finds Coeur d'Alene. A word matches either way.
   */
  typed?: (string[] | null)[];
  /** Starts of an e-mail address (a word with "@"), lower-cased. */
  emails: string[];
}

/** The separators between the tokens of a word: white space and ASCII punctuation, as in the index. */
const SEPARATORS = /[\s!-/:-@[-`{-~]+/u;

const tokens = (word: string) => word.split(SEPARATORS).filter(Boolean);

/** The words of a search, or null when it holds none that can match (only punctuation). */
export function searchWords(q: string): SearchWords | null {
  const text = normaliseText(q);
  if (/^[\d\s()+.-]+$/.test(text) && /\d/.test(text)) {
    // A ZIP+4 is its two groups side by side; any other number is its digits, without a US country code.
    if (/^\d{5}-\d{4}$/.test(text)) return { words: [tokens(text)], emails: [] };
    const digits = text.replace(/\D+/g, "");
    return { words: [[/^\+\s*1/.test(text) ? digits.slice(1) || digits : phoneDigits(digits)]], emails: [] };
  }
  const words: string[][] = [];
  const typed: (string[] | null)[] = [];
  const emails: string[] = [];
  for (const word of text.split(" ")) {
    if (word.includes("@")) {
      emails.push(word);
      continue;
    }
    const folded = tokens(foldText(word));
    const asTyped = tokens(word);
    if (!folded.length && !asTyped.length) continue;
    const same = folded.join(" ") === asTyped.join(" ");
    words.push(folded.length ? folded : asTyped);
    typed.push(same || !folded.length || !asTyped.length ? null : asTyped);
  }
  if (!words.length && !emails.length) return null;
  return typed.some(Boolean) ? { words, typed, emails } : { words, emails };
}

/** The first string that sorts after every string starting with `prefix`. */
export function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  const head = prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1));
  return head + String.fromCodePoint(last + 1);
}

/** SQLite: the FTS5 query of the words, each a phrase whose last token is a prefix; null without words. */
export function ftsMatch(s: SearchWords): string | null {
  const phrase = (w: string[]) => `"${w.join(" ").replace(/"/g, '""')}"*`;
  return s.words.length
    ? s.words
        .map((w, i) => {
          const typed = s.typed?.[i];
          return typed ? `(${phrase(w)} OR ${phrase(typed)})` : phrase(w);
        })
        .join(" AND ")
    : null;
}

/** A tsquery lexeme, quoted as its input syntax reads it (a quote doubled, a backslash escaped). */
const lexeme = (token: string) => `'${token.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/**
 * PostgreSQL: the words as one tsquery on the lead's words (`search_words`, migration
 * 033): each word's last token a prefix (`'dallas':*`), the tokens before it whole
 * ("o'brien" is `'o' & 'brien':*`). Several tokens are also asked as the start of one
 * whole field (`| 'san antonio':*`). A field that starts with them holds every one of
 * them, so the leads found are the same; the planner, though, learns from that lexeme's
 * statistics how many leads carry the words together.
 */
export function wordsQuery(words: string[][], typed?: (string[] | null)[]): string {
  const one = (w: string[]) => w.map((t, i) => (i === w.length - 1 ? `${lexeme(t)}:*` : lexeme(t))).join(" & ");
  const all = words
    .map((w, i) => {
      const t = typed?.[i];
      return t ? `(${one(w)} | ${one(t)})` : one(w);
    })
    .join(" & ");
  const tokens = words.flat();
  return tokens.length > 1 ? `(${all}) | ${lexeme(tokens.join(" "))}:*` : all;
}

/**
 * The condition on `leads` for the words: on PostgreSQL a tsquery on the lead's words
 * (migration 033's GIN index), and for a word of several tokens a LIKE on the document
 * (`search_doc`) that keeps them side by side; on SQLite the words are read from the FTS5
 * table (`searchRead`). E-mail starts are a range on the e-mail column's own index.
 */
export function searchCondition(dialect: Dialect, s: SearchWords): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = s.emails.map((e) => sql`(email_norm >= ${e} AND email_norm < ${prefixEnd(e)})`);
  if (dialect === "postgres" && s.words.length) {
    parts.push(sql`search_words @@ ${wordsQuery(s.words, s.typed)}::tsquery`);
    const side = (w: string[]) => sql`search_doc LIKE ${`% ${w.join(" ")}%`}`;
    s.words.forEach((w, i) => {
      const typed = s.typed?.[i];
      // A word of one token either way needs no more than the tsquery.
      if (w.length < 2 || typed?.length === 1) return;
      parts.push(typed ? sql`(${side(w)} OR ${side(typed)})` : side(w));
    });
  }
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` AND `)})` : sql<boolean>`1 = 1`;
}

/** Below this many matching leads, SQLite reads them by id and sorts them; from it on, walks the newest first. */
export const FEW_MATCHES = 2000;

export interface SearchRead {
  /** The FROM of the search's query: a table, or a subquery named leads. */
  table: string | AliasedRawBuilder<unknown, "leads">;
  /** Its condition on the FTS5 table. */
  where: RawBuilder<boolean>;
  /** The words match `FEW_MATCHES` leads or more: the list's order is walked. */
  many?: boolean;
}

/**
 * SQLite: how the leads the words match are read. A few (up to `FEW_MATCHES`) from the
 * FTS5 table, each lead by its id, then sorted: a rare word, or several. More, by walking
 * the inbox's order (created_at, id) newest first and keeping the matches, which reaches
 * a page within a few thousand leads. Counting stops at `FEW_MATCHES`, so it costs little.
 */
export async function searchRead(db: Db, match: string): Promise<SearchRead> {
  // The leads stored since the last batch are indexed first: a search finds a lead stored a moment ago.
  await catchUpSearch(db);
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM (SELECT 1 FROM leads_search WHERE leads_search MATCH ${match} LIMIT ${FEW_MATCHES})`.execute(db.kysely);
  return Number(rows[0]?.n ?? 0) < FEW_MATCHES ? lookup(match) : walk(match);
}

/** The matches first, each lead by its id (CROSS JOIN keeps that order on SQLite). */
export const lookup = (match: string): SearchRead => ({
  table: "leads_search CROSS JOIN leads",
  where: sql<boolean>`(leads_search MATCH ${match} AND leads.id = leads_search.rowid)`,
});

const walk = (match: string): SearchRead => ({
  table: "leads INDEXED BY leads_created",
  where: sql<boolean>`id IN (SELECT rowid FROM leads_search WHERE leads_search MATCH ${match})`,
  many: true,
});

/** How far below the newest lead (or the page's cursor), by id, a common word's page is first looked for (`recent`). */
export const RECENT_IDS = 50_000;

/**
 * SQLite: a walk that gathers only the matches from id `floor` on. A walk gathers every
 * match before it reads the list's order (at a million leads a common word's 200,000 took
 * 80 ms), though a page of a common word lies among the newest few thousand leads. Leads are
 * stored with ids in the order they arrive, so the page is nearly always the same; the
 * caller checks that no lead below `floor` lies within the page, and else walks them all.
 */
export const recent = (match: string, floor: number): SearchRead => ({
  table: "leads INDEXED BY leads_created",
  where: sql<boolean>`id IN (SELECT rowid FROM leads_search WHERE leads_search MATCH ${match} AND rowid >= ${floor})`,
});

export async function newestLeadId(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom("leads")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Whether a lead with an id below `floor` lies in the list's order from `last` up to the cursor (or the top). */
export async function idsBelowWithin(db: Db, floor: number, last: { id: number; created_at: string }, after: Cursor | undefined): Promise<boolean> {
  const upTo = after ? sql`AND (created_at, id) < (${after.at}, ${after.id})` : sql``;
  const { rows } = await sql`SELECT 1 FROM leads INDEXED BY leads_created
    WHERE (created_at, id) >= (${last.created_at}, ${Number(last.id)}) ${upTo} AND id < ${floor} LIMIT 1`.execute(db.kysely);
  return rows.length > 0;
}

/** How many matches a count of many reads first, in the search index's order (`probe`). */
export const PROBE = 5000;

/**
 * SQLite: the first `PROBE` leads the words match, in the search index's order, each read
 * by its id. A count up to a cap of a search with many matches is reached within them
 * unless the list's filters keep few (then it is counted by the walk): a walk gathers every
 * match first (at a million leads, a common word's 90,000 took 15 to 40 ms; these, 3 to 6).
 */
export const probe = (match: string): SearchRead => ({
  table: sql`(SELECT leads.* FROM leads_search CROSS JOIN leads WHERE leads_search MATCH ${match} AND leads.id = leads_search.rowid LIMIT ${PROBE})`.as(
    "leads",
  ),
  where: sql<boolean>`1 = 1`,
});

/** How many leads one catch-up indexes in one transaction (a burst is indexed over several). */
const CATCH_UP_BATCH = 5000;

/**
 * SQLite: indexes the leads stored after the index's mark (migration 027), in batches
 * through the write queue, so a lead's insert never pays for its index entry. Run by the
 * lead schedule every second and by every search before it reads. Returns how many leads
 * it indexed. PostgreSQL keeps its own index: nothing to do.
 */
export async function catchUpSearch(db: Db): Promise<number> {
  if (db.dialect !== "sqlite") return 0;
  let indexed = 0;
  for (;;) {
    const { rows } = await sql<{ upto: number; last: number | null }>`
      SELECT (SELECT upto FROM leads_search_state WHERE id = 1) AS upto, (SELECT max(id) FROM leads) AS last`.execute(db.kysely);
    const upto = Number(rows[0]?.upto ?? 0);
    const last = Number(rows[0]?.last ?? 0);
    if (last <= upto) return indexed;
    const to = Math.min(last, upto + CATCH_UP_BATCH);
    await writeQueueFor(db).run(async (trx) => {
      // Read again inside the write: another catch-up may have just done it.
      const { rows: now } = await sql<{ upto: number }>`SELECT upto FROM leads_search_state WHERE id = 1`.execute(trx);
      const from = Number(now[0]?.upto ?? 0);
      if (from >= to) return;
      await sql`INSERT INTO leads_search(rowid, doc)
        SELECT id, ${sql.raw(SQLITE_DOCUMENT("leads"))} FROM leads WHERE id > ${from} AND id <= ${to} AND kind <> 'newsletter'`.execute(trx);
      await sql`UPDATE leads_search_state SET upto = ${to} WHERE id = 1`.execute(trx);
    });
    indexed += to - upto;
  }
}
