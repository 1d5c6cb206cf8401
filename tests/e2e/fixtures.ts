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
      // The browser driver itself evaluates its helpers in every frame; a sandboxed frame (the
      // newsletter preview) refuses them and logs so. The page's own scripts never run there.
      const real = errors.filter(
        (e) => !/status of 404|Failed to load resource|^Blocked script execution in 'about:(srcdoc|blank)' because the document's frame is sandboxed/.test(e),
      );
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

/**
 * Fake timers that stand still until the test moves them (page.clock.install alone lets
 * time run on): timers and animation frames scheduled at load wait for page.clock.runFor,
 * so a test says how much time passes instead of sleeping.
 */
export async function freezeClock(page: Page) {
  // Today's date: the pre-rendered footer year must match the hydrated one.
  const t0 = Date.now();
  await page.clock.install({ time: t0 });
  await page.clock.pauseAt(t0 + 1000);
}

/** Resolves after the browser has rendered `frames` more frames (observers have reported, effects have run). */
export async function nextFrames(page: Page, frames = 2) {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    frames,
  );
}

export { expect };
