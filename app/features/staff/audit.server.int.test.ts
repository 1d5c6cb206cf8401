import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { storeLead } from "~/features/leads/store.server";
import { audit, listAudit } from "./audit.server";

/** The audit screen's page: sentences with names looked up, and its filters. */

let db: Db;
let ana: number;
let sam: number;
const none = { person: "", action: "", subject: "", q: "", from: "", to: "", before: "" };

beforeAll(async () => {
  db = await openTestDb();
  const at = new Date().toISOString();
  const add = async (email: string, name: string) =>
    Number(
      (
        await db.kysely
          .insertInto("staff")
          .values({ email, name, role: "admin", password_hash: null, password_changed_at: null, created_at: at })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  ana = await add("ana@fillway.test", "Ana Ruiz");
  sam = await add("sam@fillway.test", "Sam Lee");
  await audit(db, { staffId: ana, action: "account.2fa-on", subject: "ana@fillway.test" });
  await audit(db, { staffId: sam, action: "leads.bulk-change", subject: "1,2,3,4", detail: { status: "won", assigneeId: null, changed: 4 } });
  await audit(db, { staffId: sam, action: "account.role", subject: "ana@fillway.test", detail: { from: "admin", to: "editor" } });
  await audit(db, { staffId: null, action: "sign-in.failed", subject: "who_100%@else.test", detail: { failures: 1 } });
});
afterAll(() => db.close());

describe("the audit log screen", () => {
  it("says each entry in words, newest first, naming people and counting lists", async () => {
    const { rows } = await listAudit(db, none, 10);
    expect(rows.map((r) => r.sentence)).toEqual([
      "A sign-in as who_100%@else.test failed (wrong password)",
      "Sam Lee changed the role of Ana Ruiz from admin to editor",
      "Sam Lee moved 4 leads to Won",
      "Ana Ruiz turned on two-factor sign-in",
    ]);
  });

  it("filters by person, action, subject and words, and pages", async () => {
    const said = async (f: Partial<typeof none>, size = 10) => (await listAudit(db, { ...none, ...f }, size)).rows.map((r) => r.sentence);
    expect(await said({ person: String(sam), action: "account.role" })).toEqual(["Sam Lee changed the role of Ana Ruiz from admin to editor"]);
    expect(await said({ subject: "ANA@" })).toHaveLength(2);
    // The words of an action, and a wildcard typed in the box taken literally.
    expect(await said({ q: "two-factor" })).toEqual(["Ana Ruiz turned on two-factor sign-in"]);
    expect(await said({ q: "100%" })).toHaveLength(1);
    expect(await said({ q: "_" })).toHaveLength(1);
    expect(await said({ person: "system" })).toHaveLength(1);
    const first = await listAudit(db, none, 3);
    expect(first.next).not.toBeNull();
    expect(await said({ before: first.next ?? "" })).toEqual(["Ana Ruiz turned on two-factor sign-in"]);
  });

  it("reads the From and To days in the reader's zone", async () => {
    const dayIn = (zone: string) => new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
    const ahead = "Etc/GMT-14"; // UTC+14: its today is always later than UTC−12's
    const behind = "Etc/GMT+12";
    const count = async (day: string, zone: string) => (await listAudit(db, { ...none, from: day, to: day }, 100, zone)).rows.length;
    expect(await count(dayIn(ahead), ahead)).toBeGreaterThan(0);
    expect(await count(dayIn(behind), behind)).toBeGreaterThan(0);
    // The day that has begun at UTC+14 is still to come at UTC−12: nothing happened on it there yet.
    expect(await count(dayIn(ahead), behind)).toBe(0);
  });

  it("names leads by their reference and people by name, and gives details in words with times as times", async () => {
    const lead = await storeLead(db, {
      kind: "lead-personal",
      type: 1,
      email: "dana@example.com",
      payload: { firstName: "Dana" },
      submissionId: "3f9a2c1b-0000-4000-8000-000000000001",
    });
    const id = String(lead.id);
    await audit(db, { staffId: sam, action: "lead.change", subject: id, detail: { status: "contacted", assigneeId: ana } });
    await audit(db, { staffId: sam, action: "lead.follow-up", subject: id, detail: { due: "2026-12-01T15:30:00.000Z" } });
    await audit(db, { staffId: ana, action: "routing.save", subject: "4", detail: { market: null, kind: null, staffIds: [ana, sam], states: ["TX"] } });
    await audit(db, { staffId: ana, action: "account.add", subject: "sam@fillway.test", detail: { role: "sales", invited: true } });
    const [add, rule, followUp, change] = (await listAudit(db, none, 4, "America/Chicago")).rows;
    expect(followUp?.sentence).toBe("Sam Lee set a follow-up on lead #3F9A2C1B for Dec 1, 2026, 9:30 AM CST");
    expect(change?.sentence).toBe("Sam Lee moved lead #3F9A2C1B to Contacted and assigned it to Ana Ruiz");
    expect(change?.detail).toEqual([
      { label: "Status", text: "contacted" },
      { label: "Assigned to", text: "Ana Ruiz" },
    ]);
    expect(followUp?.detail).toEqual([{ label: "Due", iso: "2026-12-01T15:30:00.000Z" }]);
    // Nothing said of what is empty; people by name, lists joined.
    expect(rule?.detail).toEqual([
      { label: "People", text: "Ana Ruiz, Sam Lee" },
      { label: "States", text: "TX" },
    ]);
    expect(add?.detail).toEqual([
      { label: "Role", text: "sales" },
      { label: "Invitation e-mailed", text: "yes" },
    ]);
    const words = (await listAudit(db, none, 10)).rows.map((r) => [r.sentence, ...r.detail.map((d) => `${d.label}: ${d.text ?? d.iso}`)].join(" "));
    expect(words.join("\n")).not.toMatch(/null|staffIds|lead \d/);
  });
});
