import { expect, test } from "@playwright/test";
import { testDb } from "./desk-fixtures";

/**
 * First touch: the landing page, the referrer's host and the utm_* of the first page of
 * the visit travel with a form sent later in the same tab (sessionStorage, no cookie).
 */
test("a sign-up carries where the visit began, kept in session storage without a cookie", async ({ page, context }) => {
  await page.goto("/careers?utm_source=news&utm_medium=email&utm_campaign=spring", { referer: "https://News.Example.com/issue/4" });
  const form = page.locator("#newsletter-3");
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
  const address = `touch-${Date.now()}@example.com`;
  await form.getByLabel("Email").fill(address);
  await form.getByRole("button", { name: "Subscribe" }).click();
  const db = await testDb();
  await expect.poll(async () => (await db.kysely.selectFrom("leads").select("id").where("email", "=", address).execute()).length).toBe(1);
  const row = await db.kysely.selectFrom("leads").selectAll().where("email", "=", address).executeTakeFirstOrThrow();
  expect([row.landing_page, row.referrer_host, row.utm_source, row.utm_medium, row.utm_campaign, row.utm_term]).toEqual([
    "/careers",
    "news.example.com",
    "news",
    "email",
    "spring",
    null,
  ]);
  expect((await context.cookies()).map((c) => c.name)).toEqual([]);
});

test("a form the browser posts itself, its scripts never loaded, still carries where the visit began", async ({ browser }) => {
  // The head script runs (it is inline); the page's bundles never arrive, so React never
  // takes the form over and the browser posts it as plain HTML.
  const context = await browser.newContext();
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto("/faq?utm_source=partner&utm_medium=referral", { referer: "https://blog.partner.example/post" });
  await page.goto("/careers");
  const form = page.locator("#newsletter-3");
  const address = `nobundle-${Date.now()}@example.com`;
  await form.getByLabel("Email").fill(address);
  const [posted] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), form.getByRole("button", { name: "Subscribe" }).click()]);
  expect(posted.status()).toBe(200);
  expect(posted.request().postData()).toContain("_attribution=");
  const db = await testDb();
  const row = await db.kysely.selectFrom("leads").selectAll().where("email", "=", address).executeTakeFirstOrThrow();
  expect([row.landing_page, row.referrer_host, row.utm_source, row.utm_medium, row.page_path]).toEqual([
    "/faq",
    "blog.partner.example",
    "partner",
    "referral",
    "/careers",
  ]);
  await context.close();
});
