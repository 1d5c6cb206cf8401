import type { Page } from "@playwright/test";
import { expect, freezeClock, hydrated, test } from "./fixtures";

/**
 * The image slider of section 9 (4 s autoplay; 4 slides from 1024 px, 3 below, 2 below
 * 991 px, 1 below 480 px), used for the rows of place tiles on the business fleet and retail
 * pages, through the site's one carousel: it moves on by itself, stops with its pause
 * button and under reduced motion, and moves by keyboard.
 */

const PATH = "/business-fleets-trucking-and-construction-companies";
const slider = (page: Page) => page.getByRole("region", { name: "Places we fuel" });
const selected = (page: Page) => slider(page).locator("[aria-roledescription=slide][data-selected]").first().getAttribute("aria-label");

async function open(page: Page) {
  await freezeClock(page);
  await page.goto(PATH);
  await hydrated(page);
  await slider(page).scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await expect(slider(page)).toHaveAttribute("data-ready", "true");
}

test("the place tiles show 4, 3, 2 and 1 across by screen width", async ({ page }) => {
  await page.goto(PATH);
  for (const [width, across] of [
    [1920, 4],
    [1024, 4],
    [1000, 3],
    [990, 2],
    [600, 2],
    [479, 1],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    const seen = await slider(page).evaluate((el) => {
      const viewport = el.firstElementChild as HTMLElement;
      const slide = el.querySelector<HTMLElement>("[aria-roledescription=slide]");
      return slide ? Math.round(viewport.getBoundingClientRect().width / slide.getBoundingClientRect().width) : 0;
    });
    expect(seen, `${width} px`).toBe(across);
  }
});

test("the place tiles move on every 4 s, stop with the pause button and move by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page);
  expect(await selected(page)).toBe("1 of 7");
  await page.clock.runFor(3500);
  expect(await selected(page)).toBe("1 of 7");
  await page.clock.runFor(1000);
  await expect.poll(() => selected(page)).toBe("2 of 7");

  await slider(page).getByRole("button", { name: "Pause automatic slide show" }).click();
  await page.mouse.move(0, 0);
  const paused = await selected(page);
  await page.clock.runFor(9000);
  expect(await selected(page)).toBe(paused);

  await slider(page).getByRole("button", { name: "Next slide" }).focus();
  await page.keyboard.press("Enter");
  await page.clock.runFor(1000);
  await expect.poll(() => selected(page)).not.toBe(paused);
  const next = await selected(page);
  await page.keyboard.press("ArrowLeft");
  await page.clock.runFor(1000);
  await expect.poll(() => selected(page)).not.toBe(next);
});

test("the place tiles never move by themselves under reduced motion", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await open(page);
  await page.clock.runFor(9000);
  expect(await selected(page)).toBe("1 of 7");
  await expect(slider(page).getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
  await context.close();
});
