import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import type { InsightEventsTable } from "~/platform/db/schema";
import type { Insertable } from "kysely";
import { openTestDb } from "../../../tests/helpers/test-db";
import { conversion } from "./conversion";
import { loadInsight } from "./queries.server";
import { rollUp } from "./rollup.server";

/**
 * The insight screen's top lists against the leads' own first touch, on a real database:
 * ranked by leads, leads without a counted visit kept, conversion never over 100 %, and
 * where visitors gave up on a form. A past week of its own, so no other row counts.
 */
let db: Db;
const NOW = new Date("2024-03-10T12:00:00Z");
const DAY = "2024-03-08";
let seq = 0;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

type Event = Partial<Insertable<InsightEventsTable>>;

async function events(list: Event[]) {
  const rows = list.map((e) => {
    seq++;
    return {
      at: `${DAY}T10:00:00.000Z`,
      day: DAY,
      kind: "view" as const,
      visitor: `v${seq}`,
      view_id: `view${seq}`,
      path: "/",
      device: "desktop",
      browser: "Chrome",
      os: "Windows",
      ...e,
    };
  });
  for (let i = 0; i < rows.length; i += 200)
    await db.kysely
      .insertInto("insight_events")
      .values(rows.slice(i, i + 200))
      .execute();
}

const visits = (n: number, e: Event) => events(Array.from({ length: n }, () => e));

async function leads(n: number, touch: { landing_page?: string; utm_source?: string; referrer_host?: string; utm_campaign?: string }) {
  const rows = Array.from({ length: n }, () => {
    seq++;
    return {
      kind: "quote-short",
      type: 30,
      email: `lead${seq}@fleet.example`,
      payload: "{}",
      page_path: "/getafleet",
      user_agent: "Test agent",
      created_at: `${DAY}T11:00:00.000Z`,
      landing_page: null,
      utm_source: null,
      referrer_host: null,
      utm_campaign: null,
      ...touch,
    };
  });
  await db.kysely.insertInto("leads").values(rows).execute();
}

describe("the insight screen's top lists", () => {
  beforeAll(async () => {
    // Ten visits from a search engine to /faq, three from the newsletter's spring campaign to /getafleet.
    await visits(10, { path: "/faq", referrer_host: "www.google.com" });
    await visits(3, { path: "/getafleet", utm_source: "newsletter", utm_campaign: "spring" });
    // Fifty campaigns with two visits each rank above "late", with one visit and one lead.
    for (let i = 0; i < 50; i++) await visits(2, { path: "/", utm_source: "ads", utm_campaign: `c-${i}` });
    await visits(1, { path: "/", utm_source: "mail", utm_campaign: "late" });
    await rollUp(db);
    // Facebook's six leads came with no counted visit; the newsletter brought more leads than counted visits.
    await leads(6, { landing_page: "/gasoline", utm_source: "facebook", utm_campaign: "fb-spring" });
    await leads(5, { landing_page: "/getafleet", utm_source: "newsletter", utm_campaign: "spring" });
    await leads(1, { landing_page: "/faq", referrer_host: "www.google.com" });
    await leads(1, { landing_page: "/", utm_source: "mail", utm_campaign: "late" });
    await leads(1, {});
  });

  it("ranks pages by leads, with their views beside, and keeps the pages no counted visit landed on", async () => {
    const { pages } = await loadInsight(db, 7, NOW);
    expect(pages.map((p) => [p.key, p.leads, p.views, p.visitors])).toEqual([
      ["/gasoline", 6, null, null],
      ["/getafleet", 5, 3, 3],
      ["/", 1, 101, 101],
      ["/faq", 1, 10, 10],
      ["", 1, null, null],
    ]);
  });

  it("keeps the sources and campaigns whose leads had no counted visit, ranked by leads", async () => {
    const insight = await loadInsight(db, 7, NOW);
    const top = (rows: typeof insight.sources) => rows.filter((r) => r.leads > 0).map((r) => [r.key, r.leads, r.visitors]);
    expect(top(insight.sources)).toEqual([
      ["facebook", 6, null],
      ["newsletter", 5, 3],
      ["www.google.com", 1, 10],
      ["mail", 1, 1],
      ["(direct)", 1, null],
    ]);
    // "late" ranks outside the fifty campaigns with most visits, and keeps its visit beside its lead.
    expect(top(insight.campaigns)).toEqual([
      ["fb-spring", 6, null],
      ["spring", 5, 3],
      ["late", 1, 1],
      ["", 2, null],
    ]);
    expect(insight.campaigns.find((c) => c.key === "c-0")).toMatchObject({ leads: 0, visitors: 2 });
    expect(insight.current).toMatchObject({ leads: 14, visitors: 114 });
  });

  it("gives conversion as leads per visit, never over 100 %", async () => {
    const { sources, pages } = await loadInsight(db, 7, NOW);
    const rate = (key: string) => sources.find((s) => s.key === key)?.rate;
    expect(rate("www.google.com")).toEqual({ rate: 0.1 });
    expect(rate("mail")).toEqual({ rate: 1 });
    expect(rate("newsletter")).toEqual({ none: "more-leads" });
    expect(rate("facebook")).toEqual({ none: "no-visit" });
    for (const r of [...sources, ...pages]) if ("rate" in r.rate) expect(r.rate.rate).toBeLessThanOrEqual(1);
    expect(conversion(30, 1)).toEqual({ none: "more-leads" });
    expect(conversion(0, 0)).toEqual({ none: "no-visit" });
  });
});

describe("where visitors give up on a form", () => {
  const today = new Date().toISOString().slice(0, 10);
  const form = (visitor: string, step: string, field?: string): Event => ({
    kind: "form",
    day: today,
    at: `${today}T00:00:01.000Z`,
    visitor,
    path: "/getafleet",
    form: "quote-short",
    step,
    fields: field ?? null,
  });

  it("counts each visitor who focused a field and did not send the form by the last field focused, today and once the day is over", async () => {
    await events([
      form("a", "seen"),
      form("a", "focus", "firstName"),
      form("a", "focus", "email"),
      form("b", "focus", "firstName"),
      form("b", "focus", "email"),
      form("b", "focus", "phoneNumber"),
      form("b", "submitted"),
      form("b", "stored"),
      form("c", "focus", "firstName"),
      form("d", "focus", "email"),
    ]);
    await rollUp(db);
    // The visitor's later field arrives in another batch.
    await events([form("d", "focus", "phoneNumber")]);
    await rollUp(db);
    const quote = async () => (await loadInsight(db, 7)).forms.find((f) => f.form === "quote-short");
    const expected = {
      label: "Quote",
      gaveUp: 3,
      left: [
        { field: "email", label: "E-mail", n: 1 },
        { field: "firstName", label: "First name", n: 1 },
        { field: "phoneNumber", label: "Phone (quote)", n: 1 },
      ],
    };
    expect(await quote()).toMatchObject({ ...expected, seen: 1, submitted: 1, stored: 1 });
    // The focus steps are no failing fields.
    expect((await quote())?.failing).toEqual([]);
    expect(await db.kysely.selectFrom("insight_form_exits").selectAll().execute()).toHaveLength(4);
    // The day over, its visitors are forgotten and the counts stay.
    await rollUp(db, new Date(Date.now() + 86_400_000));
    expect(await db.kysely.selectFrom("insight_form_exits").selectAll().execute()).toEqual([]);
    expect(await quote()).toMatchObject(expected);
  });
});
