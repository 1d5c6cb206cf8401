import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Every .eml file read so far, by name: the folder fills with every test's mail, so each file is read once. */
const seen = new Map<string, string>();

/**
 * The raw messages the test server has written (it has no SMTP: E2E_MAIL_DIR) whose `To` is
 * `email` and whose subject starts with `subject`. Files are renamed into place whole.
 */
export function rawMailsTo(email: string, subject: string): string[] {
  const dir = process.env.E2E_MAIL_DIR ?? "";
  for (const f of existsSync(dir) ? readdirSync(dir) : []) {
    if (f.endsWith(".eml") && !seen.has(f)) seen.set(f, readFileSync(join(dir, f), "utf8"));
  }
  const to = new RegExp(`^To: ${email.replace(/[.+*?^$()[\]{}|\\]/g, "\\$&")}$`, "im");
  return [...seen.values()].filter((raw) => to.test(raw) && raw.includes(`\nSubject: ${subject}`));
}
