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
