import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as zxcvbnCommon from "@zxcvbn-ts/language-common";
import * as zxcvbnEn from "@zxcvbn-ts/language-en";
import commonList from "./common-passwords.txt?raw";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password.server";

/*
 * common-passwords.txt: the lower-cased entries of six characters or more of the
 * common-password list of zxcvbn-ts (@zxcvbn-ts/language-common 4.1.3, MIT licence),
 * one a line. Kept apart from password.server.ts because it is bundled as text by Vite,
 * and the account command line does not need it.
 */

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(commonList.split("\n").filter(Boolean));
  return common;
}

/**
 * Fillway's own words: the first an attacker tries against Fillway's staff, so zxcvbn
 * counts them as known words (its "user inputs"), and a password built on them is refused.
 */
export const COMPANY_WORDS = [
  "fillway",
  "fill",
  "way",
  "fuel",
  "fuels",
  "fueling",
  "diesel",
  "gasoline",
  "gas",
  "petrol",
  "def",
  "fleet",
  "fleets",
  "delivery",
  "deliver",
  "truck",
  "tank",
  "charge",
  "desk",
  "mobile",
  "foundation",
  "cloud",
] as const;

/** The words that make a password "built on Fillway's words" (the short, everyday ones do not). */
const NAMED_WORDS = ["fillway", "diesel", "gasoline", "fuel", "fleet", "petrol"];

/** zxcvbn's score a password must reach: 3 is "safely unguessable" (about 10^8 guesses and up). */
export const MIN_SCORE = 3;
/** The password with every one of Fillway's words taken out, longest first. */
function withoutCompanyWords(lower: string): string {
  let rest = lower;
  for (const w of [...COMPANY_WORDS].sort((a, b) => b.length - a.length)) if (w.length >= 3) rest = rest.split(w).join(" ");
  return rest.trim();
}

let zxcvbn: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  });
  return zxcvbn;
}

const WHAT_TO_DO = "Use four or more words that do not belong together, or a longer mix of words, numbers and symbols.";

/**
 * Why a new password is refused, or null. Long enough, and not one of the commonly used
 * passwords (about 43,000 of them, shipped in common-passwords.txt), nor one of them with
 * digits or symbols added at the end, nor one of them repeated, nor the e-mail address;
 * then zxcvbn's estimate, with the e-mail's name and Fillway's words as known words, must
 * be at least MIN_SCORE, and a password with Fillway's name or trade in it must reach it
 * with those words taken out.
 * Each message says what to do instead.
 */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  const lower = password.normalize("NFKC").toLowerCase();
  const list = commonPasswords();
  const stripped = lower.replace(/[\d\W_]+$/u, "").replace(/^[\d\W_]+/u, "");
  const unit = /^(.+?)\1+$/u.exec(lower)?.[1];
  const local = email?.toLowerCase().split("@")[0];
  if (list.has(lower) || (stripped.length >= 4 && list.has(stripped)) || (unit && (unit.length < 4 || list.has(unit)))) {
    return `This password is too common. Choose one that is not on lists of popular passwords: ${WHAT_TO_DO.charAt(0).toLowerCase()}${WHAT_TO_DO.slice(1)}`;
  }
  if (/^(.)\1+$/u.test(lower) || "01234567890123456789".includes(lower) || "abcdefghijklmnopqrstuvwxyz".includes(lower)) {
    return `This password is too easy to guess. ${WHAT_TO_DO}`;
  }
  if (email && (lower === email.toLowerCase() || (local && local.length >= 4 && lower.includes(local)))) {
    return "The password must not contain your e-mail address. Choose words that have nothing to do with you or your work.";
  }
  const inputs = [...COMPANY_WORDS, ...(local ? local.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3) : [])];
  // zxcvbn's work grows with the length; past 100 characters the rest adds strength anyway.
  const result = estimator().check(password.normalize("NFKC").slice(0, 100), inputs);
  // Built on Fillway's words, it must be strong without them too.
  const rest = NAMED_WORDS.some((w) => lower.includes(w)) ? withoutCompanyWords(lower) : null;
  if (rest !== null && (rest.replace(/[\s\d\W_]/gu, "").length < 4 || estimator().check(rest.slice(0, 100), inputs).score < MIN_SCORE)) {
    return "This password is built on Fillway's name or the words of our trade, which are the first ones tried. Leave them out, or add words of your own that do not belong together.";
  }
  if (result.score < MIN_SCORE) {
    const why = result.feedback.warning ? ` ${result.feedback.warning.replace(/\.?$/, ".")}` : "";
    return `This password is too easy to guess.${why} ${WHAT_TO_DO}`;
  }
  return null;
}
