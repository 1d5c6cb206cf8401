import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { loadInsight, periodOf } from "./queries.server";
import { rollUp } from "./rollup.server";

/**
 * The insight screen's days are the member's own, on a real database: a view or a lead
 * late in the evening in Chicago is that Chicago day's, not the next UTC day's; the
 * lists kept per UTC day say which UTC days they cover. Past weeks of their own.
 */
let db: Db;
let seq = 0;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

async function views(list: { at: string; path?: string }[]) {
  const rows = list.map(({ at, path }) => {
    seq++;
    return {
      at,
      day: at.slice(0, 10),
      kind: "view" as const,
      visitor: `zone-v${seq}`,
      view_id: `zoneview${seq}`,
      path: path ?? "/zone",
      device: "desktop",
      browser: "Chrome",
      os: "Windows",
    };
  });
  await db.kysely.insertInto("insight_events").values(rows).execute();
  await rollUp(db);
}

async function leads(times: string[]) {
  const rows = times.map((at) => {
    seq++;
    return {
      kind: "quote-short",
      type: 30,
      email: `zone${seq}@fleet.example`,
      payload: "{}",
      page_path: "/getafleet",
      user_agent: "Test agent",
      created_at: at,
      landing_page: "/zone",
    };
  });
  await db.kysely.insertInto("leads").values(rows).execute();
}

const day = (i: Awaited<ReturnType<typeof loadInsight>>, d: string) => i.perDay.find((x) => x.day === d);

describe("the insight screen's days", () => {
  // 22:00 on 4 July in Chicago (CDT, UTC-5), already 5 July in UTC.
  const NOW = new Date("2023-07-05T03:00:00Z");

  beforeAll(async () => {
    await views([
      { at: "2023-06-28T12:00:00.000Z" }, // Chicago's 28 June (the period's first day); UTC's previous period
      { at: "2023-07-04T04:00:00.000Z" }, // 23:00 on 3 July in Chicago
      { at: "2023-07-04T06:00:00.000Z" }, // 01:00 on 4 July in Chicago
      { at: "2023-07-05T02:00:00.000Z" }, // 21:00 on 4 July in Chicago
    ]);
    await leads(["2023-07-04T03:00:00.000Z", "2023-07-05T01:30:00.000Z"]);
  });

  it("are the member's days in their zone, named, today included", async () => {
    const chicago = await loadInsight(db, 7, NOW, "America/Chicago");
    expect(chicago.zone).toBe("America/Chicago");
    expect([chicago.from, chicago.to]).toEqual(["2023-06-28", "2023-07-04"]);
    expect(chicago.perDay.map((d) => d.day)).toEqual(["2023-06-28", "2023-06-29", "2023-06-30", "2023-07-01", "2023-07-02", "2023-07-03", "2023-07-04"]);
    expect(day(chicago, "2023-07-04")).toMatchObject({ views: 2, visitors: 2, leads: 1 });
    expect(day(chicago, "2023-07-03")).toMatchObject({ views: 1, visitors: 1, leads: 1 });
    expect(day(chicago, "2023-06-28")).toMatchObject({ views: 1, leads: 0 });
    expect(chicago.current).toEqual({ views: 4, visitors: 4, leads: 2 });
    expect(chicago.previous).toEqual({ views: 0, visitors: 0, leads: 0 });
    // The lists are kept per UTC day: the UTC days that hold Chicago's week.
    expect(chicago.utcDays).toEqual({ from: "2023-06-28", to: "2023-07-05" });
    expect(chicago.pages.find((p) => p.key === "/zone")).toMatchObject({ views: 4, leads: 2 });
  });

  it("are UTC days for a member whose zone is UTC (or not known)", async () => {
    const utc = await loadInsight(db, 7, NOW, "UTC");
    expect([utc.from, utc.to]).toEqual(["2023-06-29", "2023-07-05"]);
    expect(day(utc, "2023-07-05")).toMatchObject({ views: 1, leads: 1 });
    expect(day(utc, "2023-07-04")).toMatchObject({ views: 2, leads: 1 });
    expect(utc.current).toEqual({ views: 3, visitors: 3, leads: 2 });
    expect(utc.previous).toMatchObject({ views: 1, visitors: 1 });
    expect(utc.utcDays).toEqual({ from: "2023-06-29", to: "2023-07-05" });
  });

  it("have 23 hours on the day the clocks go forward, and start at the zone's midnight after it", async () => {
    // Chicago went from CST (UTC-6) to CDT (UTC-5) on 12 March 2023.
    await views([
      { at: "2023-03-12T06:30:00.000Z" }, // 00:30 CST on 12 March
      { at: "2023-03-13T04:30:00.000Z" }, // 23:30 CDT on 12 March
      { at: "2023-03-13T05:30:00.000Z" }, // 00:30 CDT on 13 March
    ]);
    const p = periodOf(2, new Date("2023-03-13T12:00:00Z"), "America/Chicago");
    expect(p.days).toEqual(["2023-03-12", "2023-03-13"]);
    expect(p.starts.map((t) => new Date(t).toISOString())).toEqual(["2023-03-12T06:00:00.000Z", "2023-03-13T05:00:00.000Z", "2023-03-14T05:00:00.000Z"]);
    const i = await loadInsight(db, 2, new Date("2023-03-13T12:00:00Z"), "America/Chicago");
    expect(day(i, "2023-03-12")?.views).toBe(2);
    expect(day(i, "2023-03-13")?.views).toBe(1);
  });

  it("start on the whole hour before midnight in a zone half an hour off UTC", () => {
    const p = periodOf(1, new Date("2023-07-05T03:00:00Z"), "Asia/Kolkata");
    expect(p.days).toEqual(["2023-07-05"]);
    // Midnight in India is 18:30 UTC: the hour rollup's day starts at 18:00.
    expect(p.at).toMatchObject({ from: "2023-07-04T18:00:00.000Z", to: "2023-07-05T18:00:00.000Z" });
  });
});
