import { PREVIEW_CHARS } from "~/copy/news";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** "November 12, 2026", the same on the server and in every visitor's time zone. */
export const formatDate = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : dateFormat.format(d);
};

/**
 * The card preview (spec 9): exactly the first 121 characters of the subtitle (whole
 * code points). `cut` says the subtitle goes on; the card then draws an ellipsis with CSS,
 * so the text itself is never more than those 121 characters.
 */
export function preview(subTitle: string, max = PREVIEW_CHARS): { text: string; cut: boolean } {
  const chars = Array.from(subTitle);
  return { text: chars.slice(0, max).join(""), cut: chars.length > max };
}

/** Initials for a commenter's avatar. */
export const initials = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => Array.from(w)[0]?.toUpperCase() ?? "")
    .join("");
