import { type Kysely, type Migration, sql } from "kysely";

/**
 * A build beside a newer database (decision record 041). Migrations expand, then contract a
 * release later: a migration adds tables, columns with defaults or nullable, and indexes,
 * which a build that does not know it can run beside; one that removes or changes what an
 * older build reads is a contract migration, named in `CONTRACT_MIGRATIONS`
 * (migrations/index.ts), and ships a release after the build that stopped reading it.
 *
 * Every build records, in `schema_migration_kinds`, whether each migration it knows
 * contracts, so an older build can tell, from the database alone, whether it can run on it:
 * during a rolling upgrade an old instance that restarts, and after an upgrade a rollback.
 */

export class NewerDatabase extends Error {}

const KINDS = "schema_migration_kinds";

async function appliedNames(db: Kysely<unknown>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    return rows.map((r) => r.name);
  } catch {
    return []; // a new database: no migration table yet
  }
}

/**
 * The migrations to give the migrator: this build's, and a no-op for each one the database
 * has that this build does not know, when every such one is expand-only. Throws
 * NewerDatabase, naming them and what to do, when one is not (or is not recorded).
 */
export async function migrationsBeside(db: Kysely<unknown>, known: Record<string, Migration>): Promise<Record<string, Migration>> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(KINDS)} (name VARCHAR(255) PRIMARY KEY, contract INTEGER NOT NULL)`.execute(db);
  const unknown = (await appliedNames(db)).filter((name) => !(name in known));
  if (!unknown.length) return known;
  const { rows } = await sql<{ name: string; contract: number | string }>`SELECT name, contract FROM ${sql.table(KINDS)}`.execute(db);
  const contract = new Map(rows.map((r) => [r.name, Number(r.contract)]));
  const blocking = unknown.filter((name) => contract.get(name) !== 0);
  if (blocking.length) {
    throw new NewerDatabase(
      `This database was migrated by a newer build (${blocking.join(", ")}), which this build cannot run beside: start the newer build again, or restore the backup taken before the upgrade ("Upgrading" in docs/operations.md).`,
    );
  }
  const beside: Record<string, Migration> = { ...known };
  // Applied already by the newer build; named here so the migrator finds its history whole.
  for (const name of unknown) beside[name] = { up: async () => {} };
  return beside;
}

/** Records, for the builds before this one, which of this build's migrations contract. */
export async function recordMigrationKinds(db: Kysely<unknown>, known: Record<string, Migration>, contracts: ReadonlySet<string>): Promise<void> {
  const names = Object.keys(known);
  for (let i = 0; i < names.length; i += 100) {
    const values = names.slice(i, i + 100).map((name) => sql`(${name}, ${contracts.has(name) ? 1 : 0})`);
    await sql`INSERT INTO ${sql.table(KINDS)} (name, contract) VALUES ${sql.join(values)} ON CONFLICT (name) DO NOTHING`.execute(db);
  }
}
