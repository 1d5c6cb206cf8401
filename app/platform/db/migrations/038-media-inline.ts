import { type Kysely, type Migration, sql } from "kysely";

/**
 * Migration 038: an uploaded image's third size, the picture in a post's body: its own
 * shape, at most 1200 px wide and never enlarged (the banner and the card stay cropped to
 * 16:9 for the post's head and the lists). Images uploaded before have none; the editor
 * inserts their banner, as it did.
 */
export const mediaInlineMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE media ADD COLUMN inline_path TEXT`.execute(db);
    await sql`ALTER TABLE media ADD COLUMN inline_width INTEGER`.execute(db);
    await sql`ALTER TABLE media ADD COLUMN inline_height INTEGER`.execute(db);
  },
};
