import type { Route } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue: a field filled in and left before its form's code has loaded showed nothing
 * until it was visited again. With the form's module held back, the visitor types "bad"
 * into the home contact form's e-mail field and leaves it; once the module runs, the
 * message is there.
 */
test("a field left before its form's code loaded shows its message as soon as the code runs", async ({ page }) => {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/assets\/contact-form-[^/]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  await page.goto("/");
  const popup = page.getByRole("dialog", { name: "How can we help you today?" });
  await expect(popup).toBeVisible();
  await page.keyboard.press("Escape");
  const form = page.locator("form#contact-form");
  await form.scrollIntoViewIfNeeded();
  const email = form.getByLabel("Email");
  await email.fill("bad");
  await email.press("Tab");
  await expect(form).not.toHaveAttribute("data-ready", "true");
  await expect(form.getByText("Please enter a valid email")).toHaveCount(0);
  release();
  await expect(page.locator("form#contact-form")).toHaveAttribute("data-ready", "true");
  await expect(page.locator("form#contact-form").getByText("Please enter a valid email")).toBeVisible();
  await expect(page.locator("form#contact-form").getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  // Fields that were not left show nothing.
  await expect(page.locator("form#contact-form").getByText("First name required")).toHaveCount(0);
});
