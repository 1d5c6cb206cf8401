import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../../tests/helpers/test-db";
import { storeLead } from "../store.server";
import { firstResponses, responseTimes } from "./response-stats.server";
import { logCall } from "./work.server";

/** The first response the overview charts: an e-mail from the desk or a logged call, never a status change or a note alone. */

let db: Db;
let staffId: number;

beforeAll(async () => {
  db = await openTestDb();
  const row = await db.kysely
    .insertInto("staff")
    .values({
      email: `resp-${randomUUID().slice(0, 6)}@fillway.example`,
      name: "Rae Response",
      role: "sales",
      password_hash: null,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  staffId = Number(row.id);
});
afterAll(async () => db.close());

const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

async function lead(createdAt: string): Promise<number> {
  const { id } = await storeLead(db, {
    kind: "lead-personal",
    type: 1,
    email: `resp-${randomUUID().slice(0, 8)}@example.com`,
    payload: { firstName: "Ray", lastName: "Ponse", phone: "2145550177" },
  });
  await db.kysely.updateTable("leads").set({ created_at: createdAt, assignee_id: staffId }).where("id", "=", id).execute();
  return id;
}

/** An e-mail written to the lead from the desk (or, "in", received from the visitor), as the conversations feature stores it. */
async function mailed(leadId: number, createdAt: string, direction: "out" | "in" = "out") {
  await db.kysely
    .insertInto("lead_messages")
    .values({
      lead_id: leadId,
      direction,
      message_id: `<lead-${leadId}.${randomUUID().replace(/-/g, "").slice(0, 16)}@fillway.example>`,
      in_reply_to: null,
      refs: null,
      from_address: "rae@fillway.example",
      from_name: "Rae Response",
      to_address: "x@example.com",
      subject: "Hello",
      body_text: "Hello",
      body_html: "<p>Hello</p>",
      staff_id: direction === "out" ? staffId : null,
      outbox_id: null,
      attachments: null,
      created_at: createdAt,
    })
    .execute();
  if (direction === "out")
    await db.kysely.updateTable("leads").set({ first_touch_at: createdAt }).where("id", "=", leadId).where("first_touch_at", "is", null).execute();
}

describe("first response", () => {
  it("is the first e-mail from the desk or the first logged call, whichever came first; a status change or an answer received is none", async () => {
    const since = at(4 * 3_600_000);
    const byMail = await lead(at(3 * 3_600_000));
    const byCall = await lead(at(2 * 3_600_000));
    const both = await lead(at(3 * 3_600_000));
    const statusOnly = await lead(at(3 * 3_600_000));

    await mailed(byMail, at(2 * 3_600_000)); // an hour after it came
    await logCall(db, byCall, staffId, { outcome: "reached", note: null }); // two hours after
    await mailed(both, at(1 * 3_600_000));
    await db.kysely
      .insertInto("lead_events")
      .values({
        lead_id: both,
        staff_id: staffId,
        action: "call",
        value: JSON.stringify({ outcome: "voicemail", note: null }),
        created_at: at(2.5 * 3_600_000),
      })
      .execute();
    await db.kysely
      .insertInto("lead_events")
      .values({ lead_id: statusOnly, staff_id: staffId, action: "status", value: "contacted", created_at: at(2.9 * 3_600_000) })
      .execute();
    await db.kysely
      .updateTable("leads")
      .set({ status: "contacted", first_touch_at: at(2.9 * 3_600_000) })
      .where("id", "=", statusOnly)
      .execute();
    await mailed(statusOnly, at(2.8 * 3_600_000), "in");

    const first = await firstResponses(db, since);
    const minutes = (id: number, created: number) => Math.round((Date.parse(first.get(id) ?? "") - (Date.now() - created)) / 60_000);
    expect(minutes(byMail, 3 * 3_600_000)).toBe(60);
    expect(minutes(byCall, 2 * 3_600_000)).toBe(120);
    // The call half an hour after it came, before the e-mail.
    expect(minutes(both, 3 * 3_600_000)).toBe(30);
    expect(first.has(statusOnly)).toBe(false);

    const stats = await responseTimes(db, 2);
    const rae = stats.people.find((p) => p.label.startsWith("Rae Response"));
    // The median of 60, 120 and 30 minutes; the lead only moved to Contacted is not counted.
    expect(rae?.medians.filter((m) => m !== null)).toEqual([60]);
  });
});
