import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { pagePaths } from "../../app/copy/pages";
import { newsletterLinks } from "../../app/features/newsletter/subscriptions.server";
import { testDb } from "./desk-fixtures";
import { hydrated } from "./fixtures";
import { focusRingsBelow3to1 } from "./focus-ring";

/**
 * axe (WCAG 2.0/2.1 A and AA, 2.2 AA) over every route, a blog post and the 404 page, at
 * 375 px and 1440 px, in the light and the dark theme, after hydration and after the page
 * was scrolled through so that lazy parts (map, video) are in the DOM. Zero violations.
 */

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const VIEWPORTS = [
  { name: "375", width: 375, height: 812 },
  { name: "1440", width: 1440, height: 900 },
] as const;
const THEMES = ["light", "dark"] as const;

/**
 * Scrolls to the bottom in steps, a rendered frame at each (lazy sections mount as they
 * near the viewport), waits until the carousels and maps shown on the way are running,
 * then goes back up.
 */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    // A rendered frame, or a quarter second if the browser holds its frames back (a
    // starved renderer once held them past the test's two minutes).
    const frame = () =>
      new Promise((r) => {
        requestAnimationFrame(() => requestAnimationFrame(r));
        setTimeout(r, 250);
      });
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: "instant" });
      await frame();
    }
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
    await frame();
  });
  await page
    .waitForFunction(
      () => {
        // Only what is shown: a map or carousel in a closed answer or tab never starts.
        const shown = (selector: string) => [...document.querySelectorAll(selector)].filter((e) => e.checkVisibility());
        return (
          shown("[aria-roledescription=carousel]").every((c) => c.hasAttribute("data-ready")) &&
          shown("[data-testid=locations-map]").every((m) => /ready|failed/.test(m.getAttribute("data-state") ?? ""))
        );
      },
      undefined,
      { timeout: 8_000 },
    )
    // A settle, not a check: a part that has not started by then is checked as the
    // server sent it (the carousels' and map's own tests cover their starting).
    .catch(() => {});
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  // Lazy images and the map tiles mounted on the way down have finished loading (a lazy
  // image the scroll never came near has no request to wait for).
  await page.waitForFunction(() => [...document.images].every((i) => i.complete || !i.currentSrc), undefined, { timeout: 5000 }).catch(() => {});
}

function describeViolations(results: Awaited<ReturnType<AxeBuilder["analyze"]>>): string {
  return results.violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 6)
          .map((n) => `    ${n.target.join(" ")}\n      ${n.html.slice(0, 160)}\n      ${n.failureSummary?.split("\n").slice(1, 3).join(" ") ?? ""}`)
          .join("\n")}`,
    )
    .join("\n");
}

async function scan(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations, `${label}\n${describeViolations(results)}`).toEqual([]);
}

async function checkRoute(browser: Browser, path: string, expectStatus = 200) {
  const failures: string[] = [];
  for (const theme of THEMES) {
    // One context per theme, reused for both widths; the theme script reads the system preference.
    const context = await browser.newContext({ colorScheme: theme, reducedMotion: "no-preference" });
    const page = await context.newPage();
    // A hydration error makes React re-create the document, dropping the theme class and
    // whatever the server rendered: report it as such rather than as a theme failure.
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(String(e).slice(0, 300)));
    try {
      for (const vp of VIEWPORTS) {
        await page.setViewportSize({ width: vp.width, height: vp.height });
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(expectStatus);
        await hydrated(page);
        expect(pageErrors, `${path} at ${vp.name} px, ${theme}: page errors (a hydration error re-creates the page)`).toEqual([]);
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        const label = `${path} at ${vp.name} px, ${theme}`;
        if (path === "/") {
          // The home pop-up opens after 1 s: check it open, then the page behind it.
          const dialog = page.getByRole("dialog");
          await dialog
            .first()
            .waitFor({ state: "visible", timeout: 3000 })
            .catch(() => {});
          if (await dialog.first().isVisible()) {
            // Any opening animation has finished (axe would measure half-faded colours).
            await dialog.first().evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
            await scanSoft(page, `${label}, pop-up open`, failures);
            await page.keyboard.press("Escape");
            await expect(dialog.first()).toBeHidden();
          }
        }
        await scrollThrough(page);
        await scanSoft(page, label, failures);
      }
    } finally {
      await context.close();
    }
  }
  expect(failures, failures.join("\n\n")).toEqual([]);
}

/** Collects a failure instead of stopping, so one run reports every width and theme. */
async function scanSoft(page: Page, label: string, failures: string[]) {
  try {
    await scan(page, label);
  } catch (e) {
    failures.push(e instanceof Error ? e.message.split("\n\nExpected")[0]! : String(e));
  }
}

test.describe("accessibility (axe, WCAG 2.2 AA)", () => {
  test.describe.configure({ timeout: 120_000 });

  for (const path of pagePaths) {
    test(`${path}`, async ({ browser }) => {
      // The home page is the longest, and the only one with the pop-up to scan as well: about
      // 50 s on a loaded 2-core machine, over 120 s once when it was the run's first test.
      if (path === "/") test.setTimeout(240_000);
      await checkRoute(browser, path);
    });
  }

  test("a blog post", async ({ browser, request }) => {
    const res = await request.get("/web/getData2?flag=4&limit=1");
    expect(res.status(), "the post list API").toBe(200);
    const id = ((await res.json()) as { data: { data: { _id: string }[] } }).data.data[0]?._id;
    expect(id, "at least one post").toBeTruthy();
    await checkRoute(browser, `/blogdetail/${id}`);
  });

  test("the 404 page", async ({ browser }) => {
    await checkRoute(browser, "/no-such-page", 404);
  });

  test("the newsletter's confirm and unsubscribe pages (not in the sitemap: they need a link's token)", async ({ browser, request }) => {
    const email = `a11y-${Date.now()}@example.com`;
    expect((await request.post("/web/suscribe", { data: { email, type: 4 } })).status()).toBe(201);
    const db = await testDb();
    const row = await db.kysely.selectFrom("leads").select(["id", "email"]).where("email", "=", email).executeTakeFirstOrThrow();
    const links = await newsletterLinks(db, "", { id: Number(row.id), email: row.email });
    await checkRoute(browser, links.confirm);
    await checkRoute(browser, links.unsubscribe);
    await checkRoute(browser, `/newsletter/unsubscribe?token=1.${"A".repeat(43)}`, 404);
  });
});

/**
 * Every focus indicator reaches 3:1 against what surrounds it (WCAG 1.4.11, 2.4.13), on
 * every route and the home pop-up, at 375 px, in the light and the dark theme.
 */
test.describe("focus indicators (3:1)", () => {
  test.describe.configure({ timeout: 120_000 });

  async function checkRings(browser: Browser, paths: readonly string[]) {
    const failures: string[] = [];
    for (const theme of THEMES) {
      const context = await browser.newContext({ colorScheme: theme, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      try {
        for (const path of paths) {
          await page.goto(path);
          await hydrated(page);
          if (path === "/") {
            const popup = page.getByRole("dialog", { name: "How can we help you today?" });
            await popup.waitFor({ state: "visible", timeout: 3000 }).catch(() => {});
            if (await popup.isVisible()) {
              const inPopup = await focusRingsBelow3to1(page, "dialog[open]");
              expect(inPopup.measured, "stops measured in the pop-up").toBeGreaterThan(2);
              for (const f of inPopup.failures) failures.push(`${path} pop-up (${theme}): ${f.element}: ${f.ratio}:1 (${f.ring} on ${f.background})`);
              await page.keyboard.press("Escape");
            }
          }
          await scrollThrough(page);
          const { failures: found, measured } = await focusRingsBelow3to1(page);
          expect(measured, `${path}: stops measured`).toBeGreaterThan(5);
          for (const f of found) failures.push(`${path} (${theme}): ${f.element}: ${f.ratio}:1 (${f.ring} on ${f.background})`);
        }
      } finally {
        await context.close();
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  }

  const paths = [...pagePaths, "/blogdetail/why-we-fuel-at-2am", "/no-such-page"];
  for (let i = 0; i < paths.length; i += 6) {
    const group = paths.slice(i, i + 6);
    test(`${group.join(", ")}`, async ({ browser }) => {
      await checkRings(browser, group);
    });
  }
});
