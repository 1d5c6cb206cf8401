/** Apostrophes as people type them: straight, curly (’ ‘), the modifier letter ʼ, a backtick, an acute accent. */
const APOSTROPHES = /['\u2018\u2019\u02bc`\u00b4]/gu;

/**
 * A name as the desk's search compares it, the stored text and the search alike: lower
 * case, Unicode-normalised, spaces collapsed, accents taken off and apostrophes dropped.
 * "O’Brien" and "O'Brien" are "obrien", "José" is "jose", "Peña" is "pena", so a
 * salesperson finds them as typed on a phone (features/leads/desk/search-columns.server.ts,
 * migration 036).
 */
export function foldText(value: string): string {
  return value
    .replace(APOSTROPHES, "")
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .trim();
}
