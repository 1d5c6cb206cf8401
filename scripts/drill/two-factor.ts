/**
 * The deploy drill's staff account with two-factor sign-in, made in the installation's
 * folder with its settings sourced, as `npm run desk` is run:
 *   node --import tsx scripts/drill/two-factor.ts enrol EMAIL PASSWORD   sets the password, turns
 *       two-factor on with a new secret confirmed by a first code (as the desk's enrolment does)
 *       and prints the secret
 *   node --import tsx scripts/drill/two-factor.ts code SECRET [SECONDS]    prints the code of now (or
 *       SECONDS later: the next step's code, for a second sign-in within the same 30 s)
 * The secret is kept sealed under the installation's key file, so after a restore the
 * sign-in works only if the key file came back with the data.
 */
import { Secret, TOTP } from "otpauth";
import { beginTwoFactor, confirmTwoFactor, findAccount, setPassword } from "../../app/features/staff/accounts.server";
import { openDb } from "../../app/platform/db/db.server";
import { loadEnv } from "../../app/platform/env.server";
import { toolFiles } from "../../app/platform/files.server";
import { dataDirOf } from "../../app/platform/ops/backup.server";
import { withIpHashSalt } from "../../app/platform/settings.server";

const codeOf = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at });

const [command, ...args] = process.argv.slice(2);
if (command === "code" && (args.length === 1 || args.length === 2)) {
  console.log(codeOf(args[0] ?? "", Date.now() + Number(args[1] ?? 0) * 1000));
} else if (command === "enrol" && args.length === 2) {
  const [email = "", password = ""] = args;
  const settings = loadEnv();
  toolFiles(dataDirOf(settings));
  const db = await openDb(settings.DATABASE_URL);
  try {
    const env = await withIpHashSalt(settings, db);
    const account = await findAccount(db, { email });
    if (!account) throw new Error(`no account ${email}: add it with npm run desk -- user add`);
    await setPassword(db, account.id, password);
    const { secret } = await beginTwoFactor(db, env, account.id, account.email);
    // The step before the current one: the sign-in that follows takes the current code.
    const codes = await confirmTwoFactor(db, env, account.id, account.email, codeOf(secret, Date.now() - 30_000));
    if (!codes) throw new Error("two-factor enrolment refused its first code");
    console.log(secret);
  } finally {
    await db.close();
  }
} else {
  console.error("usage: two-factor.ts enrol EMAIL PASSWORD | code SECRET [SECONDS]");
  process.exit(2);
}
