import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { leadFilters as filters } from "../../../../tests/helpers/leads";
import { openTestDb } from "../../../../tests/helpers/test-db";
import { changeMatching, countMatching } from "./query.server";
import { searchColumns } from "./search-columns.server";

/** The inbox's total and "Select all N matching": counted through the filter, changed in batches. */

let db: Db;
let seq = 0;
async function insert(email: string, lastName: string, status = "new") {
  seq++;
  const payload = { firstName: "Bulk", lastName, zipCode: "10001", message: "Hello there" };
  await db.kysely
    .insertInto("leads")
    .values({
      kind: "lead-personal",
      type: 1,
      email,
      payload: JSON.stringify({ ...payload, email, type: 1 }),
      page_path: "/gasoline",
      user_agent: "Test agent",
      created_at: new Date(Date.UTC(2026, 0, 1) + seq * 60_000).toISOString(),
      status,
      ...searchColumns(email, payload),
    })
    .execute();
}

describe("totals and changes to every matching lead", () => {
  beforeAll(async () => {
    db = await openTestDb();
    for (let i = 0; i < 23; i++) await insert(`m${i}@matching.test`, "Matchley");
    for (let i = 0; i < 4; i++) await insert(`o${i}@matching.test`, "Otherly");
    await insert("spam@matching.test", "Matchley", "spam");
  });
  afterAll(async () => {
    await db?.close();
  });

  it("counts a filter exactly up to the cap, then says it is capped", async () => {
    expect(await countMatching(db, { leads: filters("q=matchley") })).toEqual({ n: 23, capped: false });
    expect(await countMatching(db, { leads: filters("status=new") })).toEqual({ n: 27, capped: false });
    expect(await countMatching(db, { leads: filters("status=new") }, 10)).toEqual({ n: 10, capped: true });
    expect(await countMatching(db, { leads: filters("status=spam") })).toEqual({ n: 1, capped: false });
  });

  it("changes every matching lead in batches, and none that arrived after the confirmation", async () => {
    const upTo = new Date(Date.UTC(2026, 0, 1) + 20 * 60_000 + 1).toISOString();
    const r = await changeMatching(db, filters("q=matchley"), { status: "contacted" }, 1, upTo, 5);
    expect(r).toEqual({ matched: 20, changed: 20, reassigned: 0 });
    expect(await countMatching(db, { leads: filters("q=matchley&status=contacted") })).toEqual({ n: 20, capped: false });
    expect(await countMatching(db, { leads: filters("q=matchley&status=new") })).toEqual({ n: 3, capped: false });
    const events = await db.kysely.selectFrom("lead_events").select("lead_id").where("action", "=", "status").where("value", "=", "contacted").execute();
    expect(events).toHaveLength(20);
  });
});
