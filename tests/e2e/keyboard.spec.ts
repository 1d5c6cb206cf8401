import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

/**
 * A keyboard-only visitor: Tab, Shift+Tab, Enter, Space, arrows and Escape, never the
 * mouse. Every stop must show where focus is.
 */

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 150, back = false } = {}) {
  // Mark the element once, then each step is one key press and one cheap check.
  await target.evaluate((el) => el.setAttribute("data-kb-target", ""));
  try {
    for (let i = 0; i < max; i++) {
      if (await page.evaluate(() => document.activeElement?.hasAttribute("data-kb-target") ?? false)) {
        await expectFocusVisible(page);
        return i;
      }
      await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    }
  } finally {
    await target.evaluate((el) => el.removeAttribute("data-kb-target")).catch(() => {});
  }
  throw new Error(`${target} not reached with ${max} presses of ${back ? "Shift+Tab" : "Tab"}`);
}

/** The focused element draws an outline or a ring (WCAG 2.4.7). */
async function expectFocusVisible(page: Page) {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    return { outline: s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0, ring: s.boxShadow !== "none", tag: el.outerHTML.slice(0, 120) };
  });
  expect(style, "something has focus").not.toBeNull();
  expect(style!.outline || style!.ring, `focus indicator on ${style!.tag}`).toBe(true);
}

test.describe("keyboard only", () => {
  test("skip link, then the desktop menus: open, walk in, Escape back, follow a link", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/gasoline");
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();

    await page.reload();
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const whoWeAre = nav.getByRole("button", { name: "Who We Are" });
    await tabTo(page, whoWeAre);
    await page.keyboard.press("Enter");
    await expect(whoWeAre).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: /Our process/i })).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.press("Escape");
    await expect(whoWeAre).toHaveAttribute("aria-expanded", "false");
    await expect(whoWeAre).toBeFocused();

    const whatWeDo = nav.getByRole("button", { name: "What We Do" });
    await page.keyboard.press("Tab");
    await expect(whatWeDo).toBeFocused();
    await page.keyboard.press("Space");
    await expect(whatWeDo).toHaveAttribute("aria-expanded", "true");
    const geofencing = nav.getByRole("link", { name: /^Geofencing/ });
    await tabTo(page, geofencing, { max: 12 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/geofencing$/);
    // Leaving the group closes it.
    await expect(whatWeDo).toHaveAttribute("aria-expanded", "false");
  });

  test("mobile menu: open, expand a group, follow focus, Escape closes and returns focus", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/faq");
    await hydrated(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await tabTo(page, toggle, { max: 10 });
    await page.keyboard.press("Enter");
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobile).toBeVisible();
    const group = mobile.getByRole("button", { name: "Who We Fuel" });
    await tabTo(page, group, { max: 10 });
    await page.keyboard.press("Enter");
    await expect(group).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(
      mobile
        .getByRole("link")
        .filter({ hasText: /campus/i })
        .first(),
    ).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(mobile).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("a carousel: focus stops the rotation, arrows and buttons move it", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/business-fleets-trucking-and-construction-companies");
    await hydrated(page);
    const carousel = page
      .locator("[aria-roledescription=carousel]")
      .filter({ has: page.getByRole("button", { name: "Next slide" }) })
      .first();
    await expect(carousel).toBeAttached();
    const selected = () => carousel.locator("[aria-roledescription=slide][data-selected]").first().getAttribute("aria-label");
    const prev = carousel.getByRole("button", { name: "Previous slide" });
    await tabTo(page, prev, { max: 250 });
    // Its script runs as it comes into view.
    await expect(carousel).toHaveAttribute("data-ready", "true");
    // Focus inside stops autoplay: the control now offers to start it.
    const play = carousel.getByRole("button", { name: /automatic slide show/ });
    if (await play.count()) await expect(play).toHaveAccessibleName("Start automatic slide show");
    const first = await selected();
    await page.keyboard.press("ArrowRight");
    await expect.poll(selected).not.toBe(first);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(selected).toBe(first);
    const next = carousel.getByRole("button", { name: "Next slide" });
    await tabTo(page, next, { max: 3 });
    await page.keyboard.press("Enter");
    await expect.poll(selected).not.toBe(first);
    await tabTo(page, prev, { max: 3, back: true });
    await page.keyboard.press("Space");
    await expect.poll(selected).toBe(first);
  });

  test("the FAQ accordion: first answer open, Enter and Space toggle the others", async ({ page }) => {
    await page.goto("/faq");
    await hydrated(page);
    const questions = page.locator("main h3 > button[aria-expanded]");
    await expect(questions.first()).toHaveAttribute("aria-expanded", "true");
    const second = questions.nth(1);
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await tabTo(page, second, { max: 60 });
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator(`[id="${await second.getAttribute("aria-controls")}"]`);
    await expect(panel).toBeVisible();
    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    // The next question is the next stop, the closed answer skipped.
    await page.keyboard.press("Tab");
    await expect(questions.nth(2)).toBeFocused();
  });

  test("a tab set: arrows, Home and End select; Tab moves into the panel", async ({ page }) => {
    await page.goto("/gui-fleet");
    await hydrated(page);
    const tablist = page.getByRole("tablist").first();
    const tabs = tablist.getByRole("tab");
    const n = await tabs.count();
    expect(n).toBeGreaterThanOrEqual(2);
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    await tabTo(page, tabs.first(), { max: 120 });
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    const panel = page.locator(`[id="${await tabs.nth(1).getAttribute("aria-controls")}"]`);
    await expect(panel).toBeVisible();
    await page.keyboard.press("End");
    await expect(tabs.nth(n - 1)).toBeFocused();
    await page.keyboard.press("Home");
    await expect(tabs.first()).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.nth(n - 1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Tab");
    await expect(page.locator(`[id="${await tabs.nth(n - 1).getAttribute("aria-controls")}"]`)).toBeFocused();
    await expectFocusVisible(page);
  });

  test("the home pop-up: takes focus, keeps it inside, Escape closes it", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible({ timeout: 4000 });
    const inside = () => page.evaluate(() => !!document.activeElement?.closest("dialog[open]"));
    await expect.poll(inside).toBe(true);
    const close = dialog.getByRole("button", { name: "Close" });
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      // Only the dialog (or, between laps, the document itself) can hold focus.
      const where = await page.evaluate(() =>
        document.activeElement === document.body ? "body" : document.activeElement?.closest("dialog[open]") ? "dialog" : "outside",
      );
      expect(where).not.toBe("outside");
      if (where === "dialog") await expectFocusVisible(page);
    }
    await tabTo(page, close, { max: 8 });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("a contact form: errors after leaving a field, fixed by keyboard, sent with Enter", async ({ page }) => {
    await page.goto("/investors");
    await hydrated(page);
    const form = page
      .locator("form")
      .filter({ has: page.getByLabel("First name") })
      .last();
    // The form's code loads as it nears the viewport (its markup is then rendered anew):
    // let that happen, then walk to it from the top by keyboard.
    await form.scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute("data-ready", "true");
    await page.evaluate(() => window.scrollTo(0, 0));
    const first = form.getByLabel("First name");
    await tabTo(page, first, { max: 200 });
    // Leaving a required field empty shows its message.
    await page.keyboard.press("Tab");
    await expect(first).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("First name required")).toBeVisible();
    await page.keyboard.press("Shift+Tab");
    await expect(first).toBeFocused();
    await page.keyboard.type("Dana");
    for (const [label, value] of [
      ["Last name", "Reyes"],
      ["Email", "dana.reyes@example.com"],
      ["Phone", "2145550123"],
      ["ZIP code", "75201"],
    ] as const) {
      const field = form.getByLabel(label, { exact: false }).first();
      await tabTo(page, field, { max: 6 });
      await page.keyboard.type(value);
    }
    await expect(first).not.toHaveAttribute("aria-invalid", "true");
    const submit = form.getByRole("button", { name: "Submit" });
    await tabTo(page, submit, { max: 12 });
    await page.keyboard.press("Enter");
    const thanks = page.getByRole("dialog", { name: "Thank you!!" });
    await expect(thanks).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(thanks).toBeHidden();
    // The note in the form's place has focus; its button brings back the empty form.
    await expect(page.getByText("Request received")).toBeFocused();
    await tabTo(page, page.getByRole("button", { name: "Send another request" }), { max: 4 });
    await page.keyboard.press("Enter");
    await expect(first).toBeFocused();
    await expect(first).toHaveValue("");
  });
});
