/**
 * The desk's account tool, for the first account and for when nobody can sign in:
 *
 *   npm run desk -- user add EMAIL --role admin|sales|editor [--name "Full Name"]
 *   npm run desk -- user list
 *   npm run desk -- user disable EMAIL
 *   npm run desk -- user enable EMAIL
 *   npm run desk -- user reset EMAIL [--2fa]
 *
 * It uses the server's settings (DATABASE_URL, SITE_URL…), so run it where the server
 * runs. `add` and `reset` print a one-time link, valid for 24 hours, where the person
 * chooses a password; `reset` also ends every session and, with --2fa, removes two-factor
 * sign-in (a lost phone). Every change is written to the audit log.
 */
import { parseArgs } from "node:util";
import { openDb } from "../app/platform/db/db.server";
import { EnvError, loadEnv } from "../app/platform/env.server";
import { toolFiles } from "../app/platform/files.server";
import { dataDirOf } from "../app/platform/ops/backup.server";
import { withIpHashSalt } from "../app/platform/settings.server";
import { sealTotpSecrets } from "../app/features/staff/totp-secrets.server";
import { AccountError, createAccount, findAccount, listAccounts, resetAccount, setDisabled } from "../app/features/staff/accounts.server";
import { isRole, ROLES } from "../app/features/staff/auth.server";
import { audit } from "../app/features/staff/audit.server";

const USAGE = `Usage:
  npm run desk -- user add EMAIL --role ${ROLES.join("|")} [--name "Full Name"]
  npm run desk -- user list
  npm run desk -- user disable EMAIL
  npm run desk -- user enable EMAIL
  npm run desk -- user reset EMAIL [--2fa]`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: "string" }, name: { type: "string" }, "2fa": { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [group, command, email] = positionals;
  if (group !== "user" || !command) throw new UsageError("Say what to do.");
  const settings = loadEnv();
  // Run as root: the files it writes stay the service user's, and private.
  toolFiles(dataDirOf(settings));
  const db = await openDb(settings.DATABASE_URL);
  const env = await withIpHashSalt(settings, db);
  // As the server does at start: plain two-factor secrets sealed, another key refused.
  await sealTotpSecrets(env, db);
  try {
    const via = { via: "command line" };
    switch (command) {
      case "add": {
        if (!email) throw new UsageError("Give the e-mail address of the new account.");
        if (!isRole(values.role)) throw new UsageError(`Give a role: --role ${ROLES.join("|")}.`);
        const { account, link } = await createAccount(db, env, { email, role: values.role, name: values.name });
        await audit(db, { staffId: null, action: "account.add", subject: account.email, detail: { role: account.role, ...via } });
        console.log(`Added ${account.email} (${account.role}).`);
        console.log(`Send this link to them; it sets the password, works once and expires in 24 hours:\n\n  ${link}\n`);
        return 0;
      }
      case "list": {
        const accounts = await listAccounts(db);
        if (!accounts.length) {
          console.log("No accounts yet. Add one with: npm run desk -- user add EMAIL --role admin");
          return 0;
        }
        const rows = accounts.map((a) => [
          a.email,
          a.role,
          a.disabled ? "disabled" : a.hasPassword ? "active" : "no password yet",
          a.twoFactor ? "2FA on" : "2FA off",
          a.lastSignInAt ? `last sign-in ${a.lastSignInAt.slice(0, 16).replace("T", " ")} UTC` : "never signed in",
        ]);
        const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
        for (const r of rows)
          console.log(
            r
              .map((c, i) => c.padEnd(widths[i]!))
              .join("  ")
              .trimEnd(),
          );
        return 0;
      }
      case "disable":
      case "enable":
      case "reset": {
        if (!email) throw new UsageError("Give the e-mail address of the account.");
        const account = await findAccount(db, { email });
        if (!account) throw new AccountError(`There is no account for ${email.trim().toLowerCase()}.`);
        if (command === "reset") {
          const link = await resetAccount(db, env, account.id, { twoFactor: values["2fa"] });
          await audit(db, { staffId: null, action: "account.reset", subject: account.email, detail: { twoFactor: Boolean(values["2fa"]), ...via } });
          console.log(
            `Reset ${account.email}: the old password no longer works and every session has ended${values["2fa"] ? "; two-factor sign-in is off" : ""}.`,
          );
          console.log(`Send this link to them; it sets a new password, works once and expires in 24 hours:\n\n  ${link}\n`);
          return 0;
        }
        await setDisabled(db, account.id, command === "disable");
        await audit(db, { staffId: null, action: `account.${command}`, subject: account.email, detail: via });
        console.log(command === "disable" ? `Disabled ${account.email}; their sessions have ended.` : `Enabled ${account.email}.`);
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof AccountError || error instanceof EnvError) console.error(error.message);
    else if (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) console.error(`${error.message}\n\n${USAGE}`);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof UsageError || (error instanceof Error && "code" in error) ? 2 : 1);
  },
);
