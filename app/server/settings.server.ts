import { randomBytes } from "node:crypto";
import type { Db } from "./db/db.server";
import type { Env, EnvSettings } from "./env.server";

const IP_HASH_SALT_KEY = "ip_hash_salt";

/**
 * The value stored under `key`, made by `make` and stored first if there is none.
 * Insert-if-absent, then read: instances starting at once on one database all end up
 * with the value of whichever insert came first.
 */
export async function storedSetting(db: Db, key: string, make: () => string): Promise<string> {
  await db.kysely
    .insertInto("settings")
    .values({ key, value: make(), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db.kysely.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirstOrThrow();
  return row.value;
}

/**
 * The settings with the IP hash salt filled in: IP_HASH_SALT when set, otherwise the
 * installation's own random salt, made on first start and kept in the database, so that
 * every installation hashes differently and the hashes survive a restart.
 */
export async function withIpHashSalt(settings: EnvSettings, db: Db): Promise<Env> {
  const salt = settings.IP_HASH_SALT ?? (await storedSetting(db, IP_HASH_SALT_KEY, () => randomBytes(32).toString("base64url")));
  return { ...settings, IP_HASH_SALT: salt };
}
