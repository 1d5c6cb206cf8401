import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { brand } from "../../app/copy/brand";
import { expect, freezeClock, hydrated, scrollToReady, test } from "./fixtures";

/**
 * The edges a visitor meets: where focus lands when the home pop-up closes by itself, the
 * next step after an in-area ZIP answer, the ZIP check's place on /getafleet, typed
 * calculator values, the words of the receipts, the blog's category in any letter case,
 * the footer's social icons on one line, and the period of the savings total.
 */

const popup = (page: Page) => page.getByRole("dialog", { name: "How can we help you today?" });

test.describe("the home pop-up that opened by itself", () => {
  for (const how of ["the close button", "Escape"] as const) {
    test(`closed with ${how}, leaves focus on the page's heading, not on the skip link over the logo`, async ({ page }) => {
      await freezeClock(page);
      await page.goto("/");
      await hydrated(page);
      await page.clock.runFor(1100);
      await expect(popup(page)).toBeVisible();
      if (how === "Escape") await page.keyboard.press("Escape");
      else await popup(page).getByRole("button", { name: "Close" }).click();
      await expect(popup(page)).toBeHidden();
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).not.toBeFocused();
      // What shows at the logo is the logo, not the skip link (shown only while it has focus).
      const logo = page.getByRole("banner").getByRole("link").first();
      const box = await logo.boundingBox();
      const atLogo = await page.evaluate(
        ([x, y]) =>
          document
            .elementFromPoint(x ?? 0, y ?? 0)
            ?.closest("a")
            ?.textContent?.trim() ?? "",
        [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
      );
      expect(atLogo).not.toContain("Skip to content");
      // The next Tab goes on into the page's content.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
    });
  }
});

/** Types a ZIP code into the check inside `scope` and presses Check once the answering code is there. */
async function checkZip(scope: Locator, zip: string) {
  const field = scope.getByRole("textbox", { name: /Enter your ZIP code/ });
  await field.focus();
  await expect(scope.locator("form[action='/service-area']")).toHaveAttribute("data-ready", "true");
  await field.fill(zip);
  await scope.getByRole("button", { name: "Check" }).click();
}

test.describe("the in-area ZIP answer", () => {
  test("on the home page offers the app and a fleet quote; outside our markets it does not", async ({ page }) => {
    await page.goto("/");
    await expect(popup(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popup(page)).toBeHidden();
    await hydrated(page);
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
    await checkZip(hero, "75201");
    await expect(hero.getByTestId("zip-answer")).toHaveText("Yes, Fillway delivers in Dallas, TX");
    const next = hero.getByRole("list", { name: "Next steps" });
    await expect(next.getByRole("link", { name: "iPhone (opens in a new tab)" })).toHaveAttribute("href", brand.apps.ios);
    await expect(next.getByRole("link", { name: "Android (opens in a new tab)" })).toHaveAttribute("href", brand.apps.android);
    await expect(next.getByRole("link", { name: "Get a Fleet Quote" })).toHaveAttribute("href", "/getafleet");
    await checkZip(hero, "99501");
    await expect(hero.getByTestId("zip-answer")).toHaveText("Not in your area yet");
    await expect(next).toHaveCount(0);
  });

  test("on /getafleet the quote link leads to the quote forms of the page", async ({ page }) => {
    await page.goto("/getafleet");
    await hydrated(page);
    const check = page.locator("#service-area");
    await check.scrollIntoViewIfNeeded();
    await checkZip(check, "75201");
    await check.getByRole("list", { name: "Next steps" }).getByRole("link", { name: "Get a Fleet Quote" }).click();
    await expect(page).toHaveURL(/\/getafleet#quote$/);
    await expect(page.getByRole("heading", { name: "Request your quote" })).toBeInViewport();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the answer page offers the same next step", async ({ page }) => {
      await page.goto("/service-area?zip=75201&type=1");
      await expect(page.getByTestId("zip-answer")).toHaveText("Yes, Fillway delivers in Dallas, TX");
      await expect(page.getByRole("list", { name: "Next steps" }).getByRole("link", { name: "Get a Fleet Quote" })).toHaveAttribute("href", "/getafleet");
      // The page's heading asks the question; the field does not ask it again.
      await expect(page.getByText("Do we deliver to you?", { exact: true })).toHaveCount(1);
    });
  });
});

test("the in-area answer with its next step passes axe (WCAG 2.2 AA), in both themes", async ({ browser }) => {
  test.setTimeout(90_000);
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await page.goto("/service-area?zip=75201&type=1");
    await expect(page.getByRole("list", { name: "Next steps" })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      colorScheme,
    ).toEqual([]);
    await context.close();
  }
});

test.describe("/getafleet", () => {
  test("asks 'Do we deliver to you?' once, before the quote forms", async ({ page }) => {
    await page.goto("/getafleet");
    await expect(page.getByText("Do we deliver to you?", { exact: true })).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Do we deliver to you?" })).toBeVisible();
    // The field is named by the heading and its label together.
    await expect(page.getByRole("textbox", { name: "Do we deliver to you? Enter your ZIP code" })).toBeVisible();
    const before = await page.evaluate(() => {
      const check = document.getElementById("service-area");
      const quote = document.getElementById("quote");
      return !!check && !!quote && (check.compareDocumentPosition(quote) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    });
    expect(before, "the ZIP check comes before the quote forms").toBe(true);
  });
});

test.describe("calculators keep a typed value as typed", () => {
  test("CO2: 350 vehicles stay 350 on the box and the slider, and the formula uses 350", async ({ page }) => {
    await page.goto("/environmental-impact");
    await hydrated(page);
    const calc = page.getByRole("group", { name: "CO2 calculator" }).locator("xpath=..");
    const vehiclesBox = calc.getByRole("spinbutton", { name: /^Number of vehicles/ });
    const vehiclesSlider = calc.getByRole("slider", { name: "Number of vehicles" });
    await vehiclesBox.fill("350");
    await calc.getByRole("spinbutton", { name: /^Fuelings per week/ }).fill("10");
    await expect(vehiclesBox).toHaveValue("350");
    await expect(vehiclesSlider).toHaveValue("350");
    // 52 × 10 × 350 × 9 lbs
    await expect(calc.locator("output")).toHaveText("1,638,000 lbs");
    // The slider's next step up is 400, and from there it moves in steps of 200.
    await vehiclesSlider.focus();
    await page.keyboard.press("ArrowRight");
    await expect(vehiclesBox).toHaveValue("400");
    await expect(calc.locator("output")).toHaveText("1,872,000 lbs");
    await page.keyboard.press("ArrowRight");
    await expect(vehiclesBox).toHaveValue("600");
  });

  test("savings: 11 vehicles stay 11, and the total says it is per year", async ({ page }) => {
    await page.goto("/automated-fleet");
    await hydrated(page);
    const calc = page.getByRole("group", { name: "Savings calculator" }).locator("xpath=..");
    const box = (name: string) => calc.getByRole("spinbutton", { name: new RegExp(`^${name}`) });
    const total = calc.getByText("Total savings per year", { exact: true }).locator("xpath=following-sibling::output");
    await box("Vehicles").fill("11");
    await box("Refuels per week").fill("2");
    await expect(box("Vehicles")).toHaveValue("11");
    await expect(calc.getByRole("slider", { name: "Vehicles" })).toHaveValue("11");
    // 11 × 2 × 4 × 12; the average annual savings 12 × 1,056 / 100 = 126.72.
    await expect(total).toHaveText("$1,056");
    await expect(calc.getByText("Average annual savings").locator("xpath=following-sibling::output")).toHaveText("$127");
    await expect(calc).toContainText("Vehicles × refuels per week × 4 weeks × 12 months");
  });
});

/** Types into an autocomplete and picks its first suggestion, once the answer for the whole text is in. */
async function chooseSuggestion(box: Locator, text: string, option: RegExp) {
  await box.fill("");
  const answered = box.page().waitForResponse((r) => r.url().includes("/web/getData2") && r.url().includes(`=${encodeURIComponent(text)}&`));
  await box.pressSequentially(text, { delay: 30 });
  await answered;
  const list = box.page().locator(`#${await box.getAttribute("aria-controls")}`);
  await expect(list.getByRole("option").first()).toBeVisible();
  await box.press("ArrowDown");
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await expect(list.getByRole("option").first()).toHaveText(option);
  await box.press("Enter");
  await expect(box).toHaveAttribute("aria-expanded", "false");
}

/** The decoded text of every message the test server has written (quoted-printable undone). */
function mails(): string[] {
  const dir = process.env.E2E_MAIL_DIR ?? "";
  const decode = (raw: string) => {
    const soft = raw.replace(/=\r?\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      const hex = soft[i] === "=" ? soft.slice(i + 1, i + 3) : "";
      if (/^[0-9A-F]{2}$/.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i] ?? "", "utf8"));
    }
    return Buffer.from(bytes).toString("utf8");
  };
  return (existsSync(dir) ? readdirSync(dir) : []).filter((f) => f.endsWith(".eml")).map((f) => decode(readFileSync(join(dir, f), "utf8")));
}

/** The plain-text part of a decoded message. */
const textPart = (mail: string) => mail.split(/Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n/)[1]?.split(/\n--/)[0] ?? "";

test.describe("receipts", () => {
  test("a detailed quote's receipt names the fields as the form did, none the form filled in; the note to sales reads in words", async ({ page }) => {
    // A whole detailed quote typed in, then two e-mails waited for: more than the default on a busy machine.
    test.setTimeout(90_000);
    const business = `Edge Haulers ${randomBytes(3).toString("hex")}`;
    const address = `edges-${randomBytes(4).toString("hex")}@example.com`;
    await page.goto("/getafleet");
    const form = page.locator("#fleet-quote-form");
    await scrollToReady(form);
    await form.getByLabel("Business name").fill(business);
    await form.getByLabel("Email").fill(address);
    await form.getByLabel("Phone").fill("2145550199");
    await form.getByLabel("Street address").fill("2100 Ross Avenue");
    // The chosen city fills the state, ZIP code, county and the map position.
    await chooseSuggestion(form.getByRole("combobox", { name: "City" }), "Dall", /^Dallas, TX/);
    await expect(form.getByLabel("County")).toHaveValue("Dallas County");
    await form.getByLabel("Employees").selectOption("50-100");
    await form.getByLabel("Fleet size (vehicles)").fill("30");
    await form.getByLabel("Number of locations").fill("2");
    await form.getByLabel("Fuel per week (gallons)").fill("4000");
    await form.getByLabel("Fuel type").selectOption("Gasoline");
    await form.getByLabel("Tank type").selectOption("Over Ground");
    await form.getByLabel("Delivery frequency").selectOption("weekly");
    await form.getByLabel("Delivery window (4 hours)").selectOption("08-12");
    await form.getByRole("button", { name: "Request my quote" }).click();
    await expect(page.getByRole("dialog", { name: "Thank you!!" })).toBeVisible();

    let receipt = "";
    let sales = "";
    await expect
      .poll(
        () => {
          const all = mails();
          receipt = all.find((m) => new RegExp(`^To: ${address}$`, "m").test(m)) ?? "";
          sales = all.find((m) => !m.includes(`\nTo: ${address}`) && m.includes(`E-mail: ${address}`)) ?? "";
          return Boolean(receipt && sales);
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    const fieldsSent = /Fields sent: (.*)/.exec(textPart(receipt))?.[1] ?? "";
    expect(fieldsSent.split(", ")).toEqual(expect.arrayContaining(["Business name", "E-mail", "Phone", "Street address", "City", "ZIP code", "Fleet size"]));
    for (const machine of ["Latitude", "Longitude", "Place name", "Country", "Campaign starts", "Campaign ends", "Phone (quote)"]) {
      expect(fieldsSent, machine).not.toContain(machine);
    }

    const note = textPart(sales);
    expect(note).toContain("Phone: 2145550199");
    expect(note).toMatch(/Map position \(latitude, longitude\): 32\.\d+, -96\.\d+/);
    expect(note).toMatch(/Quote period: .+ to December 31, \d{4}/);
    expect(note).not.toMatch(/^(Latitude|Longitude|Place name|Campaign starts|Campaign ends|Phone \(quote\)):/m);
  });
});

test.describe("the blog's category in any letter case", () => {
  test("/Blog?sort=BLOG shows the blog posts, as /blog?sort=blog does", async ({ page }) => {
    await page.goto("/blog?sort=blog");
    const expected = await page.getByTestId("post-card").getByRole("heading").allTextContents();
    expect(expected.length).toBeGreaterThan(0);
    await page.goto("/Blog?sort=BLOG");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Home\s*Blog Posts/);
    await expect(page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Blog Posts" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("post-card").getByRole("heading")).toHaveText(expected);
  });
});

test.describe("the footer's social icons", () => {
  for (const width of [375, 1280, 1440]) {
    test(`stand on one line at ${width} px, inside the page`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/faq");
      const icons = page.getByRole("contentinfo").getByRole("list", { name: "Social media" }).getByRole("link");
      await expect(icons).toHaveCount(6);
      await icons.last().scrollIntoViewIfNeeded();
      const boxes = await icons.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), right: r.right })));
      expect(new Set(boxes.map((b) => b.top)).size, JSON.stringify(boxes)).toBe(1);
      for (const b of boxes) expect(b.right).toBeLessThanOrEqual(width);
    });
  }
});
