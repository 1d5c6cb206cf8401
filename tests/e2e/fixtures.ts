import { test as base, expect } from "@playwright/test";

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

export { expect };
