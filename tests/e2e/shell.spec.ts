import { pages } from "../../app/copy/pages";
import { expect, hydrated, nextFrames, test } from "./fixtures";

test.describe("every route", () => {
  for (const [path, info] of Object.entries(pages)) {
    test(`${path} answers 200 with its title and heading`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(info.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(info.h1);
    });
  }
});

test("an unknown path answers 404 with the not-found texts", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByText("The page you are looking for doesn't exist. Here are some helpful links:")).toBeVisible();
  await page.getByRole("link", { name: "Take me home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/faq");
  await page.goto("/still-missing");
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/faq$/);
});

test("the theme follows the system, persists across reloads, and never flashes", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto("/faq");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Light Theme" }).first().click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  // Record the class at the very first paint of the next load.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const w = window as unknown as { firstClass?: string };
      if (document.body && w.firstClass === undefined) w.firstClass = document.documentElement.className;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { firstClass?: string }).firstClass)).not.toContain("dark");
  await expect(page.getByRole("button", { name: "Dark Theme" }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("browser"))).toBe("Chrome");
  await context.close();
});

test("other local storage keys are cleared on load, the theme kept", async ({ page }) => {
  await page.goto("/faq");
  await page.evaluate(() => {
    localStorage.setItem("stale", "1");
    localStorage.setItem("theme", "dark");
  });
  await page.reload();
  expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual(["browser", "theme"]);
  await expect(page.locator("html")).toHaveClass(/dark/);
});

test.describe("header", () => {
  test("desktop menus open by keyboard, close on Escape, and highlight the active group", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/gasoline");
    const nav = page.getByRole("navigation", { name: "Main" });
    const whatWeDo = nav.getByRole("button", { name: "What We Do" });
    await expect(whatWeDo).toHaveClass(/text-brand-700/);
    await whatWeDo.focus();
    await page.keyboard.press("Enter");
    await expect(whatWeDo).toHaveAttribute("aria-expanded", "true");
    for (const title of ["Technology and Insights", "Energy Innovation", "Safety and Environment"]) {
      await expect(nav.getByText(title)).toBeVisible();
    }
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(whatWeDo).toHaveAttribute("aria-expanded", "false");
    await expect(whatWeDo).toBeFocused();
    await whatWeDo.click();
    await nav.getByRole("link", { name: "Geofencing" }).click();
    await expect(page).toHaveURL(/\/geofencing$/);
  });

  test("a path in another letter case or with a trailing slash highlights the same group", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const path of ["/leaderShip-team", "/leadership-team", "/Leadership-Team/", "/LEADERSHIP-TEAM"]) {
      await page.goto(path);
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("button", { name: "Who We Are" }), path).toHaveClass(/(^| )text-brand-700( |$)/);
      await expect(nav.getByRole("button", { name: "What We Do" }), path).not.toHaveClass(/(^| )text-brand-700( |$)/);
    }
  });

  test("login and sign up open the customer panel in a new tab", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/faq");
    const header = page.getByTestId("site-header");
    for (const name of ["Login", "Sign Up"]) {
      const link = header.getByRole("link", { name: new RegExp(`^${name}`) }).first();
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
  });

  test("below 1280 px the menu toggle opens the navigation; at 1024 px and below groups toggle", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/faq");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobile).toBeVisible();
    await expect(mobile.getByRole("link", { name: "Gasoline" })).toBeHidden();
    await mobile.getByRole("button", { name: "What We Do" }).click();
    await expect(mobile.getByRole("link", { name: "Gasoline" })).toBeVisible();
    await expect(mobile.getByText("Customer panel")).toBeVisible();
    const signUp = mobile.getByRole("link", { name: /^Sign Up/ });
    await expect(signUp).toHaveAttribute("href", /^https:\/\//);
    await page.keyboard.press("Escape");
    await expect(mobile).toBeHidden();

    await page.setViewportSize({ width: 1100, height: 800 });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(mobile.getByRole("link", { name: "Gasoline" })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("button", { name: /menu/ })).toBeHidden();
  });

  test("the header is sticky with a shadow except on the software pages", async ({ page }) => {
    await page.goto("/faq");
    const header = page.getByTestId("site-header");
    expect(await header.evaluate((h) => getComputedStyle(h).position)).toBe("sticky");
    expect(await header.evaluate((h) => getComputedStyle(h).boxShadow)).not.toBe("none");
    for (const path of ["/saas/home", "/saas/geofence", "/saas/fuelmanagement", "/saas/fleetmanagement", "/SAAS/HOME", "/Saas/Geofence/"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await header.evaluate((h) => getComputedStyle(h).position)).not.toBe("sticky");
      expect(await header.evaluate((h) => getComputedStyle(h).boxShadow)).toBe("none");
    }
  });
});

test("scroll-to-top appears after 100 px and takes the visitor back up", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 600 });
  await page.goto("/termsandcondition");
  const button = page.getByTestId("scroll-to-top");
  await page.evaluate(() => window.scrollTo(0, 90));
  await expect(button).toBeHidden();
  // On a phone it stays off the text while the visitor reads down, and comes when they scroll back up.
  await page.evaluate(() => window.scrollTo(0, 600));
  await nextFrames(page, 3);
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the footer carries every link, the contacts, badges, social links and the years", async ({ page }) => {
  await page.goto("/faq");
  const footer = page.locator("footer");
  for (const name of ["Careers", "Investors", "Terms and Conditions", "Privacy Policy", "Leadership", "News", "FAQ"]) {
    await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  }
  for (const name of ["LinkedIn", "Instagram", "Facebook", "Twitter", "YouTube", "TikTok"]) {
    await expect(footer.getByRole("link", { name: new RegExp(`on ${name}`) })).toHaveAttribute("target", "_blank");
  }
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(footer.getByRole("link", { name: /\+1/ })).toHaveAttribute("href", /^tel:/);
  await expect(footer.getByText(`© 2017–${new Date().getFullYear()}`)).toBeVisible();
});

test("a page written in one year and opened in the next hydrates cleanly and shows the visitor's year", async ({ page }) => {
  // Mid-year, so no time zone puts it back in the year the server wrote. The console-error
  // fixture fails the test on a hydration mismatch.
  const later = new Date().getFullYear() + 1;
  await page.clock.setFixedTime(new Date(`${later}-06-15T12:00:00Z`));
  await page.goto("/faq");
  await hydrated(page);
  await expect(page.locator("footer").getByText(`© 2017–${later}`)).toBeVisible();
});

test.describe("pages paint before their JavaScript loads", () => {
  for (const path of ["/faq", "/blog"]) {
    test(`${path}: scripts load after the first paint, then the page hydrates`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).not.toMatch(/<link[^>]*\srel="modulepreload"/);
      expect(html).not.toMatch(/<script[^>]*\stype="module"/);
      expect(html).toMatch(/<script[^>]*\stype="text\/x-module"/);
      await page.goto(path, { waitUntil: "networkidle" });
      await hydrated(page);
      // Scripts never compete with what the first paint needs: none starts before the
      // stylesheet is in and the first contentful paint is reported.
      const t = await page.evaluate(() => {
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const onPath = (r: PerformanceResourceTiming, re: RegExp) => re.test(new URL(r.name).pathname);
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return {
          fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
          // The page's own stylesheets, not those a part loads later with its code.
          css: Math.max(...resources.filter((r) => onPath(r, /^\/assets\/.+\.css$/) && r.startTime < nav.domContentLoadedEventEnd).map((r) => r.responseEnd)),
          scripts: resources.filter((r) => onPath(r, /^\/assets\/.+\.js$/)).map((r) => r.startTime),
        };
      });
      expect(t.scripts.length).toBeGreaterThan(5);
      expect(Math.min(...t.scripts), "first script after the stylesheet").toBeGreaterThanOrEqual(t.css);
      expect(Math.min(...t.scripts), "first script after the first contentful paint").toBeGreaterThanOrEqual(t.fcp);
    });
  }

  test("a question opened before the page's JavaScript has loaded opens once it has", async ({ page }) => {
    // Hold the module that hydrates the page, as a slow network would.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let asked = () => {};
    const requested = new Promise<void>((r) => {
      asked = r;
    });
    await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto("/faq", { waitUntil: "domcontentloaded" });
    await requested;
    const question = page.getByRole("button", { name: "What hours do you deliver?" });
    await question.click();
    await nextFrames(page);
    await expect(question, "nothing can open it yet").toHaveAttribute("aria-expanded", "false");
    release();
    await expect(question).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(`#${await question.getAttribute("aria-controls")}`)).toBeVisible();
  });
});
