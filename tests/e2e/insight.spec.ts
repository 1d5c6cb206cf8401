import { randomBytes } from "node:crypto";
import { devices, type Page } from "@playwright/test";
import { createStaff, expectAxeClean, signIn, testDb } from "./desk-fixtures";
import { expect, hydrated, scrollToReady, test } from "./fixtures";

/**
 * Honest numbers: a visitor (a browser of its own, so a visitor of its own) comes from a
 * campaign, sees two pages, fails the quick quote's check once and sends it; the desk's
 * insight screen then shows exactly that visitor, that lead and those form steps, and the
 * lead's page shows the visit. Other tests share the server, so the form's steps are
 * compared with what the screen said before.
 */
type FormCounts = { seen: number; started: number; failed: number; submitted: number; stored: number };

async function quickQuoteSteps(staff: Page): Promise<FormCounts> {
  const res = await staff.request.get("/desk/insights/export.csv?days=7&view=forms");
  expect(res.status()).toBe(200);
  const line = (await res.text()).split("\r\n").find((l) => l.startsWith("quote-short,"));
  const [, seen, started, failed, submitted, , stored] = (line ?? "quote-short,0,0,0,0,0,0").split(",").map(Number);
  return { seen: seen ?? 0, started: started ?? 0, failed: failed ?? 0, submitted: submitted ?? 0, stored: stored ?? 0 };
}

const beacon = (page: Page, text: string) =>
  page.waitForRequest((r) => r.url().endsWith("/api/events") && r.method() === "POST" && (r.postData() ?? "").includes(text), { timeout: 20_000 });

// The first test counts the quick quote's form steps exactly, and the last seeds some: they take turns.
test.describe.configure({ mode: "default" });

test("the insight screen counts a visit, its lead and its form steps exactly, and the lead shows its visit", async ({ browser }) => {
  test.setTimeout(90_000);
  const tag = randomBytes(4).toString("hex");
  const admin = await createStaff("admin");
  const staffContext = await browser.newContext();
  await signIn(staffContext, admin);
  const staff = await staffContext.newPage();
  const before = await quickQuoteSteps(staff);

  const visitorContext = await browser.newContext({ userAgent: `${devices["Desktop Chrome"].userAgent} Fw/${tag}`, viewport: { width: 1280, height: 800 } });
  const page = await visitorContext.newPage();
  const firstView = beacon(page, '["view"]');
  await page.goto(`/faq?utm_source=fw-${tag}&utm_medium=email&utm_campaign=c-${tag}`);
  expect((await firstView).postData()).toContain(`c-${tag}`);
  const secondView = beacon(page, '["view"]');
  await page.goto("/getafleet");
  await secondView;
  const form = page.locator("#quick-quote-form");
  await scrollToReady(form);
  const address = `insight-${tag}@example.com`;
  await form.getByLabel("First name").fill("Ana");
  await form.getByLabel("Last name").fill("Lopez");
  await form.getByLabel("Email").fill("not-an-address");
  await form.getByLabel("Phone").fill("2145550147");
  await form.getByLabel("Business address").fill("400 Elm Street");
  await form.getByRole("combobox", { name: "ZIP code" }).fill("75202");
  await form.getByLabel("What do you need fueled?").fill("Six pickups, gasoline, twice a week.");
  const city = form.getByRole("combobox", { name: "City" });
  await city.pressSequentially("Dall", { delay: 30 });
  await page
    .getByRole("option", { name: /^Dallas, TX/ })
    .first()
    .click();
  const failed = beacon(page, '"failed"');
  await form.getByRole("button", { name: "Request a call back" }).click();
  expect((await failed).postData()).toContain('["email"]');
  await form.getByLabel("Email").fill(address);
  const stored = beacon(page, '"stored"');
  await form.getByRole("button", { name: "Request a call back" }).click();
  await stored;
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await visitorContext.cookies()).toEqual([]);
  await visitorContext.close();

  await staff.goto("/desk/insights?days=7");
  await expect(staff.getByRole("heading", { name: "Insight", level: 1 })).toBeVisible();
  for (const [caption, key] of [
    ["Top campaigns", `c-${tag}`],
    ["Top sources", `fw-${tag}`],
  ]) {
    const row = staff.getByRole("table", { name: caption }).getByRole("row", { name: new RegExp(`^${key} `) });
    await expect(row.getByRole("cell")).toHaveText(["1", "1", "100.0 %"]);
  }
  const after = await quickQuoteSteps(staff);
  expect({
    seen: after.seen - before.seen,
    started: after.started - before.started,
    failed: after.failed - before.failed,
    submitted: after.submitted - before.submitted,
    stored: after.stored - before.stored,
  }).toEqual({ seen: 1, started: 1, failed: 1, submitted: 1, stored: 1 });

  const db = await testDb();
  const lead = await db.kysely.selectFrom("leads").select("id").where("email", "=", address).executeTakeFirstOrThrow();
  await staff.goto(`/desk/leads/${lead.id}`);
  const visit = staff.getByRole("region", { name: "The visit" });
  await expect(visit.getByRole("definition").first()).toHaveText("/faq");
  await expect(visit).toContainText(`fw-${tag} / email, campaign c-${tag}`);
  await expect(visit.getByRole("listitem")).toHaveText([/^\/faq /, /^\/getafleet /]);
  await staffContext.close();
});

/** The "Not counted as traffic" table's count of one row, by the start of its label. */
async function notCounted(staff: Page, label: string): Promise<number> {
  const table = staff.getByRole("table", { name: "Not counted as traffic" });
  const cells = table.getByRole("row", { name: new RegExp(`^${label}`) }).getByRole("cell");
  await expect(cells).toHaveCount(2);
  return Number((await cells.nth(1).textContent())?.replace(/,/g, ""));
}

test("an inflated burst shows on the insight screen as discarded, not as traffic", async ({ browser, playwright }) => {
  test.setTimeout(60_000);
  const tag = randomBytes(4).toString("hex");
  const admin = await createStaff("admin");
  const staffContext = await browser.newContext();
  await signIn(staffContext, admin);
  const staff = await staffContext.newPage();
  await staff.goto("/desk/insights?days=7");
  const repeatsBefore = await notCounted(staff, "Views sent again");
  const refusedBefore = await notCounted(staff, "Beacons refused");

  // A program, not a browser: one beacon claiming twenty views of a campaign's page, one with a CLS no page can have.
  const prober = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const headers = { "content-type": "text/plain;charset=UTF-8", "user-agent": `${devices["Desktop Chrome"].userAgent} Burst/${tag}` };
  const views = { v: `burst${tag}`, p: "/faq", w: 1280, c: `burst-${tag}`, e: Array.from({ length: 20 }, () => ["view"]) };
  expect((await prober.post("/api/events", { headers, data: JSON.stringify(views) })).status()).toBe(204);
  const cls = await prober.post("/api/events", { headers, data: JSON.stringify({ v: `cls${tag}`, p: "/faq", w: 1280, e: [["vital", "CLS", 11]] }) });
  expect(cls.status()).toBe(422);
  expect((await cls.json()).message).toBe("A CLS value is 0 to 10");
  await prober.dispose();

  // The campaign brought one visit (the column after its leads); the nineteen repeats and the refused beacon are listed as what they were.
  await expect
    .poll(
      async () => {
        await staff.goto("/desk/insights?days=7");
        return staff
          .getByRole("table", { name: "Top campaigns" })
          .getByRole("row", { name: new RegExp(`^burst-${tag} `) })
          .count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await expect(
    staff
      .getByRole("table", { name: "Top campaigns" })
      .getByRole("row", { name: new RegExp(`^burst-${tag} `) })
      .getByRole("cell")
      .nth(1),
  ).toHaveText("1");
  expect((await notCounted(staff, "Views sent again")) - repeatsBefore).toBeGreaterThanOrEqual(19);
  expect((await notCounted(staff, "Beacons refused")) - refusedBefore).toBeGreaterThanOrEqual(1);
  await expect(
    staff
      .getByRole("row", { name: /^Beacons over the limit/ })
      .getByRole("cell")
      .first(),
  ).toHaveText("Suspected automated");
  await staffContext.close();
});

/**
 * What a marketer reads on a phone: leads seeded with their own first touch beside raw
 * events the screen rolls up. Sources rank by leads; the source whose leads came with no
 * counted visit keeps its row; no conversion is over 100 %; forms go by their names, with
 * the field visitors gave up after; nothing scrolls sideways; axe finds nothing.
 */
test("at 390 px the insight screen ranks by leads, keeps leads without a visit, caps conversion and names forms, without scrolling sideways", async ({
  browser,
}) => {
  const tag = randomBytes(4).toString("hex");
  const db = await testDb();
  const at = new Date().toISOString();
  const day = at.slice(0, 10);
  const lead = (n: number, touch: { utm_source: string; utm_campaign: string; landing_page: string }) =>
    Array.from({ length: n }, (_, i) => ({
      kind: "quote-short",
      type: 30,
      email: `seed-${touch.utm_source}-${i}@insight.test`,
      payload: "{}",
      created_at: at,
      status: "new",
      ...touch,
    }));
  await db.kysely
    .insertInto("leads")
    .values([
      ...lead(6, { utm_source: `facebook-${tag}`, utm_campaign: `fb-${tag}`, landing_page: "/gasoline" }),
      ...lead(3, { utm_source: `over-${tag}`, utm_campaign: `over-${tag}`, landing_page: "/faq" }),
      ...lead(2, { utm_source: `nl-${tag}`, utm_campaign: `spring-${tag}`, landing_page: "/getafleet" }),
    ])
    .execute();
  const event = (visitor: string, e: Record<string, string>) => ({
    at,
    day,
    kind: "view" as const,
    visitor: `${visitor}-${tag}`,
    view_id: `${visitor}-${tag}-${randomBytes(3).toString("hex")}`,
    path: "/getafleet",
    device: "mobile",
    browser: "Chrome",
    os: "Android",
    ...e,
  });
  await db.kysely
    .insertInto("insight_events")
    .values([
      ...["a", "b", "c", "d"].map((v) => event(v, { utm_source: `nl-${tag}`, utm_campaign: `spring-${tag}` })),
      event("e", { path: "/faq", utm_source: `over-${tag}`, utm_campaign: `over-${tag}` }),
      // A visitor moves into the quote form's e-mail field and leaves.
      event("a", { kind: "form", form: "quote-short", step: "seen" }),
      event("a", { kind: "form", form: "quote-short", step: "focus", fields: "email" }),
    ])
    .execute();

  const admin = await createStaff("admin");
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signIn(context, admin);
  const page = await context.newPage();
  await page.goto("/desk/insights?days=7");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Insight", level: 1 })).toBeVisible();

  // Ranked by leads: facebook's six with no counted visit first, then three leads on one visit, then two on four.
  const sources = page.getByRole("table", { name: "Top sources" });
  const ours = sources.getByRole("row").filter({ hasText: tag });
  await expect(ours.getByRole("rowheader")).toHaveText([`facebook-${tag}No recorded visit`, `over-${tag}`, `nl-${tag}`]);
  await expect(ours.nth(0).getByRole("cell")).toHaveText(["6", "—", "—"]);
  await expect(ours.nth(1).getByRole("cell")).toHaveText(["3", "1", "n/a"]);
  await expect(ours.nth(2).getByRole("cell")).toHaveText(["2", "4", "50.0 %"]);
  const campaigns = page.getByRole("table", { name: "Top campaigns" }).getByRole("row").filter({ hasText: tag });
  await expect(campaigns.getByRole("rowheader")).toHaveText([`fb-${tag}No recorded visit`, `over-${tag}`, `spring-${tag}`]);
  await expect(page.getByText("Conversion is leads ÷ visits of the same page or source")).toBeVisible();

  // No conversion over 100 %, in the tables or the totals.
  const percentages = await page
    .locator("td, [data-total]")
    .evaluateAll((els) => els.map((e) => e.textContent ?? "").flatMap((t) => [...t.matchAll(/(\d+(?:\.\d+)?) %/g)].map((m) => Number(m[1]))));
  expect(percentages.length).toBeGreaterThan(0);
  expect(percentages.filter((n) => n > 100)).toEqual([]);

  // Forms by their names, with the field visitors gave up after.
  const quote = page.getByRole("table", { name: /^Form funnels/ }).locator('tr[data-form="quote-short"]');
  await expect(quote.getByRole("rowheader")).toHaveText("Quote");
  await expect(quote.getByRole("cell").last()).toContainText("E-mail (");
  await expect(page.getByRole("table", { name: /^Form funnels/ }).getByRole("rowheader", { name: "quote-short" })).toHaveCount(0);

  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await expectAxeClean(page);
  await context.close();
});
