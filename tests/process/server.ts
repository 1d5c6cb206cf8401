import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The server process (server.js on the build) as the process tests start it. */
export const dbUrl = () => `file:${join(mkdtempSync(join(tmpdir(), "fillway-proc-")), "t.db")}`;

export interface Started {
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr. */
  out: () => string;
  err: () => string;
  /** Resolves with its base URL once it logged the "listening" line. */
  listening: (timeoutMs?: number) => Promise<string>;
}

export function start(env: Record<string, string>, args: string[] = []): Started {
  let out = "";
  let err = "";
  const child = spawn(process.execPath, ["server.js", ...args], {
    // No scheduled backups into the repository's data/backups unless a test asks for them.
    env: {
      ...process.env,
      LOG_REQUESTS: "false",
      DATABASE_URL: dbUrl(),
      MAIL_DIR: mkdtempSync(join(tmpdir(), "fillway-mail-")),
      BACKUP_EVERY_HOURS: "0",
      ...env,
    },
  });
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
    err += d;
  });
  const listening = (timeoutMs = 40_000) =>
    new Promise<string>((resolve, reject) => {
      const found = () => /"url":"(http:[^"]+)"/.exec(out)?.[1];
      const t = setTimeout(() => reject(new Error(`no listen line: ${out}`)), timeoutMs);
      const check = () => {
        const url = found();
        if (!url) return;
        clearTimeout(t);
        child.stdout?.off("data", check);
        resolve(url);
      };
      child.stdout?.on("data", check);
      check();
    });
  return { child, out: () => out, err: () => err, listening };
}

export async function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, "exit")) as [number | null];
  return code;
}

/** A valid type-1 lead (POST /web/form) for `email`, with its own submission id unless given one. */
export const typeOneLead = (email: string, submissionId: string = crypto.randomUUID()) => ({
  submissionId,
  type: 1,
  email,
  firstName: "Dana",
  lastName: "Reyes",
  phone: "2145550123",
  zipCode: "75201",
  city: "Dallas",
  message: "Two vans parked overnight need diesel twice a week.",
});
