import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { moderationActions } from "~/features/content/comment-moderation";
import { auditKinds, sentence } from "~/features/staff/audit-words.server";

// Every action written to the audit log reads as a sentence on the audit screen: this
// fails when code writes an action that audit-words.server.ts has no sentence for.
const root = resolve(import.meta.dirname, "../..");

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** Actions written with a computed part, and the values that part takes. */
const computed: Record<string, readonly string[]> = {
  "comment.": moderationActions,
  "account.": ["disable", "enable"],
  "follow-up.": ["done", "snooze"],
};

function actionsWritten(): Set<string> {
  const found = new Set<string>();
  for (const file of [...files(join(root, "app")), ...files(join(root, "scripts"))]) {
    const text = readFileSync(file, "utf8");
    if (!text.includes("audit(") && !file.endsWith("sign-in.server.ts")) continue;
    for (const m of text.matchAll(/\baction: ([^,}\n]*)/g)) {
      const value = m[1] ?? "";
      if (value.startsWith("form.get") || value.startsWith("z.") || value.startsWith("(")) continue;
      // Each quoted name written (not one compared: `id === "new" ? …`).
      for (const q of value.matchAll(/(?<![=!]== )"([a-z0-9-]+(?:\.[a-z0-9-]+)?)"/g)) found.add(q[1] ?? "");
      const t = /^`([a-z-]+\.)\$\{/.exec(value);
      if (t?.[1]) {
        const values = computed[t[1]];
        expect(values, `a computed action ${t[1]}… in ${file}: list its values in this test`).toBeDefined();
        for (const v of values ?? []) found.add(`${t[1]}${v}`);
      }
    }
  }
  return found;
}

describe("the audit log in words", () => {
  it("has a sentence and filter words for every action the code writes", () => {
    const written = actionsWritten();
    expect(written.size).toBeGreaterThan(30);
    const missing = [...written].filter((a) => !Object.hasOwn(auditKinds, a));
    expect(missing, "actions without a sentence in app/features/staff/audit-words.server.ts").toEqual([]);
  });

  it.each([
    ["account.2fa-on", { who: "Ana Ruiz", what: "Ana Ruiz", detail: {} }, "Ana Ruiz turned on two-factor sign-in"],
    ["leads.bulk-change", { who: "Sam Lee", what: "3 leads", detail: { status: "won", changed: 3 } }, "Sam Lee moved 3 leads to Won"],
    [
      "account.role",
      { who: "Sam Lee", what: "Ana Ruiz", detail: { from: "sales", to: "editor" } },
      "Sam Lee changed the role of Ana Ruiz from sales to editor",
    ],
    [
      "comments.bulk",
      { who: "Ana Ruiz", what: "12 ticked comments", detail: { intent: "spam", count: 12 } },
      "Ana Ruiz marked 12 comments as spam (12 ticked comments)",
    ],
    [
      "account.add",
      { who: "Someone", what: "ana@fillway.test", detail: { role: "admin", via: "command line" } },
      "Someone added ana@fillway.test as admin from the command line",
    ],
    ["post.save", { who: "Ana Ruiz", what: "“Diesel prices”", detail: { status: "published" } }, "Ana Ruiz saved the post “Diesel prices” (published)"],
  ] as const)("%s reads as a sentence", (action, said, words) => {
    expect(sentence(action, { ...said, detail: { ...said.detail } })).toBe(words);
  });

  it("an action it does not know is still shown, plainly", () => {
    expect(sentence("something.new", { who: "Ana Ruiz", what: "x", detail: {} })).toBe("Ana Ruiz: something.new (x)");
  });
});
