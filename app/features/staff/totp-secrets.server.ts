import type { Db } from "~/platform/db/db.server";
import type { Env } from "~/platform/env.server";
import { isSealed, openTotpSecret, sealTotpSecret, TotpKeyError } from "~/platform/totp-key.server";

/**
 * Encrypts the two-factor secrets still stored in plain text, and checks that the key
 * opens those already encrypted: a changed TOTP_KEY stops the start with a message,
 * rather than refusing every code later.
 */
export async function sealTotpSecrets(env: Env, db: Db): Promise<void> {
  const rows = await db.kysely.selectFrom("staff").select(["id", "totp_secret"]).where("totp_secret", "is not", null).execute();
  for (const row of rows) {
    const stored = row.totp_secret ?? "";
    const staffId = Number(row.id);
    if (isSealed(stored)) {
      try {
        openTotpSecret(env, staffId, stored);
      } catch (error) {
        if (error instanceof TotpKeyError) {
          throw new Error("TOTP_KEY (or the key file) is not the key the two-factor secrets were encrypted with; give the server the key it had before.");
        }
        throw error;
      }
      continue;
    }
    await db.kysely
      .updateTable("staff")
      .set({ totp_secret: sealTotpSecret(env, staffId, stored) })
      .where("id", "=", staffId)
      .where("totp_secret", "=", stored)
      .execute();
  }
}
