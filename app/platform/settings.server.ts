import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Db } from "./db/db.server";
import { newTotpKey, parseTotpKey } from "./totp-key.server";
import type { Env, EnvSettings } from "./env.server";

/** Where an installation from before the key file kept its IP hash salt. */
const LEGACY_IP_HASH_SALT_KEY = "ip_hash_salt";
/** A value made from the salt that shows whether an instance's salt is the database's. */
const SALT_CHECK_KEY = "ip_hash_salt_check";
const saltCheck = (salt: string) => createHmac("sha256", salt).update("fillway-ip-hash-salt-check").digest("base64url");

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

const installationSecrets = new WeakMap<object, Map<string, Promise<string>>>();

/**
 * A random secret of this installation that signs links (newsletter links, post previews):
 * made once, kept in the settings table under `key` so every instance on one database signs
 * alike and a link outlives a restart, and read from the database once per process.
 */
export function installationSecret(db: Db, key: string): Promise<string> {
  const byKey = installationSecrets.get(db.kysely) ?? new Map<string, Promise<string>>();
  installationSecrets.set(db.kysely, byKey);
  let secret = byKey.get(key);
  if (!secret) {
    secret = storedSetting(db, key, () => randomBytes(32).toString("base64url"));
    secret.catch(() => byKey.delete(key));
    byKey.set(key, secret);
  }
  return secret;
}

/** What the key file holds: the installation's secrets, none of them in the database. */
interface KeyFile {
  ipHashSalt: string;
  totpKey: string;
}

/**
 * The key file of an installation: KEY_FILE, else beside the SQLite file
 * (`data/fillway.db` → `data/fillway.db.key`), else (PostgreSQL) `data/fillway.key`.
 */
export function keyFilePath(settings: Pick<EnvSettings, "KEY_FILE">, db: Db): string | null {
  if (settings.KEY_FILE) return resolve(settings.KEY_FILE);
  if (db.dialect === "sqlite") {
    const file = db.describe.slice("sqlite:".length);
    return file === ":memory:" ? null : `${file}.key`;
  }
  return resolve("data/fillway.key");
}

/**
 * The key file an installation's settings name, without opening its database: what the
 * backup and restore tools read to seal and check backups (ops/backup-seal.server.ts).
 */
export function keyFileOf(settings: Pick<EnvSettings, "KEY_FILE" | "DATABASE_URL">): string {
  if (settings.KEY_FILE) return resolve(settings.KEY_FILE);
  if (settings.DATABASE_URL?.startsWith("postgres")) return resolve("data/fillway.key");
  return `${settings.DATABASE_URL ? settings.DATABASE_URL.slice("file:".length) : "data/fillway.db"}.key`;
}

/** The installation's address-hash salt: IP_HASH_SALT, else its key file's; null when neither is there. */
export function installationSalt(settings: Pick<EnvSettings, "KEY_FILE" | "DATABASE_URL" | "IP_HASH_SALT">): string | null {
  if (settings.IP_HASH_SALT) return settings.IP_HASH_SALT;
  const path = keyFileOf(settings);
  try {
    return parseKeyFile(path, readFileSync(path, "utf8")).ipHashSalt;
  } catch {
    return null;
  }
}

function parseKeyFile(path: string, text: string): KeyFile {
  try {
    const parsed = JSON.parse(text) as Partial<KeyFile>;
    if (typeof parsed.ipHashSalt === "string" && parsed.ipHashSalt.length >= 16 && typeof parsed.totpKey === "string" && parseTotpKey(parsed.totpKey)) {
      return { ipHashSalt: parsed.ipHashSalt, totpKey: parsed.totpKey };
    }
  } catch {}
  throw new Error(`The key file ${path} is not one this server wrote; restore it from a backup, or remove it only if nothing was stored yet.`);
}

/**
 * Reads the key file, or creates it with `initial` (mode 0600). The file is written under
 * another name and linked into place, which fails if it exists: instances starting at
 * once all read whichever was linked first, never half a file.
 */
function readOrCreateKeyFile(path: string, initial: () => KeyFile): KeyFile {
  try {
    return parseKeyFile(path, readFileSync(path, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(temp, `${JSON.stringify(initial())}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  try {
    linkSync(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temp);
  }
  return parseKeyFile(path, readFileSync(path, "utf8"));
}

/**
 * The settings with the installation's secrets filled in, none of them kept in the
 * database: the IP hash salt (IP_HASH_SALT, else the key file's) and the key of the
 * two-factor secrets (TOTP_KEY, else the key file's). The key file is made on first start
 * with random secrets; an installation from before it moves its salt from the `settings`
 * table into the new file (so its stored hashes still match) and deletes it from the
 * table. The staff feature then seals the two-factor secrets with the key (`sealTotpSecrets`).
 */
export async function withIpHashSalt(settings: EnvSettings, db: Db): Promise<Env> {
  const legacy = await db.kysely.selectFrom("settings").select("value").where("key", "=", LEGACY_IP_HASH_SALT_KEY).executeTakeFirst();
  let ipHashSalt = settings.IP_HASH_SALT;
  let totpKey = settings.TOTP_KEY;
  if (!ipHashSalt || !totpKey) {
    const path = keyFilePath(settings, db);
    const made = () => ({ ipHashSalt: legacy?.value ?? randomBytes(32).toString("base64url"), totpKey: newTotpKey() });
    const file = path ? readOrCreateKeyFile(path, made) : made();
    if (path && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    ipHashSalt ??= file.ipHashSalt;
    totpKey ??= file.totpKey;
  }
  if (legacy) await db.kysely.deleteFrom("settings").where("key", "=", LEGACY_IP_HASH_SALT_KEY).execute();
  // Instances sharing a database must hash alike: the first to start leaves a check value
  // of its salt (an HMAC under the salt, not the salt), and another salt stops the start.
  const check = saltCheck(ipHashSalt);
  if ((await storedSetting(db, SALT_CHECK_KEY, () => check)) !== check) {
    throw new Error(
      "IP_HASH_SALT (or the key file's salt) is not the one this database's address hashes were made with; give every instance the same IP_HASH_SALT and TOTP_KEY, or the same key file.",
    );
  }
  return { ...settings, IP_HASH_SALT: ipHashSalt, TOTP_KEY: totpKey };
}
