/**
 * `npm run restore -- FILE [--without-seal]`: replaces the database that DATABASE_URL names
 * with a backup made by `npm run backup` (or the server). Refuses while a server (or
 * anything else) has the database open, checks the backup against its seal under this
 * installation's key (IP_HASH_SALT or the key file) and its contents, and keeps the current
 * database aside. Start the server afterwards; it runs any newer migrations on the
 * restored data.
 */
import { EnvError, loadEnv } from "../app/platform/env.server";
import { toolFiles } from "../app/platform/files.server";
import { BackupError, backupTarget, dataDirOf, restoreBackup } from "../app/platform/ops/backup.server";
import { installationSalt } from "../app/platform/settings.server";

const args = process.argv.slice(2);
const withoutSeal = args.includes("--without-seal");
const [file, ...rest] = args.filter((a) => a !== "--without-seal");
if (!file || file === "-h" || file === "--help" || rest.length) {
  console.error("Usage: npm run restore -- FILE [--without-seal]   (a backup from BACKUP_DIR, with its FILE.seal)");
  process.exit(file === "-h" || file === "--help" ? 0 : 2);
}
try {
  const env = loadEnv();
  // Run as root: the files it writes stay the service user's, and private.
  toolFiles(dataDirOf(env));
  const { keptAside } = await restoreBackup(backupTarget(env.DATABASE_URL), file, { dir: env.BACKUP_DIR, salt: installationSalt(env), withoutSeal });
  console.log(`Restored ${file}.${keptAside ? ` The database as it was is kept at ${keptAside}.` : ""}`);
} catch (error) {
  if (error instanceof EnvError || error instanceof BackupError) {
    console.error(`Restore failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
