import { createHmac, timingSafeEqual } from "node:crypto";
import { closeSync, createReadStream, existsSync, fsyncSync, openSync, readFileSync, statSync, writeSync } from "node:fs";
import { basename } from "node:path";

/**
 * A backup's seal: `FILE.seal` beside it, an HMAC-SHA256 of the whole file under a key
 * derived from the installation's address-hash salt (IP_HASH_SALT or the key file), with
 * its length. `npm run backup` and the server's own backups write it; `npm run restore`
 * refuses a backup whose bytes do not match it (changed, cut short, or made by another
 * installation), so a copy whose rows were edited is never put in place. The seal proves
 * which installation made the file and that it is whole; it does not hide what is in it.
 */

export const SEAL_EXT = ".seal";
const HEAD = "fillway-backup-seal v1 hmac-sha256";

export class SealError extends Error {}

const keyOf = (salt: string) => createHmac("sha256", salt).update("fillway backup seal v1").digest();

async function macOf(file: string, salt: string): Promise<Buffer> {
  const mac = createHmac("sha256", keyOf(salt));
  for await (const chunk of createReadStream(file)) mac.update(chunk as Buffer);
  return mac.digest();
}

/** Writes `file.seal` (0600) and syncs it. */
export async function writeSeal(file: string, salt: string): Promise<void> {
  const line = `${HEAD} ${(await macOf(file, salt)).toString("hex")} ${statSync(file).size}\n`;
  const fd = openSync(`${file}${SEAL_EXT}`, "w", 0o600);
  try {
    writeSync(fd, line);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks `file` against its seal under this installation's salt. Throws SealError, one
 * line saying what is wrong and what to do, when the seal is missing (unless
 * `withoutSeal`), unreadable, or does not match.
 */
export async function checkSeal(file: string, salt: string | null, { withoutSeal = false }: { withoutSeal?: boolean } = {}): Promise<void> {
  const name = basename(file);
  const sealPath = `${file}${SEAL_EXT}`;
  if (!existsSync(sealPath)) {
    if (withoutSeal) return;
    throw new SealError(
      `${name} has no seal (${name}${SEAL_EXT}): it was not made by this installation's backups, or its seal was not copied with it; copy the seal too, or, if you trust the file, add --without-seal; nothing was changed`,
    );
  }
  if (!salt) {
    throw new SealError(
      "this installation's key is missing (IP_HASH_SALT, or the key file: KEY_FILE, else the database's path with .key): put the key file back from its own copy first, so the backup can be checked; nothing was changed",
    );
  }
  const m = new RegExp(`^${HEAD} ([0-9a-f]{64}) (\\d+)\\n?$`).exec(readFileSync(sealPath, "utf8"));
  if (!m) throw new SealError(`${name}${SEAL_EXT} is not a backup seal; nothing was changed`);
  const size = statSync(file).size;
  if (size !== Number(m[2])) {
    throw new SealError(`${name} is ${size} bytes where its seal says ${m[2]}: it was cut short or changed after it was made; nothing was changed`);
  }
  const expected = Buffer.from(m[1] ?? "", "hex");
  if (!timingSafeEqual(expected, await macOf(file, salt))) {
    throw new SealError(
      `${name} does not match its seal under this installation's key: it was changed after it was made, or it comes from another installation (another key file or IP_HASH_SALT); nothing was changed`,
    );
  }
}
