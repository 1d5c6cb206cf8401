/**
 * How a privacy request finds an e-mail address in stored text, whichever part holds it:
 * the spellings it takes, a LIKE pattern for each, and the text with it taken out.
 */

/** What stored text says where it named a deleted address. */
export const REDACTED_ADDRESS = "(deleted address)";

/** `text` as a LIKE pattern that matches it anywhere, its wildcards taken literally (ESCAPE '\'). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The forms an address takes in stored text: as typed, and URL-encoded (a filter in a query string). */
export const spellings = (e: string) => [...new Set([e, encodeURIComponent(e).toLowerCase()])];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` with every spelling of the address, in any letter case, replaced. */
export function redactAddress(text: string, e: string): string {
  return text.replace(new RegExp(spellings(e).map(escapeRegExp).join("|"), "gi"), REDACTED_ADDRESS);
}
