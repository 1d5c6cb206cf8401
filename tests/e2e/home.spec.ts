import type { Page } from "@playwright/test";
import { expect, freezeClock, hydrated, nextFrames, test } from "./fixtures";

const popup = (page: Page) => page.getByRole("dialog", { name: "How can we help you today?" });

/** The pop-up opens 1 s after load on every visit; most tests put it away first. */
async function closePopup(page: Page, { fakeClock = false } = {}) {
  if (fakeClock) await page.clock.runFor(1100);
  await expect(popup(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popup(page)).toBeHidden();
}

test.describe("home page", () => {
  test("shows every part of spec 2.3 in order, with the welcome title", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Welcome to Fillway");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fuel delivered to wherever you park");
    await expect(page.getByRole("link", { name: /Get a Fleet Quote/ })).toHaveAttribute("href", "/getafleet");
    await expect(page.getByRole("link", { name: /Download Fillway for iPhone/ }).first()).toBeVisible();
    const ids = await page.locator("main section[id]").evaluateAll((els) => els.map((e) => e.id));
    const order = ["in-action", "partners", "how-it-works", "benefits", "trusted-by", "locations", "ev", "learn-more"];
    const positions = order.map((id) => ids.indexOf(id));
    expect(
      positions.every((p) => p >= 0),
      `sections present: ${ids.join(", ")}`,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const ev = page.locator("#ev");
    for (const state of ["California", "Colorado", "Florida", "Michigan", "Texas", "New York"]) {
      await expect(ev.getByText(state, { exact: true })).toBeVisible();
    }
    await expect(ev.getByRole("link", { name: /View More/ })).toHaveAttribute("href", "/chargeitup");
    await expect(page.getByRole("link", { name: /^Learn More/ })).toHaveAttribute("href", "/our-process");
    await expect(page.getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", "/business-fleets-trucking-and-construction-companies");
    await expect(page.locator("#for-business")).toContainText("For business");
    await expect(page.locator("#for-drivers")).toContainText("For drivers");
  });

  test("the hero illustration and the clip are our own files and load", async ({ page, request }) => {
    await page.goto("/");
    const hero = page.locator("main img[src='/media/hero-fuel-delivery.svg']");
    await expect(hero).toHaveAttribute("alt", /truck/i);
    await expect.poll(() => hero.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    for (const f of ["/media/fillway-loop.webm", "/media/fillway-loop.mp4", "/media/fillway-loop-poster.jpg"]) {
      const res = await request.get(f);
      expect(res.status(), f).toBe(200);
    }
  });

  test("the hero's three figures stand on one line, whatever their labels wrap to", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    const figures = page.locator("main dl").first().locator("dd");
    await expect(figures).toHaveText(["24/7", "2017", "0 min"]);
    const tops = await figures.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size, `tops ${tops.join(", ")}`).toBe(1);
  });
});

test.describe("home pop-up", () => {
  // The pop-up's schedule is read on the page's own clock (Playwright's fake timers), so
  // what is asserted is the timer the page sets, not how busy the machine is: 1000 ms
  // after the load event, whether React has taken the page by then or not.
  test("opens 1 s (± 100 ms) after the load event, with focus inside", async ({ page }) => {
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    await page.clock.runFor(899);
    await expect(popup(page)).toBeHidden();
    await page.clock.runFor(202);
    await expect(popup(page)).toBeVisible();
    expect(await popup(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expect(popup(page).getByRole("link", { name: "Know More" }).first()).toHaveAttribute("href", "/saas/home");
  });

  test("opens 1 s (± 100 ms) after the load event on a phone that has not run React yet", async ({ page }) => {
    // No module script runs: the timer script in the server's HTML alone keeps the time,
    // as on a slow phone whose JavaScript arrives after the load event.
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await freezeClock(page);
    await page.goto("/");
    await page.clock.runFor(899);
    await expect(popup(page)).toBeHidden();
    await page.clock.runFor(202);
    await expect(popup(page)).toBeVisible();
    expect(await popup(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
  });

  test("a client-side visit to the home page opens it 1 s after arriving, not at once", async ({ page }) => {
    await freezeClock(page);
    await page.goto("/faq");
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await page.clock.runFor(800);
    await expect(popup(page)).toBeHidden();
    await page.clock.runFor(300);
    await expect(popup(page)).toBeVisible();
  });

  test("the close button closes it and focus goes back", async ({ page }) => {
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    const quote = page.getByRole("link", { name: /Get a Fleet Quote/ });
    await quote.focus();
    await page.clock.runFor(1100);
    await expect(popup(page)).toBeVisible();
    await popup(page).getByRole("button", { name: "Close" }).click();
    await expect(popup(page)).toBeHidden();
    await expect(quote).toBeFocused();
  });

  test("Escape closes it and focus goes back", async ({ page }) => {
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    const quote = page.getByRole("link", { name: /Get a Fleet Quote/ });
    await quote.focus();
    await page.clock.runFor(1100);
    await expect(popup(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popup(page)).toBeHidden();
    await expect(quote).toBeFocused();
  });

  test("the business and fleet Know More closes it and leads to the business benefits", async ({ page }) => {
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    await page.clock.runFor(1100);
    const fleet = popup(page).getByRole("region", { name: "Fuel your fleet where it parks" });
    await fleet.getByRole("link", { name: "Know More" }).click();
    await expect(popup(page)).toBeHidden();
    await expect(page.locator("#for-business h3")).toBeFocused();
    await expect(page.locator("#for-business")).toBeInViewport();
  });

  test("the licensing Know More goes to /saas/home", async ({ page }) => {
    await page.goto("/");
    await expect(popup(page)).toBeVisible();
    await popup(page).getByRole("region", { name: "License our fuel-management software" }).getByRole("link").click();
    await expect(page).toHaveURL(/\/saas\/home$/);
    await expect(popup(page)).toHaveCount(0);
  });
});

test.describe("stepper", () => {
  const tab = (page: Page, name: RegExp) => page.getByRole("tablist", { name: "Three steps to a full tank" }).getByRole("tab", { name });
  /** The stepper comes alive (and starts its clock) as the visitor nears it, in a task of its own. */
  async function alive(page: Page) {
    await page.locator("#how-it-works").scrollIntoViewIfNeeded();
    await expect(page.locator("#how-it-works [data-deferred]")).toHaveCount(0);
  }

  test("advances every 5 s and wraps to Download", async ({ page }) => {
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    await closePopup(page, { fakeClock: true });
    await alive(page);
    await expect(tab(page, /Download/)).toHaveAttribute("aria-selected", "true");
    // Its 5 s are counted from when it came alive.
    await page.clock.runFor(4800);
    await expect(tab(page, /Download/)).toHaveAttribute("aria-selected", "true");
    await page.clock.runFor(200);
    await expect(tab(page, /Schedule/)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: /Schedule/ })).toContainText("Schedule a delivery");
    await page.clock.runFor(5000);
    await expect(tab(page, /Relax/)).toHaveAttribute("aria-selected", "true");
    await page.clock.runFor(5000);
    await expect(tab(page, /Download/)).toHaveAttribute("aria-selected", "true");
  });

  test("the pause button stops it; arrow keys still move it", async ({ page }) => {
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    await closePopup(page, { fakeClock: true });
    await alive(page);
    await page.getByRole("button", { name: "Pause steps" }).click();
    await page.clock.runFor(16000);
    await expect(tab(page, /Download/)).toHaveAttribute("aria-selected", "true");
    await tab(page, /Download/).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, /Schedule/)).toHaveAttribute("aria-selected", "true");
    await expect(tab(page, /Schedule/)).toBeFocused();
    await page.getByRole("button", { name: "Play steps" }).click();
    await page.clock.runFor(5000);
    await expect(tab(page, /Relax/)).toHaveAttribute("aria-selected", "true");
  });

  test("does not advance on its own under reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    await closePopup(page, { fakeClock: true });
    await alive(page);
    await page.clock.runFor(16000);
    await expect(tab(page, /Download/)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: "Play steps" })).toBeVisible();
    await context.close();
  });
});

test.describe("locations map", () => {
  const markers = (page: Page) => page.locator("[data-testid=locations-map] .leaflet-marker-icon");
  const filter = (page: Page, name: string) =>
    page
      .getByRole("group", { name: "Show locations" })
      .locator("label")
      .filter({ hasText: new RegExp(`^${name.replace(/[()]/g, "\\$&")}`) });

  test("loads Leaflet only near the viewport, then shows 26 markers and filters them", async ({ page }) => {
    const leafletRequests: string[] = [];
    page.on("request", (r) => {
      if (/leaflet|states-10m/.test(r.url())) leafletRequests.push(r.url());
    });
    await page.goto("/");
    await hydrated(page);
    await closePopup(page);
    expect(leafletRequests, "nothing of the map before it nears the viewport").toEqual([]);
    await page.locator("#locations").scrollIntoViewIfNeeded();
    await expect(markers(page)).toHaveCount(26);
    expect(leafletRequests.some((u) => u.endsWith(".css"))).toBe(true);
    await expect(page.locator("[data-testid=locations-map] path.fw-state").first()).toBeAttached();

    await filter(page, "Active").click();
    await expect(markers(page)).toHaveCount(10);
    await filter(page, "Future").click();
    await expect(markers(page)).toHaveCount(10);
    await filter(page, "EV (Fillway Charge)").click();
    await expect(markers(page)).toHaveCount(6);
    await expect(page.getByRole("radio", { name: /EV \(Fillway Charge\)/ })).toBeChecked();
    // The filters are a native radio group: arrow keys move between them.
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: /^All/ })).toBeChecked();
    await expect(markers(page)).toHaveCount(26);
  });

  test("starts at 32.78, -96.80 zoom 4 and returns there when the marker set changes", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await closePopup(page);
    await page.locator("#locations").scrollIntoViewIfNeeded();
    const map = page.getByTestId("locations-map");
    await expect(markers(page)).toHaveCount(26);
    await expect(map).toHaveAttribute("data-center", "32.78,-96.80");
    await expect(map).toHaveAttribute("data-zoom", "4");
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect(map).toHaveAttribute("data-zoom", "5");
    await map.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await expect(map).not.toHaveAttribute("data-center", "32.78,-96.80");
    await filter(page, "Future").click();
    await expect(map).toHaveAttribute("data-zoom", "4");
    await expect(map).toHaveAttribute("data-center", "32.78,-96.80");
  });

  test("markers are keyboard-reachable buttons with names, and open a popup", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await closePopup(page);
    await page.locator("#locations").scrollIntoViewIfNeeded();
    const dallas = page.getByRole("button", { name: "Dallas, TX: Active" });
    await expect(dallas).toHaveAttribute("tabindex", "0");
    await dallas.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(".leaflet-popup-content")).toContainText("Dallas, TX");
    await expect(page.getByRole("button", { name: "Albany, NY: Fillway Charge" })).toBeAttached();
  });
});

test.describe("looping video", () => {
  const video = (page: Page) => page.locator("#in-action video");
  /** Resolves once a quarter of the clip is on screen and the page has rendered two frames since (its own observer has reported and React has acted). */
  const quarterVisible = (page: Page) =>
    video(page).evaluate(
      (el) =>
        new Promise<void>((resolve) => {
          const io = new IntersectionObserver(
            ([e]) => {
              if (!e || e.intersectionRatio < 0.25) return;
              io.disconnect();
              requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
            },
            { threshold: [0, 0.25] },
          );
          io.observe(el);
        }),
    );

  test("is muted, inline and looping with a poster; plays when visible and pauses when not", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await closePopup(page);
    const v = video(page);
    expect(await v.evaluate((el: HTMLVideoElement) => [el.loop, el.playsInline, !!el.poster])).toEqual([true, true, true]);
    expect(await v.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
    await v.scrollIntoViewIfNeeded();
    await expect.poll(() => v.evaluate((el: HTMLVideoElement) => !el.paused && el.muted)).toBe(true);
    await expect.poll(() => v.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(0.2);
    await page.locator("#locations").scrollIntoViewIfNeeded();
    await expect.poll(() => v.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
    await v.scrollIntoViewIfNeeded();
    await expect.poll(() => v.evaluate((el: HTMLVideoElement) => el.paused)).toBe(false);
    await page.locator("#in-action").getByRole("button", { name: "Pause video" }).click();
    await expect.poll(() => v.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
  });

  test("plays once 75 % of it is visible and pauses only below 25 % (spec 4's two thresholds)", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await closePopup(page);
    const v = video(page);
    // Scrolls so that `share` of the clip shows above the bottom edge of the window.
    const show = (share: number) =>
      v.evaluate((el, f) => {
        const r = el.getBoundingClientRect();
        window.scrollTo({ top: window.scrollY + r.top - window.innerHeight + f * r.height, behavior: "instant" });
      }, share);
    const paused = () => v.evaluate((el: HTMLVideoElement) => el.paused);
    await show(0.5);
    await nextFrames(page, 3);
    expect(await paused(), "half in view, not yet seen: waits").toBe(true);
    await show(0.9);
    await expect.poll(paused).toBe(false);
    await show(0.5);
    await nextFrames(page, 3);
    expect(await paused(), "half in view after playing: goes on").toBe(false);
    await show(0.15);
    await expect.poll(paused).toBe(true);
  });

  test("stays still under reduced motion until asked", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    await closePopup(page);
    const v = video(page);
    await v.scrollIntoViewIfNeeded();
    await quarterVisible(page);
    expect(await v.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
    await page.locator("#in-action").getByRole("button", { name: "Play video" }).click();
    await expect.poll(() => v.evaluate((el: HTMLVideoElement) => el.paused)).toBe(false);
    await context.close();
  });
});

test.describe("trusted-by carousel", () => {
  const band = (page: Page) => page.getByRole("region", { name: "Companies that trust Fillway" });
  const offset = (page: Page) =>
    band(page)
      .locator(".overflow-hidden > div")
      .evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).m41);

  test("scrolls continuously, stops with its pause button, and moves by keyboard", async ({ page }) => {
    // Frames run only when the test advances the clock: 60 per second, 0.6 px each.
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    await closePopup(page, { fakeClock: true });
    await band(page).scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await expect(band(page)).toHaveAttribute("data-ready", "true");
    const a = await offset(page);
    await page.clock.runFor(1000);
    await expect.poll(() => offset(page)).toBeLessThan(a - 20);
    await band(page).getByRole("button", { name: "Pause automatic slide show" }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(100);
    const b = await offset(page);
    await page.clock.runFor(1000);
    expect(Math.abs((await offset(page)) - b)).toBeLessThan(1);
    const before = await offset(page);
    await band(page).getByRole("button", { name: "Next slide" }).focus();
    await page.keyboard.press("Enter");
    await page.clock.runFor(1000);
    await expect.poll(() => offset(page)).not.toBeCloseTo(before, 0);
    const afterNext = await offset(page);
    await page.keyboard.press("ArrowLeft");
    await page.clock.runFor(1000);
    await expect.poll(() => offset(page)).not.toBeCloseTo(afterNext, 0);
  });

  test("does not move under reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await freezeClock(page);
    await page.goto("/");
    await hydrated(page);
    await closePopup(page, { fakeClock: true });
    await band(page).scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await expect(band(page)).toHaveAttribute("data-ready", "true");
    const a = await offset(page);
    // Enough frames for 54 px of scrolling, had it started.
    await page.clock.runFor(1500);
    expect(Math.abs((await offset(page)) - a)).toBeLessThan(1);
    await expect(band(page).getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
    await context.close();
  });
});
