import { AUTOSAVE_FIELDS, POST_LIMITS } from "~/features/content/post-desk";
import type { Db } from "~/platform/db/db.server";

/**
 * The editor's autosave (migration 025): what one member of staff typed in one post's
 * editor ("new" for a post not yet saved) and has not saved, kept in post_autosaves. It
 * is never read by the site, never published, and is cleared when the post is saved.
 */

export type AutosaveFields = Partial<Record<(typeof AUTOSAVE_FIELDS)[number], string>>;

export interface Autosave {
  fields: AutosaveFields;
  savedAt: string;
}

/** Post ids and "new": anything else is not a post's editor. */
const KEY = /^(new|[A-Za-z0-9][\w-]{0,99})$/;

/** The posted fields, each cut to its limit; anything else is dropped. */
export function autosaveFields(form: FormData): AutosaveFields {
  const out: AutosaveFields = {};
  for (const k of AUTOSAVE_FIELDS) {
    const v = form.get(k);
    if (typeof v === "string") out[k] = v.slice(0, k === "body" ? POST_LIMITS.body : 2000);
  }
  return out;
}

export async function saveAutosave(db: Db, staffId: number, postKey: string, fields: AutosaveFields, now = new Date()): Promise<string | null> {
  if (!KEY.test(postKey)) return null;
  const savedAt = now.toISOString();
  const row = { staff_id: staffId, post_key: postKey, fields: JSON.stringify(fields), saved_at: savedAt };
  await db.kysely
    .insertInto("post_autosaves")
    .values(row)
    .onConflict((oc) => oc.columns(["staff_id", "post_key"]).doUpdateSet({ fields: row.fields, saved_at: savedAt }))
    .execute();
  return savedAt;
}

/**
 * The member of staff's unsaved changes to a post, or null; changes older than the post's
 * last save (someone saved it since) are dropped.
 */
export async function loadAutosave(db: Db, staffId: number, postKey: string, postUpdatedAt: string | null): Promise<Autosave | null> {
  if (!KEY.test(postKey)) return null;
  const row = await db.kysely
    .selectFrom("post_autosaves")
    .select(["fields", "saved_at"])
    .where("staff_id", "=", staffId)
    .where("post_key", "=", postKey)
    .executeTakeFirst();
  if (!row) return null;
  if (postUpdatedAt && row.saved_at <= postUpdatedAt) {
    await clearAutosave(db, staffId, postKey);
    return null;
  }
  try {
    return { fields: JSON.parse(row.fields) as AutosaveFields, savedAt: row.saved_at };
  } catch {
    return null;
  }
}

export async function clearAutosave(db: Db, staffId: number, postKey: string): Promise<void> {
  await db.kysely.deleteFrom("post_autosaves").where("staff_id", "=", staffId).where("post_key", "=", postKey).execute();
}
