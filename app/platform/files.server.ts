import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * What the server and the tools write (the database and its journals, backups, the copies
 * kept before a restore, .eml files, media, the key file) is private whatever umask they
 * were started with: the umask is narrowed to at least 027, so files are 0640 or tighter
 * and folders 0750 or tighter. A tighter umask is kept.
 */
export function privateFiles(): void {
  process.umask(process.umask() | 0o027);
}

/** The owner of a folder, or of its nearest existing parent when it does not exist yet. */
function ownerOf(dir: string): { uid: number; gid: number } {
  let at = resolve(dir);
  for (;;) {
    try {
      const st = statSync(at);
      return { uid: st.uid, gid: st.gid };
    } catch (error) {
      const parent = dirname(at);
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || parent === at) throw error;
      at = parent;
    }
  }
}

/**
 * A tool started as root (the settings file is root's, so an operator runs the tools with
 * `sudo` or as root) works as the owner of the data folder, the service's user: what it
 * writes stays readable by the server, which would otherwise stop on "attempt to write a
 * readonly database". Nothing changes when the tool is not root or the data is root's.
 * Returns the user id it switched to.
 */
export function actAsDataOwner(dataDir: string): number | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  const { uid, gid } = ownerOf(dataDir);
  if (uid === 0) return undefined;
  process.setgroups?.([gid]);
  process.setgid?.(gid);
  process.setuid?.(uid);
  return uid;
}

/** Both, for a tool: first the data's owner, then the umask. */
export function toolFiles(dataDir: string): void {
  actAsDataOwner(dataDir);
  privateFiles();
}
