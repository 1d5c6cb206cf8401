/**
 * `npm run backup`: one backup of the database that DATABASE_URL names, into BACKUP_DIR,
 * keeping the newest BACKUP_KEEP. Safe while the server runs (SQLite's online backup API,
 * or pg_dump). Prints the new file's path; exit code 1 and a message when it failed,
 * leaving every earlier backup as it was.
 */
import { EnvError, loadEnv } from "../app/platform/env.server";
import { toolFiles } from "../app/platform/files.server";
import { BackupError, backupTarget, dataDirOf, takeBackup } from "../app/platform/ops/backup.server";
import { installationSalt } from "../app/platform/settings.server";

try {
  const env = loadEnv();
  // Run as root: the files it writes stay the service user's, and private.
  toolFiles(dataDirOf(env));
  const salt = installationSalt(env);
  const file = await takeBackup(backupTarget(env.DATABASE_URL), { dir: env.BACKUP_DIR, keep: env.BACKUP_KEEP, salt });
  console.log(`${file.path} (${file.bytes} bytes, checked${salt ? ", sealed" : "; not sealed: no key file yet, start the server once"})`);
} catch (error) {
  if (error instanceof EnvError || error instanceof BackupError) {
    console.error(`Backup failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
