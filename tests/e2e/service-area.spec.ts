import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { CONSENT_LINES, consentText } from "../../app/shared/forms/consent";
import { WAITLIST_NEXT, WAITLIST_TEXT } from "../../app/shared/forms/success";
import { expect, hydrated, test } from "./fixtures";

/**
 * "Do we deliver to you?": the ZIP check on the home hero, the FAQ and /getafleet, with
 * real ZIP codes; the waitlist lead it offers, stored with its kind and market; and the
 * same check without JavaScript.
 */

function leadRow(email: string) {
  const file = process.env.E2E_DATABASE_URL?.replace(/^file:/, "");
  test.skip(!file || process.env.E2E_DATABASE_URL?.startsWith("postgres") === true, "needs the SQLite file of the test server");
  const db = new Database(file!, { readonly: true });
  try {
    return db.prepare("SELECT kind, type, payload FROM leads WHERE email = ?").get(email) as { kind: string; type: number; payload: string } | undefined;
  } finally {
    db.close();
  }
}

/** Focuses the ZIP field (which loads the answering code) and waits until it is there. */
async function prepare(page: Page) {
  // Focus counts once React has the form (before that it is a plain GET form).
  await hydrated(page);
  const zip = page.getByLabel(/Do we deliver to you\?/).first();
  await zip.focus();
  await expect(zip.locator("xpath=ancestor::form")).toHaveAttribute("data-ready", "true");
  return zip;
}

/**
 * Types a ZIP code and presses Check; returns what the live region says at the next
 * animation frame, before the browser paints again: the answer must be there.
 */
function answerByNextFrame(page: Page, zip: string) {
  return page.evaluate(
    (z) =>
      new Promise<string>((resolve) => {
        const form = document.querySelector<HTMLFormElement>("form[action='/service-area']");
        const input = form?.querySelector<HTMLInputElement>("input[name=zip]");
        const region = form?.parentElement?.querySelector("[role=status]");
        if (!form || !input || !region) return resolve("missing");
        input.value = z;
        form.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
        requestAnimationFrame(() => resolve(region.textContent ?? ""));
      }),
    zip,
  );
}

/** The home page with its pop-up put away. */
async function home(page: Page) {
  await page.goto("/");
  const popup = page.getByRole("dialog", { name: "How can we help you today?" });
  await expect(popup).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();
}

test.describe("ZIP check with JavaScript", () => {
  test("answers the three cases within the frame of the press, announced in a live region", async ({ page }) => {
    await home(page);
    await prepare(page);
    expect(await answerByNextFrame(page, "75201")).toBe("Yes, Fillway delivers in Dallas, TX");
    expect(await answerByNextFrame(page, "60601")).toBe("Coming soon to Chicago, IL");
    expect(await answerByNextFrame(page, "99501")).toBe("Not in your area yet");
    await expect(page.getByTestId("zip-answer")).toHaveText("Not in your area yet");
  });

  test("says what is wrong with a malformed or unknown ZIP code, on the field", async ({ page }) => {
    await home(page);
    const zip = await prepare(page);
    expect(await answerByNextFrame(page, "7520a")).toBe("Must be only digits");
    await expect(zip).toHaveAttribute("aria-invalid", "true");
    await expect(zip).toHaveAccessibleDescription("Must be only digits");
    expect(await answerByNextFrame(page, "00000")).toBe("We don't know that ZIP code. Please check it.");
    expect(await answerByNextFrame(page, "75201")).toBe("Yes, Fillway delivers in Dallas, TX");
    await expect(zip).not.toHaveAttribute("aria-invalid", "true");
  });

  test("Tell me when you arrive stores a waitlist lead with the ZIP code's market", async ({ page }) => {
    await home(page);
    const zip = await prepare(page);
    await zip.fill("60601");
    await page.getByRole("button", { name: "Check" }).first().click();
    await expect(page.getByTestId("zip-answer")).toHaveText("Coming soon to Chicago, IL");
    const email = `wait-${Date.now()}@example.com`;
    const form = page.getByRole("form", { name: /write to you when Fillway arrives at 60601/ });
    // The consent line speaks of e-mail only, and links the privacy policy.
    const consent = consentText(CONSENT_LINES.waitlist);
    await expect(form.getByText(consent)).toBeVisible();
    await expect(form.getByRole("button", { name: "Tell me when you arrive" })).toHaveAccessibleDescription(consent);
    await expect(form.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/privacy-policy");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Tell me when you arrive" }).click();
    // The confirmation says what the waitlist does next, not that a team will call.
    const dialog = page.getByRole("dialog", { name: "Thank you!!" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(WAITLIST_TEXT);
    await page.keyboard.press("Escape");
    const note = page.getByTestId("accepted-note");
    await expect(note.getByText("You are on the waitlist", { exact: true })).toBeFocused();
    await expect(note).toContainText(WAITLIST_NEXT);
    await expect(note).not.toContainText("business day");
    const row = leadRow(email);
    expect(row).toMatchObject({ kind: "waitlist", type: 1 });
    expect(JSON.parse(row?.payload ?? "{}")).toMatchObject({ zipCode: "60601", market: "Chicago, IL", status: "coming-soon" });
  });

  test("is on the FAQ and on /getafleet too", async ({ page }) => {
    await page.goto("/faq");
    await page.getByRole("button", { name: "Do you deliver to my ZIP code?" }).click();
    await expect(page.getByLabel(/Do we deliver to you\?/)).toBeVisible();
    await page.goto("/getafleet");
    await hydrated(page);
    await page.locator("#service-area").scrollIntoViewIfNeeded();
    const zip = page.getByRole("textbox", { name: /Do we deliver to you\?/ });
    // Its code loads when the field is first used; until then Check asks the answer page.
    await zip.focus();
    await expect(page.locator("#service-area form")).toHaveAttribute("data-ready", "true");
    await zip.fill("99501");
    await page.locator("#service-area").getByRole("button", { name: "Check" }).click();
    await expect(page.locator("#service-area").getByTestId("zip-answer")).toHaveText("Not in your area yet");
  });
});

test.describe("ZIP check without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a GET form whose answer the server renders, with the waitlist form", async ({ page }) => {
    await page.goto("/");
    await page
      .getByLabel(/Do we deliver to you\?/)
      .first()
      .fill("99501");
    await page.getByRole("button", { name: "Check" }).first().click();
    await expect(page).toHaveURL(/\/service-area\?type=1&zip=99501$/);
    await expect(page.getByTestId("zip-answer")).toHaveText("Not in your area yet");
    const email = `nojs-${Date.now()}@example.com`;
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Tell me when you arrive" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you!!" })).toBeVisible();
    const row = leadRow(email);
    expect(row).toMatchObject({ kind: "waitlist", type: 1 });
    expect(JSON.parse(row?.payload ?? "{}")).toMatchObject({ zipCode: "99501", market: "Seattle, WA", status: "not-served" });
  });

  test("answers served, malformed and unknown ZIP codes on the page", async ({ page }) => {
    for (const [zip, text] of [
      ["75201", "Yes, Fillway delivers in Dallas, TX"],
      ["7520a", "Must be only digits"],
      ["00000", "We don't know that ZIP code. Please check it."],
    ]) {
      await page.goto(`/service-area?zip=${zip}`);
      await expect(page.getByTestId("zip-answer"), zip).toHaveText(text ?? "");
    }
    await expect(page.getByRole("button", { name: "Tell me when you arrive" })).toHaveCount(0);
  });
});

test.describe("the answer page", () => {
  test("passes axe (WCAG 2.2 AA) with the waitlist form, in both themes", async ({ browser }) => {
    test.setTimeout(120_000);
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto("/service-area?zip=60601&type=1");
      await expect(page.getByTestId("zip-answer")).toHaveText("Coming soon to Chicago, IL");
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        colorScheme,
      ).toEqual([]);
      await context.close();
    }
  });
});
