import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pruneMailFiles } from "./mailer.server";

/** Written mail (no SMTP_URL) holds set-password and newsletter links: it is not kept for ever. */
describe("written mail", () => {
  it("is deleted MAIL_FILE_KEEP_DAYS after it was written, and nothing else in the folder is", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fillway-mail-"));
    const now = Date.UTC(2026, 10, 28, 12);
    const at = (days: number) => new Date(now - days * 86_400_000);
    for (const [name, days] of [
      ["old@fillway.example.eml", 15],
      ["recent@fillway.example.eml", 13],
      ["notes.txt", 400],
    ] as const) {
      writeFileSync(join(dir, name), "x");
      utimesSync(join(dir, name), at(days), at(days));
    }
    expect(await pruneMailFiles(dir, 14, now)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(["notes.txt", "recent@fillway.example.eml"]);
    expect(await pruneMailFiles(join(dir, "missing"), 14, now)).toBe(0);
  });
});
