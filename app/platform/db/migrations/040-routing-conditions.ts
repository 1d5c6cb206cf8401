import { type Kysely, type Migration, sql } from "kysely";

/**
 * Migration 040: routing rules by what sales means (features/leads/routing/rules.server.ts).
 * A rule may also ask for the US state of the lead's ZIP code (`state`, "TX") and for ZIP
 * codes or their starts (`zips`, "780,78040,733"), besides the market and the form; every
 * condition a rule gives must match. `name` is what the desk and a lead's timeline call
 * the rule ("Texas"); without one the rule is named by its conditions. The columns only
 * add: the rules saved before keep their market and form, and an older build reads on.
 */
export const routingConditionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE routing_rules ADD COLUMN name TEXT`.execute(db);
    await sql`ALTER TABLE routing_rules ADD COLUMN state TEXT`.execute(db);
    await sql`ALTER TABLE routing_rules ADD COLUMN zips TEXT`.execute(db);
  },
};
