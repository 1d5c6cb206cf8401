import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../../tests/helpers/test-db";
import { leadEvents } from "../desk/query.server";
import { storeLead } from "../store.server";
import { logCallAction, readLoggedCall } from "./lead-work.server";
import { myTasks, workEventText } from "./work.server";

/** The lead page's "Log the call": the call, a note and a follow-up in one save. */

let db: Db;
let staffId: number;

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  f.set("intent", "call");
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
type Answer = { data: { errors: string[] | null; done: string | null; call: Record<string, string> | null }; init: { status?: number } | null };
const post = async (leadId: number, fields: Record<string, string>) => (await logCallAction({ db }, staffId, leadId, form(fields))) as unknown as Answer;
const newLead = async () =>
  (
    await storeLead(db, {
      kind: "lead-personal",
      type: 1,
      email: `call-${Math.random().toString(36).slice(2)}@calls.test`,
      payload: { firstName: "Cal", lastName: "Ling", phone: "2145550100" },
    })
  ).id;

describe("Log the call", () => {
  beforeAll(async () => {
    db = await openTestDb();
    const row = await db.kysely
      .insertInto("staff")
      .values({ email: "caller@fillway.example", name: null, role: "sales", password_hash: null, created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    staffId = Number(row.id);
  });
  afterAll(async () => db.close());

  it("saves the call, the note and the follow-up in one save: three timeline entries, one audit entry, a touch", async () => {
    const id = await newLead();
    const answer = await post(id, {
      outcome: "no-answer",
      callNote: "Rang twice, left word with the yard",
      due: "2026-01-05T09:30",
      followNote: "Send the price list",
    });
    expect(answer.data).toMatchObject({ errors: null, done: "Call logged, follow-up set and note added." });
    const events = await leadEvents(db, id);
    expect(events.map((e) => e.action)).toEqual(["call", "note", "followup"]);
    expect(new Set(events.map((e) => e.createdAt)).size).toBe(1);
    expect(workEventText("call", events[0]?.value ?? null)).toBe("Call logged, no answer");
    expect(events[1]?.value).toBe("Rang twice, left word with the yard");
    expect(workEventText("followup", events[2]?.value ?? null)).toBe("Follow-up set for Jan 5, 2026, 9:30 AM UTC: Send the price list");
    const followUps = await db.kysely.selectFrom("lead_followups").select(["due_at", "note", "staff_id"]).where("lead_id", "=", id).execute();
    expect(followUps).toEqual([{ due_at: "2026-01-05T09:30:00.000Z", note: "Send the price list", staff_id: staffId }]);
    const audited = await db.kysely.selectFrom("audit_log").select(["action", "subject", "detail"]).where("subject", "=", String(id)).execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]?.action).toBe("lead.call");
    expect(JSON.parse(String(audited[0]?.detail))).toEqual({ outcome: "no-answer", due: "2026-01-05T09:30:00.000Z", note: true });
    const lead = await db.kysely.selectFrom("leads").select("first_touch_at").where("id", "=", id).executeTakeFirstOrThrow();
    expect(lead.first_touch_at).toBe(events[0]?.createdAt);
  });

  it("saves a call alone when the note and the follow-up are left empty", async () => {
    const id = await newLead();
    const answer = await post(id, { outcome: "reached", callNote: "  ", due: "", followNote: "" });
    expect(answer.data.done).toBe("Call logged.");
    expect((await leadEvents(db, id)).map((e) => e.action)).toEqual(["call"]);
    expect(await db.kysely.selectFrom("lead_followups").select("id").where("lead_id", "=", id).execute()).toEqual([]);
  });

  it("refuses a bad outcome or follow-up with a 422 and the fields as typed, and saves nothing", async () => {
    const id = await newLead();
    const typed = { outcome: "shouted", callNote: "Said hello", due: "next tuesday", followNote: "Ring back" };
    const answer = await post(id, typed);
    expect(answer.init?.status).toBe(422);
    expect(answer.data.errors).toEqual(["Choose how the call went", "Give the follow-up's date and time"]);
    expect(answer.data.call).toEqual(typed);
    expect(await leadEvents(db, id)).toEqual([]);
    expect(readLoggedCall({ outcome: "reached", callNote: "", due: "", followNote: "Ring back" })).toEqual({
      ok: false,
      errors: ["Give the follow-up's date and time, or leave what to do then empty"],
    });
    expect(readLoggedCall({ outcome: "reached", callNote: "x".repeat(2001), due: "", followNote: "" })).toEqual({
      ok: false,
      errors: ["A note is at most 2,000 characters"],
    });
  });

  describe("follow-ups in the member's zone", () => {
    it("reads a follow-up's time in the zone the form names, and says it in the zone", async () => {
      const leadId = await newLead();
      const answer = await post(leadId, { outcome: "reached", due: "2026-03-10T09:00", zone: "America/Chicago" });
      expect(answer.data.errors).toBeNull();
      const row = await db.kysely.selectFrom("lead_followups").select("due_at").where("lead_id", "=", leadId).executeTakeFirstOrThrow();
      expect(row.due_at).toBe("2026-03-10T14:00:00.000Z");
      const events = await leadEvents(db, leadId);
      const followUp = events.find((e) => e.action === "followup");
      expect(workEventText("followup", followUp?.value ?? null, "America/Chicago")).toBe("Follow-up set for Mar 10, 2026, 9:00 AM CDT");
    });

    it("files My tasks by the member's today, not UTC's", async () => {
      const leadId = await newLead();
      // 22:00 on March 9 in Chicago, 03:00 on March 10 in UTC.
      const now = new Date("2026-03-10T03:00:00.000Z");
      await post(leadId, { outcome: "reached", due: "2026-03-10T07:00", zone: "America/Chicago" }); // tomorrow morning in Chicago
      const chicago = await myTasks(db, staffId, now, "America/Chicago");
      const utc = await myTasks(db, staffId, now, "UTC");
      const mine = (list: { leadId: number }[]) => list.some((t) => t.leadId === leadId);
      expect(mine(chicago.upcoming)).toBe(true);
      expect(mine(chicago.today)).toBe(false);
      expect(mine(utc.today)).toBe(true);
    });
  });
});
