import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Locator, Page } from "@playwright/test";
import { type Db, openDb } from "../../app/platform/db/db.server";
import { expect, hydrated, scrollToReady, test } from "./fixtures";
import { CONSENT_LINES, CONSENT_TEXT, CONSENT_VERSION, consentText } from "../../app/shared/forms/consent";
import { NEWSLETTER_TEXT, SUCCESS_TEXT } from "../../app/shared/forms/success";

/**
 * Lead capture end to end in Chromium: every kind of form filled and sent, the thank-you
 * dialog, the row in the database with the right type code, failures that keep what was
 * typed, and the same forms with JavaScript turned off.
 */

let db: Db;
test.beforeAll(async () => {
  db = await openDb(process.env.E2E_DATABASE_URL);
});
test.afterAll(async () => {
  await db?.close();
});

const email = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

async function rowsFor(address: string) {
  return db.kysely.selectFrom("leads").selectAll().where("email", "=", address).execute();
}

/** Waits until the row for `address` is there (the answer came before we look, but be fair to slow disks). */
async function storedRow(address: string) {
  await expect.poll(async () => (await rowsFor(address)).length, { message: `a lead for ${address}` }).toBe(1);
  const [row] = await rowsFor(address);
  return { ...row!, payload: JSON.parse(row!.payload) as Record<string, unknown> };
}

/** The form's script has run (a submit is no longer a plain page POST). */
async function ready(form: Locator) {
  await expect(form).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
}

async function openForm(page: Page, path: string, formSelector: string) {
  await page.goto(path);
  const form = page.locator(formSelector);
  await scrollToReady(form);
  return form;
}

/**
 * Opens the FAQ answer that holds the fleet sign-up, once the page is interactive, and
 * sees it open before the form inside is looked for (the answer loads its form as it
 * opens; a tap before the page is interactive has its own test in shell.spec.ts).
 */
async function openFleetAnswer(page: Page) {
  await hydrated(page);
  const question = page.getByRole("button", { name: "How do I set up scheduled fueling for my fleet?" });
  await question.click();
  await expect(question).toHaveAttribute("aria-expanded", "true");
}

/** Types into a city or ZIP combobox and chooses the first suggestion with the keyboard. */
async function chooseSuggestion(box: Locator, text: string, option: RegExp) {
  await box.fill("");
  // The answer for the whole text: on a slow machine an answer for the first letters can
  // open the list, and the later one then replaces its options (and the active one).
  const answered = box.page().waitForResponse((r) => r.url().includes("/web/getData2") && r.url().includes(`=${encodeURIComponent(text)}&`));
  await box.pressSequentially(text, { delay: 30 });
  await answered;
  const list = box.page().locator(`#${await box.getAttribute("aria-controls")}`);
  await expect(list.getByRole("option").first()).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await box.press("ArrowDown");
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await expect(list.getByRole("option").first()).toHaveText(option);
  await box.press("Enter");
  await expect(box).toHaveAttribute("aria-expanded", "false");
}

/** The dialog of spec 8: titled, worded, centred, then gone (its 4 s are read on the page's clock below). */
async function expectThankYouDialog(page: Page, text = SUCCESS_TEXT) {
  const dialog = page.getByRole("dialog", { name: "Thank you!!" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  const box = (await dialog.boundingBox())!;
  const vp = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - vp.width / 2)).toBeLessThan(2);
  expect(Math.abs(box.y + box.height / 2 - vp.height / 2)).toBeLessThan(2);
  await expect(page.getByRole("status").filter({ hasText: text })).toHaveCount(1);
  await expect(dialog).toBeHidden({ timeout: 15_000 });
}

/**
 * After the dialog the form's place keeps a note (docs/deviations.md) with focus on it;
 * "Send another request" brings back the empty form.
 */
async function sendAnother(page: Page) {
  const note = page.getByTestId("accepted-note");
  await expect(note).toContainText("Request received");
  await expect(note.getByText("Request received")).toBeFocused();
  await note.getByRole("button", { name: "Send another request" }).click();
}

async function fillQuickQuote(form: Locator, address: string) {
  await form.getByLabel("First name").fill("Ana");
  await form.getByLabel("Last name").fill("Lopez");
  await form.getByLabel("Email").fill(address);
  await form.getByLabel("Phone").fill("2145550147");
  await form.getByLabel("Business address").fill("400 Elm Street");
  await form.getByRole("combobox", { name: "ZIP code" }).fill("75202");
  await form.getByLabel("What do you need fueled?").fill("Six pickups, gasoline, twice a week.");
}

test.describe("Get a Fleet Quote", () => {
  test("the thank-you dialog stays 4 s by the page's own clock, then gives way to the note", async ({ page }) => {
    const form = await openForm(page, "/getafleet", "#quick-quote-form");
    await fillQuickQuote(form, email("clock"));
    await chooseSuggestion(form.getByRole("combobox", { name: "City" }), "Dall", /^Dallas, TX/);
    // From here the page's timers move only when the test moves them.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await form.getByRole("button", { name: "Request a call back" }).click();
    const dialog = page.getByRole("dialog", { name: "Thank you!!" });
    await expect(dialog).toBeVisible();
    await page.clock.runFor(3_900);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(200);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("accepted-note")).toContainText("Request received");
  });

  test("the quick quote is sent, stored with its names and type, and the form resets", async ({ page }) => {
    const form = await openForm(page, "/getafleet", "#quick-quote-form");
    const address = email("quick");
    await fillQuickQuote(form, address);
    await chooseSuggestion(form.getByRole("combobox", { name: "City" }), "Dall", /^Dallas, TX/);
    // Choosing a city fills its first ZIP.
    await expect(form.getByRole("combobox", { name: "ZIP code" })).toHaveValue("75201");
    await form.getByRole("button", { name: "Request a call back" }).click();
    await expectThankYouDialog(page);
    await sendAnother(page);
    await expect(form.getByLabel("First name")).toHaveValue("");
    await expect(form.getByLabel("Email")).toHaveValue("");
    const row = await storedRow(address);
    expect(row).toMatchObject({ kind: "quote-short", type: 19, page_path: "/getafleet" });
    expect(row.payload).toMatchObject({
      firstName: "Ana",
      lastName: "Lopez",
      phoneNumber: "2145550147",
      businessAddress: "400 Elm Street",
      city: "Dallas",
      zipCode: "75201",
      descriptionQuote: "Six pickups, gasoline, twice a week.",
      type: 19,
    });
    expect(row.submission_id).toMatch(/^[0-9a-f-]{36}$/);
    // The consent line under the button, its version and when it was shown.
    expect(row).toMatchObject({ consent_version: CONSENT_VERSION });
    expect(Date.parse(row.consent_shown_at ?? "")).toBeLessThanOrEqual(Date.parse(row.created_at));
  });

  test("every lead form shows the contact consent line under its button, which it describes", async ({ page }) => {
    for (const [path, selector] of [
      ["/getafleet", "#quick-quote-form"],
      ["/getafleet", "#fleet-quote-form"],
      ["/business-fleets-trucking-and-construction-companies", "#contact-form"],
      ["/gasoline", "#contact-form"],
      ["/faq", "#faq-fleet-signup"],
    ] as const) {
      await page.goto(path);
      if (path === "/faq") await openFleetAnswer(page);
      const form = page.locator(selector);
      await scrollToReady(form);
      await expect(form.getByText(CONSENT_TEXT), `${path} ${selector}`).toBeVisible();
      await expect(form.locator('button[type="submit"]')).toHaveAccessibleDescription(CONSENT_TEXT);
      // A form that asks a phone number speaks of calls and texts, and links the policy that says how to stop them.
      await expect(form.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/privacy-policy");
    }
  });

  test("the detailed quote fills the address from the city and sends every field of section 3", async ({ page }) => {
    const form = await openForm(page, "/getafleet", "#fleet-quote-form");
    const address = email("fleet");
    await form.getByLabel("Business name").fill("BuildRight Construction");
    await form.getByLabel("Email").fill(address);
    await form.getByLabel("Phone").fill("2145550199");
    await form.getByLabel("Street address").fill("400 Elm Street");
    await chooseSuggestion(form.getByRole("combobox", { name: "City" }), "Fort Wor", /^Fort Worth, TX/);
    await expect(form.getByLabel("State")).toHaveValue("TX");
    await expect(form.getByRole("combobox", { name: "ZIP code" })).toHaveValue(/^761\d\d$/);
    await expect(form.getByLabel("County")).toHaveValue("Tarrant County");
    // A ZIP typed by hand brings its own county.
    await form.getByRole("combobox", { name: "ZIP code" }).fill("75201");
    await expect(form.getByLabel("County")).toHaveValue("Dallas County");
    await form.getByLabel("Employees").selectOption("200-500");
    await form.getByLabel("Fleet size (vehicles)").fill("35");
    await form.getByLabel("Number of locations").fill("3");
    await form.getByLabel("Fuel per week (gallons)").fill("1200");
    await form.getByLabel("Fuel type").selectOption("Diesel Clear/Red");
    await form.getByLabel("Tank type").selectOption("Over Ground");
    await form.getByLabel("Delivery frequency").selectOption("weekly");
    await form.getByLabel("Delivery window (4 hours)").selectOption("20-24");
    await form.getByRole("button", { name: "Request my quote" }).click();
    await expectThankYouDialog(page);
    const row = await storedRow(address);
    expect(row).toMatchObject({ kind: "quote-business", type: 19, page_path: "/getafleet" });
    const year = new Date().getFullYear();
    expect(row.payload).toMatchObject({
      businessName: "BuildRight Construction",
      businessAddress: "400 Elm Street, Fort Worth, TX 75201",
      address2: "400 Elm Street",
      address1: "Fort Worth",
      city: "Fort Worth",
      state: "TX",
      zipCode: "75201",
      county: "Dallas County",
      country: "US",
      employeeSize: 500,
      fleetSize: 35,
      numberOfLocation: 3,
      gallons: 1200,
      fuelType: "Diesel Clear/Red",
      tankType: "Over Ground",
      frequency: "weekly",
      deliveryWindowStartTime: 20 * 3_600_000,
      deliveryWindowEndTime: 24 * 3_600_000,
      campaignStartDate: new Date(year, 0, 1).getTime(),
      campaignEndDate: new Date(year + 1, 0, 1).getTime() - 1,
    });
    expect(row.payload.lat).toMatch(/^32\.\d+$/);
    expect(row.payload.long).toMatch(/^-96\.\d+$/);
  });

  test("errors appear only once a field is touched, with the messages of spec 5", async ({ page }) => {
    const form = await openForm(page, "/getafleet", "#fleet-quote-form");
    await expect(form.getByText("businessName name required")).toHaveCount(0);
    const name = form.getByLabel("Business name");
    await name.focus();
    await form.getByLabel("Email").focus();
    await expect(form.getByText("businessName name required")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("businessName name required");
    // Untouched fields stay quiet.
    await expect(form.getByText("Email required")).toHaveCount(0);
    await form.getByLabel("Number of locations").fill("3a");
    await form.getByLabel("Number of locations").blur();
    await expect(form.getByText("Must be only digits")).toBeVisible();
    const phone = form.getByLabel("Phone");
    await phone.fill("214555014799");
    await expect(phone).toHaveValue("2145550147");
    // Submitting shows every remaining message and focuses the first field in error.
    await form.getByRole("button", { name: "Request my quote" }).click();
    for (const m of [
      "Email required",
      "Please select employee size",
      "Please enter fleet size",
      "Please enter gallons",
      "Please select tank type",
      "Please select fuel type",
      "Please select Frequency",
      "ZipCode is required",
    ]) {
      await expect(form.getByText(m, { exact: true })).toBeVisible();
    }
    await expect(name).toBeFocused();
  });

  test("a ZIP code or phone number typed part-way is told what is missing, and nothing is sent", async ({ page }) => {
    const form = await openForm(page, "/diesel-on-demand", "#contact-form");
    await ready(form);
    const address = email("short");
    await form.getByLabel("First name").fill("Dana");
    await form.getByLabel("Last name").fill("Reyes");
    await form.getByLabel("Email").fill(address);
    const phone = form.getByLabel("Phone");
    await phone.fill("21455");
    await phone.blur();
    await expect(phone).toHaveAccessibleDescription(/Please enter a 10-digit phone number/);
    const zip = form.getByRole("combobox", { name: "ZIP code" });
    await zip.fill("752");
    await zip.blur();
    await expect(zip).toHaveAccessibleDescription(/Please enter a 5-digit ZIP code/);
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(phone).toBeFocused();
    expect(await rowsFor(address)).toHaveLength(0);
  });

  test("a server failure or a dropped connection keeps what was typed, and a retry stores once", async ({ page }) => {
    const form = await openForm(page, "/getafleet", "#quick-quote-form");
    const address = email("retry");
    await fillQuickQuote(form, address);
    const send = form.getByRole("button", { name: "Request a call back" });

    await page.route("**/campaign/createCampaign", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }));
    await send.click();
    await expect(form.getByRole("alert")).toContainText("Something went wrong on our side and your details were not sent");
    await expect(form.getByLabel("Email")).toHaveValue(address);
    await expect(form.getByLabel("Business address")).toHaveValue("400 Elm Street");
    await expect(page.getByRole("dialog")).toBeHidden();

    await page.unroute("**/campaign/createCampaign");
    await page.route("**/campaign/createCampaign", (route) => route.abort("internetdisconnected"));
    await send.click();
    await expect(form.getByRole("alert")).toContainText("We couldn't reach our server");
    await expect(form.getByLabel("What do you need fueled?")).toHaveValue("Six pickups, gasoline, twice a week.");
    expect(await rowsFor(address)).toHaveLength(0);

    // The first try reached the server after all: the retry carries the same submission id.
    await page.unroute("**/campaign/createCampaign");
    const sentIds: string[] = [];
    await page.route("**/campaign/createCampaign", async (route) => {
      sentIds.push(JSON.parse(route.request().postData() ?? "{}").submissionId);
      const response = await route.fetch();
      if (sentIds.length === 1) {
        await route.fulfill({ status: 502, body: "" });
        return;
      }
      await route.fulfill({ response });
    });
    await send.click();
    await expect(form.getByRole("alert")).toContainText("Something went wrong on our side");
    await send.click();
    await expectThankYouDialog(page);
    expect(new Set(sentIds).size).toBe(1);
    expect(await rowsFor(address)).toHaveLength(1);
  });

  test("a double click stores once and Escape closes the dialog", async ({ page }) => {
    const form = await openForm(page, "/getafleet", "#quick-quote-form");
    const address = email("double");
    await fillQuickQuote(form, address);
    await form.getByRole("button", { name: "Request a call back" }).dblclick();
    const dialog = page.getByRole("dialog", { name: "Thank you!!" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await storedRow(address);
  });
});

/** The home pop-up opens 1 s after load; put it away before using the page. */
async function dismissHomePopup(page: Page) {
  const popup = page.getByRole("dialog", { name: "How can we help you today?" });
  await expect(popup).toBeVisible();
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(popup).toBeHidden();
}

test.describe("contact forms on the pages", () => {
  test("home: the type-1 contact form, filled by keyboard with a ZIP suggestion, is stored as type 1", async ({ page }) => {
    await page.goto("/");
    await dismissHomePopup(page);
    const form = page.locator("#contact-form");
    await form.scrollIntoViewIfNeeded();
    await ready(form);
    await expect(form.locator('input[type="hidden"][name="type"]')).toHaveValue("1");
    const address = email("home");
    await form.getByLabel("First name").fill("Dana");
    await form.getByLabel("Last name").fill("Reyes");
    await form.getByLabel("Email").fill(address);
    await form.getByLabel("Phone").fill("2145550123");
    await chooseSuggestion(form.getByRole("combobox", { name: "ZIP code" }), "7520", /^75201 Dallas, TX/);
    await expect(form.getByRole("combobox", { name: "City" })).toHaveValue("Dallas");
    await form.getByLabel("Message").fill("Two vans parked overnight at our depot need diesel twice a week.");
    await form.getByRole("button", { name: "Submit" }).press("Enter");
    await expectThankYouDialog(page);
    await sendAnother(page);
    await expect(form.getByLabel("Email")).toHaveValue("");
    const row = await storedRow(address);
    expect(row).toMatchObject({ kind: "lead-personal", type: 1, page_path: "/" });
    expect(row.payload).toEqual({
      email: address,
      firstName: "Dana",
      lastName: "Reyes",
      city: "Dallas",
      zipCode: "75201",
      message: "Two vans parked overnight at our depot need diesel twice a week.",
      type: 1,
      phone: "2145550123",
    });
  });

  test("home: the type-4 newsletter sign-up", async ({ page }) => {
    await page.goto("/");
    await dismissHomePopup(page);
    const form = page.locator("#newsletter-4");
    await form.scrollIntoViewIfNeeded();
    await ready(form);
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Email").blur();
    await expect(form.getByText("Email Should be valid")).toBeVisible();
    const address = email("news");
    await form.getByLabel("Email").fill(address);
    // Its consent line speaks of e-mail only and links the privacy policy.
    await expect(form.getByRole("button", { name: "Subscribe" })).toHaveAccessibleDescription(consentText(CONSENT_LINES.newsletter));
    await expect(form.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/privacy-policy");
    await form.getByRole("button", { name: "Subscribe" }).click();
    // It asks for the confirmation, not a call back.
    await expectThankYouDialog(page, NEWSLETTER_TEXT);
    expect(await storedRow(address)).toMatchObject({ kind: "newsletter", type: 4, page_path: "/", consent_version: CONSENT_LINES.newsletter.version });
  });

  test("business fleets: the business layout sends bussinessName and no names, as type 13", async ({ page }) => {
    const form = await openForm(page, "/business-fleets-trucking-and-construction-companies", "#contact-form");
    await expect(form.getByLabel("First name")).toHaveCount(0);
    const address = email("biz");
    await form.getByLabel("Business name").fill("Lone Star Logistics");
    await form.getByLabel("Business name").blur();
    await form.getByLabel("Business name").fill("Lone Star Logistics #1");
    await expect(form.getByText("Please enter valid businessName")).toBeVisible();
    await form.getByLabel("Business name").fill("Lone Star Logistics");
    await form.getByLabel("Email").fill(address);
    await form.getByLabel("Phone").fill("2145550147");
    await form.getByLabel("Business address").fill("2100 Ross Avenue, Dallas, TX");
    await form.getByRole("combobox", { name: "ZIP code" }).fill("75201");
    await form.getByLabel("Company size").selectOption("50-100");
    await form.getByLabel("Fleet size").selectOption("20");
    await form.getByLabel("Fuel type").selectOption({ index: 2 });
    await form.getByRole("button", { name: "Submit" }).click();
    await expectThankYouDialog(page);
    const row = await storedRow(address);
    expect(row).toMatchObject({ kind: "lead-business", type: 13, page_path: "/business-fleets-trucking-and-construction-companies" });
    expect(row.payload).toMatchObject({
      bussinessName: "Lone Star Logistics",
      bussinessAddress: "2100 Ross Avenue, Dallas, TX",
      companySize: "50-100",
      fleetSize: "20",
      fuelType: "Red diesel plus DEF with gasoline",
      zipCode: "75201",
      phone: "2145550147",
    });
    expect(row.payload).not.toHaveProperty("firstName");
  });

  test("FAQ: the fleet scheduled-fueling sign-up fills state from the city and is stored as type 17", async ({ page }) => {
    await page.goto("/faq");
    await openFleetAnswer(page);
    const form = page.locator("#faq-fleet-signup");
    await scrollToReady(form);
    const address = email("fleet17");
    await form.getByLabel("First name").fill("Marcus");
    await form.getByLabel("Last name").fill("Reed");
    await form.getByLabel("Email").fill(address);
    // Only digits are kept: letters leave the field empty.
    await form.getByLabel("Phone").fill("call me");
    await expect(form.getByLabel("Phone")).toHaveValue("");
    await form.getByLabel("Phone").blur();
    await expect(form.getByText("Phone number required")).toBeVisible();
    await form.getByLabel("Phone").fill("5");
    await expect(form.getByText("Phone number is not valid")).toBeVisible();
    await form.getByLabel("Phone").fill("2145550147");
    await form.getByLabel("Company name").fill("Reed Hauling");
    await chooseSuggestion(form.getByRole("combobox", { name: "City" }), "Okla", /^Oklahoma City, OK/);
    await expect(form.getByLabel("State")).toHaveValue("OK");
    await expect(form.getByRole("combobox", { name: "ZIP code" })).toHaveValue(/^73\d{3}$/);
    await form.getByLabel("Fleet size").selectOption("11-50");
    await form.getByLabel("Fleet type").selectOption("Semi trucks");
    await form.getByRole("button", { name: "Sign up" }).click();
    await expectThankYouDialog(page);
    const row = await storedRow(address);
    expect(row).toMatchObject({ kind: "fleet", type: 17, page_path: "/faq" });
    expect(row.payload).toMatchObject({
      companyName: "Reed Hauling",
      city: "Oklahoma City",
      stateId: "OK",
      fleetSize: "11-50",
      fleetType: "Semi trucks",
      type: 17,
    });
  });
});

test("the validation code loads only when a visitor enters a form", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/gasoline", { waitUntil: "networkidle" });
  const form = page.locator("#contact-form");
  await form.scrollIntoViewIfNeeded();
  await ready(form);
  expect(scripts.filter((s) => /\/schemas-[\w-]+\.js$/.test(s))).toEqual([]);
  await form.getByLabel("First name").focus();
  await expect.poll(() => scripts.filter((s) => /\/schemas-[\w-]+\.js$/.test(s)).length).toBe(1);
  await form.getByLabel("Last name").focus();
  await expect(form.getByText("First name required")).toBeVisible();
});

test("a form's code loads as the visitor nears it, and what was typed before that is sent", async ({ page }) => {
  const formCode = /\/assets\/contact-form-[\w-]+\.js$/;
  const requested: string[] = [];
  page.on("request", (r) => {
    if (formCode.test(new URL(r.url()).pathname)) requested.push(r.url());
  });
  // Hold the form's code back, as a slow network would, while the visitor types.
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(formCode, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "networkidle" });
  await dismissHomePopup(page);
  expect(requested, "no form code with the first screen").toEqual([]);
  const form = page.locator("#contact-form");
  await form.scrollIntoViewIfNeeded();
  await expect.poll(() => requested.length).toBe(1);
  await expect(form).not.toHaveAttribute("data-ready", "true");
  const address = email("early");
  await form.getByLabel("First name").fill("Early");
  await form.getByLabel("Last name").fill("Typist");
  await form.getByLabel("Email").fill(address);
  await form.getByLabel("Phone").fill("2145550188");
  await form.getByRole("combobox", { name: "ZIP code" }).fill("75201");
  release();
  await ready(form);
  await expect(form.getByLabel("First name")).toHaveValue("Early");
  await form.getByRole("button", { name: "Submit" }).click();
  await expectThankYouDialog(page);
  const row = await storedRow(address);
  expect(row.payload).toMatchObject({ firstName: "Early", lastName: "Typist", phone: "2145550188", zipCode: "75201", type: 1 });
});

test.describe("without JavaScript", () => {
  async function noScriptPage(browser: Browser) {
    const context = await browser.newContext({ javaScriptEnabled: false });
    return { context, page: await context.newPage() };
  }

  test("a quote posts to the page, which shows the errors beside the fields, then the thank-you", async ({ browser }) => {
    const { context, page } = await noScriptPage(browser);
    await page.goto("/getafleet");
    const form = page.locator("#quick-quote-form");
    await form.getByLabel("First name").fill("Ana");
    await form.getByLabel("Email").fill("not-an-email");
    const [bad] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Request a call back" }).click(),
    ]);
    expect(bad.status()).toBe(422);
    const again = page.locator("#quick-quote-form");
    await expect(again.getByLabel("First name")).toHaveValue("Ana");
    await expect(again.getByLabel("Email")).toHaveValue("not-an-email");
    await expect(again.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email");
    await expect(again.locator("#quick-quote-form-lastName-error")).toHaveText("Last name required");
    await expect(again.locator("#quick-quote-form-phoneNumber-error")).toHaveText("phoneNumber is required");
    // First in the form, focused: the message and a link to each field to correct.
    const summary = again.getByRole("alert").filter({ hasText: "Some answers need another look" });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: "Last name required" })).toHaveAttribute("href", "#quick-quote-form-lastName");
    // The other form on the page is untouched.
    await expect(page.locator("#fleet-quote-form").getByText("Email required")).toHaveCount(0);

    const address = email("nojs");
    await fillQuickQuote(again, address);
    await again.getByRole("combobox", { name: "City" }).fill("Dallas");
    const [ok] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      again.getByRole("button", { name: "Request a call back" }).click(),
    ]);
    expect(ok.status()).toBe(200);
    await expect(page.locator("#quick-quote-form").getByRole("status").filter({ hasText: "Thank you!!" })).toContainText(`Thank you!! ${SUCCESS_TEXT}`);
    const row = await storedRow(address);
    expect(row).toMatchObject({ kind: "quote-short", type: 19, page_path: "/getafleet" });
    // Derived from the post, so the same post sent again stores once (decision record 036).
    expect(row.submission_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(row).toMatchObject({ consent_version: CONSENT_VERSION });
    expect(row.payload).toMatchObject({ firstName: "Ana", city: "Dallas", zipCode: "75202" });
    await context.close();
  });

  test("the detailed quote takes state, county and coordinates from the ZIP", async ({ browser }) => {
    const { context, page } = await noScriptPage(browser);
    await page.goto("/getafleet");
    const form = page.locator("#fleet-quote-form");
    const address = email("nojs-fleet");
    await form.getByLabel("Business name").fill("Harbor Freight Movers");
    await form.getByLabel("Email").fill(address);
    await form.getByLabel("Phone").fill("7135550100");
    await form.getByLabel("Street address").fill("1 Port Road");
    await form.getByRole("combobox", { name: "ZIP code" }).fill("77002");
    await form.getByLabel("Employees").selectOption("10-50");
    await form.getByLabel("Fleet size (vehicles)").fill("12");
    await form.getByLabel("Number of locations").fill("1");
    await form.getByLabel("Fuel per week (gallons)").fill("400");
    await form.getByLabel("Fuel type").selectOption("Gasoline");
    await form.getByLabel("Tank type").selectOption("Under Ground");
    await form.getByLabel("Delivery frequency").selectOption("daily");
    await form.getByLabel("Delivery window (4 hours)").selectOption("00-04");
    await form.getByRole("button", { name: "Request my quote" }).click();
    await expect(page.locator("#fleet-quote-form").getByRole("status").filter({ hasText: "Thank you!!" })).toBeVisible();
    const row = await storedRow(address);
    expect(row.payload).toMatchObject({
      city: "Houston",
      state: "TX",
      county: "Harris County",
      country: "US",
      employeeSize: 50,
      deliveryWindowStartTime: 0,
      deliveryWindowEndTime: 14_400_000,
    });
    expect(row.payload.lat).toMatch(/^29\./);
    await context.close();
  });
});

test.describe("the API refuses what the forms never send", () => {
  test("too large, wrong content type, malformed JSON", async ({ request }) => {
    const big = await request.post("/web/form", { headers: { "content-type": "application/json" }, data: JSON.stringify({ message: "x".repeat(20_000) }) });
    expect(big.status()).toBe(413);
    const form = await request.post("/web/form", { headers: { "content-type": "text/plain" }, data: "email=a@b.co" });
    expect(form.status()).toBe(415);
    const broken = await request.post("/web/suscribe", { headers: { "content-type": "application/json" }, data: Buffer.from('{"email":') });
    expect(broken.status()).toBe(400);
  });
});

test.describe("accessibility of the form states", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`errors, open suggestions and the thank-you dialog pass axe (${colorScheme})`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      const axe = () => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).include("#quote").analyze();
      const form = await openForm(page, "/getafleet", "#fleet-quote-form");
      await form.getByRole("button", { name: "Request my quote" }).click();
      await expect(form.getByText("Email required")).toBeVisible();
      const city = form.getByRole("combobox", { name: "City" });
      await city.pressSequentially("Aus", { delay: 30 });
      await expect(form.getByRole("listbox", { name: "Matching cities" })).toBeVisible();
      await city.press("ArrowDown");
      const list = (r: Awaited<ReturnType<typeof axe>>) => r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
      expect(list(await axe())).toEqual([]);
      const quick = page.locator("#quick-quote-form");
      await fillQuickQuote(quick, email(`axe-${colorScheme}`));
      await quick.getByRole("button", { name: "Request a call back" }).click();
      await expect(page.getByRole("dialog", { name: "Thank you!!" })).toBeVisible();
      expect(list(await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).include("dialog[open]").analyze())).toEqual(
        [],
      );
      await context.close();
    });
  }
});
