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
 * Why a new password is refused, or null. Long enough, and not one of the commonly used
 * passwords (about 43,000 of them, shipped in common-passwords.txt), nor one of them with
 * digits or symbols added at the end, nor one of them repeated, nor the e-mail address.
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
    return "This password is too common. Choose one that is not on lists of popular passwords.";
  }
  if (/^(.)\1+$/u.test(lower) || "01234567890123456789".includes(lower) || "abcdefghijklmnopqrstuvwxyz".includes(lower)) {
    return "This password is too easy to guess.";
  }
  if (email && (lower === email.toLowerCase() || (local && local.length >= 4 && lower.includes(local)))) {
    return "The password must not contain your e-mail address.";
  }
  return null;
}
