import { pagePaths } from "~/copy/pages";
import type { Vital } from "./wire";

/**
 * What the insight endpoint keeps out of its counts (decision record 038): paths that are
 * not pages of this site, control and direction characters, campaign values that name a
 * person, and Web Vitals no browser can measure.
 */

/** Control characters, and the marks that reorder text (bidirectional overrides, isolates, embeddings). */
const HIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

export const hasHiddenCharacters = (text: string) => HIDDEN.test(text);

/** The fixed pages by their lower-case form: the route table's spelling is what is kept. */
const fixed = new Map<string, string>([...pagePaths, "/service-area"].map((p) => [p.toLowerCase(), p]));

/** A post's address (lower-case words joined by hyphens; older posts' ids and encoded letters too). */
const POST = /^\/blogdetail\/[A-Za-z0-9._~%-]{1,200}$/;
const NEWSLETTER = /^\/newsletter\/(confirm|unsubscribe)$/;

/**
 * The path as the site's route table spells it, or null when it is no page of the site:
 * the fixed pages (any letter case, a trailing slash), a post, the newsletter's two links.
 */
export function sitePath(path: string): string | null {
  const bare = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const known = fixed.get(bare.toLowerCase());
  if (known) return known;
  if (POST.test(bare) || NEWSLETTER.test(bare)) return bare;
  return null;
}

/** An e-mail address anywhere in the value, as typed or URL-encoded. */
const EMAIL = /[^\s@/]+(@|%40)[^\s@/]+\.[a-z]{2,}/i;
/** A run of digits as a telephone number is written: a leading +, spaces, dots, dashes, brackets. */
const DIGIT_RUN = /\+?\(?\d[\d\s().-]*\d/g;
const DATE = /^(19|20)\d\d[-./]?\d\d[-./]?\d\d$/;

/**
 * Whether a campaign, source, medium or referrer value looks like an e-mail address or a
 * telephone number: such a value names a person (mail tools put the reader's address in
 * links), so it is dropped before anything is stored. A phone number is a run of 10 to 15
 * digits, or a whole value of 7 to 9 digits that is not a date.
 */
export function looksPersonal(value: string): boolean {
  if (EMAIL.test(value)) return true;
  for (const run of value.match(DIGIT_RUN) ?? []) {
    const digits = run.replace(/\D/g, "").length;
    if (digits >= 10 && digits <= 15) return true;
    if (digits >= 7 && run.trim() === value.trim() && !DATE.test(run.trim())) return true;
  }
  return false;
}

/** The largest value a browser can measure of each vital (CLS unitless, the rest ms); a beacon with more is refused. */
export const VITAL_MAX: Record<Vital, number> = { LCP: 60_000, INP: 60_000, CLS: 10, FCP: 60_000, TTFB: 60_000 };

/** Whether a vital's value is one a browser can measure: CLS 0 to 10, the times 0 to 60,000 ms. */
export const vitalInRange = (metric: Vital, value: number) => value >= 0 && value <= VITAL_MAX[metric];
