/**
 * `npm run restore -- FILE`: replaces the database that DATABASE_URL names with a backup
 * made by `npm run backup` (or the server). Refuses while a server (or anything else) has
 * the database open, checks the backup first, and keeps the current database aside.
 * Start the server afterwards; it runs any newer migrations on the restored data.
 */
import { EnvError, loadEnv } from "../app/platform/env.server";
import { toolFiles } from "../app/platform/files.server";
import { BackupError, backupTarget, dataDirOf, restoreBackup } from "../app/platform/ops/backup.server";

const file = process.argv[2];
if (!file || file === "-h" || file === "--help") {
  console.error("Usage: npm run restore -- FILE   (a backup from BACKUP_DIR)");
  process.exit(file ? 0 : 2);
}
try {
  const env = loadEnv();
  // Run as root: the files it writes stay the service user's, and private.
  toolFiles(dataDirOf(env));
  const { keptAside } = await restoreBackup(backupTarget(env.DATABASE_URL), file, { dir: env.BACKUP_DIR });
  console.log(`Restored ${file}.${keptAside ? ` The database as it was is kept at ${keptAside}.` : ""}`);
} catch (error) {
  if (error instanceof EnvError || error instanceof BackupError) {
    console.error(`Restore failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
