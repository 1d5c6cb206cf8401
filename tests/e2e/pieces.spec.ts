import type { Page } from "@playwright/test";
import { expect, freezeClock, hydrated, test } from "./fixtures";

/** The shared interactive pieces, exercised on the pages that use them. */

/** Fake timers that stand still until the test moves them. */
test.describe("tabs", () => {
  test("truck sizes: the first tab is active; arrows, Home and End move and wrap", async ({ page }) => {
    await page.goto("/gui-fleet");
    await hydrated(page);
    const list = page.getByRole("tablist", { name: "Truck sizes" });
    const tabs = list.getByRole("tab");
    await expect(tabs).toHaveCount(3);
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "F-250" })).toBeVisible();
    await expect(page.getByRole("tabpanel", { name: "Large tanker", includeHidden: true })).toBeHidden();

    await tabs.nth(0).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(page.getByRole("tabpanel", { name: "1200 / Hino 195" })).toBeVisible();
    await expect(page.getByRole("tabpanel", { name: "F-250", includeHidden: true })).toBeHidden();
    await page.keyboard.press("End");
    await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
    // Only the selected tab is in the tab order; Tab moves on to its panel.
    await expect(tabs.nth(1)).toHaveAttribute("tabindex", "-1");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tabpanel", { name: "F-250" })).toBeFocused();
  });

  test("a click selects a tab", async ({ page }) => {
    await page.goto("/saas/home");
    await hydrated(page);
    const tabs = page.getByRole("tablist", { name: "Fillway Cloud products" }).getByRole("tab");
    await expect(tabs).toHaveCount(3);
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
    await tabs.nth(2).click();
    await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
    await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "false");
  });
});

test.describe("accordion", () => {
  test("FAQ: the first answer is open; questions open and close by click and keyboard", async ({ page }) => {
    await page.goto("/faq");
    await hydrated(page);
    const questions = page.locator("main h3 > button[aria-expanded]");
    expect(await questions.count()).toBeGreaterThan(30);
    const first = questions.nth(0);
    const second = questions.nth(1);
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(`#${await first.getAttribute("aria-controls")}`)).toBeVisible();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    const secondPanel = page.locator(`[id="${await second.getAttribute("aria-controls")}"]`);
    await expect(secondPanel).toBeHidden();
    await expect(page.locator("main h3 > button[aria-expanded=true]")).toHaveCount(1);

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(secondPanel).toBeVisible();
    await first.focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press(" ");
    await expect(first).toHaveAttribute("aria-expanded", "true");
  });
});

test.describe("testimonials carousel", () => {
  const region = (page: Page) => page.getByRole("region", { name: "Customer testimonials" });
  const current = (page: Page) => region(page).locator("[aria-roledescription=slide][data-selected]").getAttribute("aria-label");

  test("four entries, moves every 5 s, pauses with its button", async ({ page }) => {
    await freezeClock(page);
    await page.goto("/getafleet");
    await hydrated(page);
    await region(page).scrollIntoViewIfNeeded();
    await expect(region(page)).toHaveAttribute("data-ready", "true");
    await page.mouse.move(0, 0);
    await expect(region(page).locator("[aria-roledescription=slide]")).toHaveCount(4);
    await expect.poll(() => current(page)).toBe("1 of 4");
    await page.clock.runFor(4900);
    expect(await current(page)).toBe("1 of 4");
    await page.clock.runFor(200);
    await expect.poll(() => current(page)).toBe("2 of 4");
    await page.clock.runFor(5000);
    await expect.poll(() => current(page)).toBe("3 of 4");
    await region(page).getByRole("button", { name: "Pause automatic slide show" }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(15000);
    expect(await current(page)).toBe("3 of 4");
    await region(page).getByRole("button", { name: "Start automatic slide show" }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(5100);
    await expect.poll(() => current(page)).toBe("4 of 4");
    await page.clock.runFor(5000);
    await expect.poll(() => current(page)).toBe("1 of 4");
  });

  test("moves by keyboard, and focus inside stops the rotation", async ({ page }) => {
    await freezeClock(page);
    await page.goto("/getafleet");
    await hydrated(page);
    await region(page).scrollIntoViewIfNeeded();
    await expect(region(page)).toHaveAttribute("data-ready", "true");
    await expect.poll(() => current(page)).toBe("1 of 4");
    await region(page).getByRole("button", { name: "Next slide" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => current(page)).toBe("2 of 4");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => current(page)).toBe("3 of 4");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => current(page)).toBe("4 of 4");
    await expect(region(page).getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
    await page.clock.runFor(15000);
    expect(await current(page)).toBe("4 of 4");
  });

  test("does not rotate under reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await freezeClock(page);
    await page.goto("/getafleet");
    await hydrated(page);
    await region(page).scrollIntoViewIfNeeded();
    await expect(region(page).getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
    await page.clock.runFor(20000);
    expect(await current(page)).toBe("1 of 4");
    await context.close();
  });
});

test.describe("CO2 calculator", () => {
  test("worked example, linked slider and box, cap, and reset on fuel change", async ({ page }) => {
    await page.goto("/environmental-impact");
    await hydrated(page);
    const calc = page.getByRole("group", { name: "CO2 calculator" }).locator("xpath=..");
    const result = calc.locator("output");
    const vehiclesBox = calc.getByRole("spinbutton", { name: /^Number of vehicles/ });
    const vehiclesSlider = calc.getByRole("slider", { name: "Number of vehicles" });
    const fuelingsBox = calc.getByRole("spinbutton", { name: /^Fuelings per week/ });
    const fuelingsSlider = calc.getByRole("slider", { name: "Fuelings per week" });
    await expect(result).toHaveText("0 lbs");
    await expect(calc.getByRole("radio", { name: "Diesel" })).toBeChecked();

    await vehiclesBox.fill("2000");
    await fuelingsBox.fill("10");
    await expect(vehiclesSlider).toHaveValue("2000");
    await expect(fuelingsSlider).toHaveValue("10");
    await expect(result).toHaveText("9,360,000 lbs");

    await vehiclesBox.fill("20001");
    await expect(vehiclesBox).toHaveValue("2000");
    await fuelingsBox.fill("101");
    await expect(fuelingsBox).toHaveValue("10");
    await expect(result).toHaveText("9,360,000 lbs");

    // Slider steps: 200 vehicles, 1 fueling.
    await vehiclesSlider.focus();
    await page.keyboard.press("ArrowRight");
    await expect(vehiclesBox).toHaveValue("2200");
    await expect(result).toHaveText("10,296,000 lbs");

    await calc.getByText("Gasoline", { exact: true }).click();
    await expect(calc.getByRole("radio", { name: "Gasoline" })).toBeChecked();
    await expect(vehiclesBox).toHaveValue("0");
    await expect(fuelingsBox).toHaveValue("0");
    await expect(vehiclesSlider).toHaveValue("0");
    await expect(result).toHaveText("0 lbs");

    await vehiclesBox.fill("200");
    await fuelingsBox.fill("3");
    await expect(result).toHaveText("43,680 lbs");
  });
});

test.describe("savings calculator", () => {
  test("worked example, cap on typed values, Re-Calculate resets to 0, labor cost stated", async ({ page }) => {
    await page.goto("/automated-fleet");
    await hydrated(page);
    const calc = page.getByRole("group", { name: "Savings calculator" }).locator("xpath=..");
    const total = calc.getByText("Total savings").locator("xpath=following-sibling::output");
    const annual = calc.getByText("Average annual savings").locator("xpath=following-sibling::output");
    const box = (name: string) => calc.getByRole("spinbutton", { name: new RegExp(`^${name}`) });
    await expect(calc).toContainText("$52 per hour");

    await box("Vehicles").fill("100");
    await box("Monthly gallons").fill("6000");
    await box("Refuels per week").fill("5");
    await expect(calc.getByRole("slider", { name: "Vehicles" })).toHaveValue("100");
    await expect(total).toHaveText("$24,000");
    await expect(annual).toHaveText("$2,880");

    await box("Vehicles").fill("201");
    await box("Monthly gallons").fill("20200");
    await box("Refuels per week").fill("101");
    await expect(box("Vehicles")).toHaveValue("100");
    await expect(box("Monthly gallons")).toHaveValue("6000");
    await expect(box("Refuels per week")).toHaveValue("5");

    // Vehicles slider steps by 2.
    await calc.getByRole("slider", { name: "Vehicles" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(box("Vehicles")).toHaveValue("102");

    await calc.getByRole("button", { name: "Re-Calculate" }).click();
    for (const name of ["Vehicles", "Monthly gallons", "Refuels per week"]) await expect(box(name)).toHaveValue("0");
    await expect(total).toHaveText("$0");
    await expect(annual).toHaveText("$0");
  });
});

test.describe("pricing table", () => {
  test("lists the four plans of section 9", async ({ page }) => {
    await page.goto("/our-process");
    const plans = [
      ["Non-Subscription", "$4.99", "per delivery"],
      ["Silver", "$9.99", "per month"],
      ["Gold", "$14.99", "per month"],
      ["Platinum", "$19.99", "per month"],
    ];
    for (const [title, price, period] of plans) {
      const card = page.locator("li", { has: page.getByRole("heading", { name: title!, exact: true }) });
      await expect(card).toContainText(price!);
      await expect(card).toContainText(period!);
    }
    await expect(page.locator("li", { has: page.getByRole("heading", { name: "Non-Subscription" }) })).toContainText("$1.99");
    await expect(page.locator("li", { has: page.getByRole("heading", { name: "Platinum" }) })).toContainText("Three registered vehicles");
  });
});
