import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import { createStaff, testDb } from "./desk-fixtures";
import { hydrated } from "./fixtures";
import { rawMailsTo } from "./mail-fixtures";

/**
 * "Forgot your password?": the same answer for any address; an account's address gets a
 * link through the outbox (written to E2E_MAIL_DIR, the test server has no SMTP), which
 * sets a new password once, within the hour.
 */

async function resetMailFor(email: string): Promise<{ link: string; count: number }> {
  let found: { link: string; count: number } | null = null;
  await expect
    .poll(
      async () => {
        const mine = await Promise.all(rawMailsTo(email, "Reset your").map((raw) => simpleParser(raw)));
        const link = /https?:\/\/\S+\/desk\/set-password\/[A-Za-z0-9_-]+/.exec(mine[0]?.text ?? "")?.[0];
        found = link ? { link, count: mine.length } : null;
        return !!found;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

test("a member of staff resets a forgotten password with the e-mailed link, once", async ({ page }) => {
  const staff = await createStaff("sales");
  await page.goto("/desk/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await hydrated(page);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // An unknown address gets the same answer, and no mail.
  await page.getByLabel("E-mail").fill("nobody-here@staff.test");
  await page.getByRole("button", { name: "Send me a link" }).click();
  const answer = page.getByRole("status");
  await expect(answer).toContainText("If this address belongs to a desk account");
  const unknownText = await answer.textContent();

  await page.getByLabel("E-mail").fill(staff.email.toUpperCase());
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toHaveText(unknownText ?? "");
  const { link } = await resetMailFor(staff.email);
  const db = await testDb();
  const token = await db.kysely.selectFrom("staff_tokens").select(["created_at", "expires_at"]).where("staff_id", "=", staff.id).executeTakeFirstOrThrow();
  expect(Date.parse(token.expires_at) - Date.parse(token.created_at)).toBe(3_600_000);

  const path = new URL(link).pathname;
  await page.goto(path);
  const password = "A brand new passphrase 4417";
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("The same password again").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  // Signed in at once, on sales' first page: no second typing of the address and the new password.
  await expect(page).toHaveURL(/\/desk$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // And the new password works on its own.
  await page.context().clearCookies();
  await page.goto("/desk/sign-in");
  await hydrated(page);
  await page.getByLabel("E-mail").fill(staff.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/desk(\/|$)/);
  await expect(page).not.toHaveURL(/sign-in/);

  // The link worked once.
  const again = await page.request.get(path);
  expect(again.status()).toBe(410);
});

test("the reset works before the page's JavaScript has loaded, or without it", async ({ browser }) => {
  // A form sent by the browser itself, as on a slow phone: it must not look cross-site.
  const staff = await createStaff("sales");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/desk/forgot-password");
  await page.getByLabel("E-mail").fill(staff.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText("If this address belongs to a desk account");
  const { link } = await resetMailFor(staff.email);
  const res = await page.goto(new URL(link).pathname);
  expect(res?.headers()["referrer-policy"]).toBe("same-origin");
  const password = "Another quiet passphrase 5521";
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("The same password again").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/desk$/);
  await context.close();
});
