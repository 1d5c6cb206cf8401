import { test as base, expect, type Locator, type Page } from "@playwright/test";

/**
 * Every browser test fails on a console error or an uncaught page error, so a broken
 * hydration or a CSP violation cannot pass unnoticed.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(String(e)));
      await use(errors);
      const real = errors.filter((e) => !/status of 404|Failed to load resource/.test(e));
      expect(real, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Brings a form into view and waits for its script. A form below the first screen comes
 * alive as it nears the viewport, and its markup is rendered anew then, so the scroll is
 * tried again if the element it started with was replaced meanwhile.
 */
export async function scrollToReady(form: Locator) {
  await expect(async () => {
    await form.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(form).toHaveAttribute("data-ready", "true", { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Resolves once React has hydrated the page: the app marks <html data-hydrated="true">
 * when its root has committed (app/root.tsx). Pages hydrate after their first paint.
 */
export async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
}

export { expect };
