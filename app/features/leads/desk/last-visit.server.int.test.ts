import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../../tests/helpers/test-db";
import { markAllSeen, newSinceLastVisit } from "./last-visit.server";

/** "New since your last visit" on At a glance: one person's count, kept across reloads. */

let db: Db;
let seq = 0;
const ME = 7;
const OTHER = 8;

async function lead(at: string, assignee: number | null, status = "new") {
  seq++;
  await db.kysely
    .insertInto("leads")
    .values({
      kind: "lead-personal",
      type: 1,
      email: `visit${seq}@example.com`,
      payload: "{}",
      page_path: "/",
      user_agent: "Test agent",
      created_at: at,
      status,
      assignee_id: assignee,
      email_norm: `visit${seq}@example.com`,
    })
    .execute();
}

describe("new since your last visit", () => {
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => db.close());

  it("counts the person's own and the unassigned new leads, the same on every reload of the day", async () => {
    expect(await newSinceLastVisit(db, ME, null, new Date("2026-03-02T09:00:00.000Z"))).toEqual({ since: null, mine: 0, unassigned: 0 });
    await lead("2026-03-02T09:10:00.000Z", ME);
    await lead("2026-03-02T09:11:00.000Z", OTHER);
    await lead("2026-03-02T09:12:00.000Z", null);
    await lead("2026-03-02T09:13:00.000Z", null);
    await lead("2026-03-02T09:14:00.000Z", null, "spam");
    const first = { since: "2026-03-02T09:00:00.000Z", mine: 1, unassigned: 2 };
    expect(await newSinceLastVisit(db, ME, null, new Date("2026-03-02T10:00:00.000Z"))).toEqual(first);
    // A reload, a second tab, a later look the same day: the mark stays.
    expect(await newSinceLastVisit(db, ME, null, new Date("2026-03-02T10:00:05.000Z"))).toEqual(first);
    await lead("2026-03-02T16:00:00.000Z", ME);
    expect(await newSinceLastVisit(db, ME, null, new Date("2026-03-02T17:30:00.000Z"))).toEqual({ ...first, mine: 2 });
    // Another member of staff has a count and a mark of their own.
    expect(await newSinceLastVisit(db, OTHER, null, new Date("2026-03-02T17:31:00.000Z"))).toEqual({ since: null, mine: 0, unassigned: 0 });
  });

  it("starts the next day from the person's last visit before it", async () => {
    await lead("2026-03-02T20:00:00.000Z", ME);
    await lead("2026-03-03T07:00:00.000Z", null);
    const morning = { since: "2026-03-02T17:30:00.000Z", mine: 1, unassigned: 1 };
    expect(await newSinceLastVisit(db, ME, null, new Date("2026-03-03T08:00:00.000Z"))).toEqual(morning);
    expect(await newSinceLastVisit(db, ME, null, new Date("2026-03-03T12:00:00.000Z"))).toEqual(morning);
  });

  it("keeps the mark by the person's own day: a visit after midnight UTC but the same evening in Chicago", async () => {
    // 12:00 UTC on the 3rd was the last visit; 02:00 UTC on the 4th is 20:00 on the 3rd in Chicago.
    expect((await newSinceLastVisit(db, ME, "America/Chicago", new Date("2026-03-04T02:00:00.000Z"))).since).toBe("2026-03-02T17:30:00.000Z");
  });

  it("starts again from now on Mark all seen", async () => {
    await markAllSeen(db, ME, new Date("2026-03-04T03:00:00.000Z"));
    expect(await newSinceLastVisit(db, ME, null, new Date("2026-03-04T03:00:10.000Z"))).toEqual({ since: "2026-03-04T03:00:00.000Z", mine: 0, unassigned: 0 });
    await lead("2026-03-04T04:00:00.000Z", ME);
    expect(await newSinceLastVisit(db, ME, null, new Date("2026-03-04T05:00:00.000Z"))).toEqual({ since: "2026-03-04T03:00:00.000Z", mine: 1, unassigned: 0 });
  });
});
