import type { Db } from "~/platform/db/db.server";
import type { Env } from "~/platform/env.server";

/**
 * Whether a new public comment shows at once or waits for review in the desk
 * (COMMENT_MODERATION), and the senders whose comments are always held.
 */

export type CommentModeration = Env["COMMENT_MODERATION"];

/** A web address with a scheme, or starting www. */
const URL_LIKE = /\b(?:[a-z][a-z\d+.-]*:\/\/|www\d?\.)[^\s.]/iu;
const TLDS =
  "com net org info biz io co us uk ca de ru cn in xyz top site online shop store app dev me ly gl to cc tk ml ga cf gq pw link click live club vip win bid icu su ws".split(
    " ",
  );
/**
 * A bare host under a common top-level domain ("fuel-deals.com/offer", "FUEL-DEALS.COM"). The
 * domain in one case only, so a missing space after a full stop ("It works.In fact") is not
 * taken for one.
 */
const HOST_LIKE = new RegExp(
  `(?<![\\p{L}\\p{N}@.-])[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.(?:${[...TLDS, ...TLDS.map((t) => t.toUpperCase())].join("|")})(?![\\p{L}\\p{N}-])`,
  "u",
);
/** An e-mail address, also written with " at " / " dot " or [at] to slip past a filter. */
const EMAIL_LIKE = /[\p{L}\p{N}._%+-]+(?:@|\s*[[(]\s*at\s*[\])]\s*)[\p{L}\p{N}-]+(?:\.|\s*[[(]\s*dot\s*[\])]\s*)[\p{L}\p{N}.-]+/iu;

/** True when the text carries a link or an e-mail address (what `links` moderation holds). */
export function containsLink(text: string): boolean {
  return URL_LIKE.test(text) || HOST_LIKE.test(text) || EMAIL_LIKE.test(text);
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** True when a comment of this sender (by e-mail address or address hash) was marked as spam. */
export async function isBlockedSender(db: Db, email: string, ipHash: string | null): Promise<boolean> {
  const row = await db.kysely
    .selectFrom("comment_blocks")
    .select("kind")
    .where((eb) =>
      eb.or([
        eb.and([eb("kind", "=", "email"), eb("value", "=", normaliseEmail(email))]),
        ...(ipHash ? [eb.and([eb("kind", "=", "ip"), eb("value", "=", ipHash)])] : []),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** The state a new visitor comment starts in. */
export async function initialState(db: Db, mode: CommentModeration, c: { text: string; email: string; ipHash: string | null }): Promise<"visible" | "held"> {
  if (mode === "all") return "held";
  if (await isBlockedSender(db, c.email, c.ipHash)) return "held";
  return mode === "links" && containsLink(c.text) ? "held" : "visible";
}
