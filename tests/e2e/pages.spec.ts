import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { brand } from "../../app/copy/brand";
import { daysInWords, LEAD_RETENTION_DAYS_DEFAULT, WAITLIST_RETENTION_DAYS_DEFAULT } from "../../app/shared/retention";
import { faqItems } from "../../app/copy/faq";
import { termsSections } from "../../app/copy/legal/terms";
import { type PagePath, pages } from "../../app/copy/pages";
import { teamGroups } from "../../app/copy/team";
import { type Db, openDb } from "../../app/platform/db/db.server";
import { expect, hydrated, scrollToReady, test } from "./fixtures";

/**
 * The content pages of spec 2.4: each page's heading, key sections and links (targets as
 * the spec lists them), the page-specific behaviour (tabs, accordion, calculators), and
 * its form, filled and sent in the browser, arriving in the database with the page's
 * type code.
 */

let db: Db;
test.beforeAll(async () => {
  db = await openDb(process.env.E2E_DATABASE_URL);
});
test.afterAll(async () => {
  await db?.close();
});

const unique = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

/** The stored submission for an address (polled: the dialog may show a moment before we look). */
async function storedLead(email: string) {
  const rows = () => db.kysely.selectFrom("leads").selectAll().where("email", "=", email).execute();
  await expect.poll(async () => (await rows()).length, { message: `a lead for ${email}` }).toBe(1);
  const [row] = await rows();
  return row!;
}

async function open(page: Page, path: PagePath) {
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages[path].h1);
}

/** A section heading (level 2) by its text. */
const h2 = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 2, name });

/** The form's script has run, so a submit goes through the form kit (not a plain POST). */
async function readyForm(page: Page, selector: string): Promise<Locator> {
  const form = page.locator(selector);
  await scrollToReady(form);
  return form;
}

/** Types into a city or ZIP combobox and picks the first suggestion with the keyboard, as a visitor would. */
async function pickSuggestion(form: Locator, name: "City" | "ZIP code", text: string) {
  const box = form.getByRole("combobox", { name });
  await box.fill(text);
  const list = form.page().locator(`#${await box.getAttribute("aria-controls")}`);
  await expect(list.getByRole("option").first()).toBeVisible();
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(box).toHaveAttribute("aria-expanded", "false");
}

async function fillZip(form: Locator, zip = "75201") {
  await pickSuggestion(form, "ZIP code", zip);
  await expect(form.getByRole("combobox", { name: "ZIP code" })).toHaveValue(zip);
}

type Layout = "personal" | "business" | "saas";

async function fillLead(form: Locator, layout: Layout, email: string) {
  if (layout === "business") {
    await form.getByLabel("Business name").fill("Trinity Ridge Builders");
  } else {
    await form.getByLabel("First name").fill("Jordan");
    await form.getByLabel("Last name").fill("Reyes");
  }
  await form.getByLabel("Email").fill(email);
  if (layout !== "saas") await form.getByLabel("Phone").fill("2145550147");
  await fillZip(form);
  if (layout === "business") {
    await form.getByLabel("Company size").selectOption("10-50");
    await form.getByLabel("Fleet size").selectOption("20");
    await form.getByLabel("Fuel type").selectOption("Diesel/DEF other");
  }
  await form.getByLabel("Message").fill("Twelve vans parked overnight in our yard.");
}

/** Fills and sends the form, waits for the thank-you dialog and returns the stored row. */
async function submitLead(page: Page, selector: string, layout: Layout) {
  const form = await readyForm(page, selector);
  const email = unique(layout);
  await fillLead(form, layout, email);
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("dialog", { name: "Thank you!!" })).toBeVisible();
  return storedLead(email);
}

/** Every page's closing form: its type code (spec 3) and whether it asks for business fields. */
const forms: { path: PagePath; type: number; layout: Layout }[] = [
  { path: "/our-process", type: 2, layout: "personal" },
  { path: "/leaderShip-team", type: 3, layout: "personal" },
  { path: "/fueling-the-future", type: 4, layout: "personal" },
  { path: "/fuel-management-software", type: 5, layout: "business" },
  { path: "/gui-fleet", type: 6, layout: "personal" },
  { path: "/geofencing", type: 7, layout: "personal" },
  { path: "/diesel-on-demand", type: 8, layout: "personal" },
  { path: "/gasoline", type: 9, layout: "personal" },
  { path: "/autonomous-fleet-equipment", type: 10, layout: "personal" },
  { path: "/our-fuel-techs-and-sefaty", type: 11, layout: "personal" },
  { path: "/environmental-impact", type: 12, layout: "personal" },
  { path: "/business-fleets-trucking-and-construction-companies", type: 13, layout: "business" },
  { path: "/corporate-and-college-campuses-stadiums-and-arenas", type: 13, layout: "business" },
  { path: "/automated-fleet", type: 14, layout: "business" },
  { path: "/retail-and-rurface-parking-lots", type: 15, layout: "personal" },
  { path: "/chargeitup", type: 16, layout: "personal" },
  { path: "/investors", type: 16, layout: "personal" },
  { path: "/careers", type: 1, layout: "personal" },
  { path: "/faq", type: 1, layout: "personal" },
  { path: "/saas/home", type: 18, layout: "saas" },
  { path: "/saas/geofence", type: 18, layout: "saas" },
  { path: "/saas/fuelmanagement", type: 18, layout: "saas" },
  { path: "/saas/fleetmanagement", type: 18, layout: "saas" },
  { path: "/edm-pa", type: 20, layout: "business" },
];

test.describe("each page ends in its form, which stores the page's type code", () => {
  for (const { path, type, layout } of forms) {
    test(`${path}: form type ${type} (${layout})`, async ({ page }) => {
      await open(page, path);
      // The form is the last section of the page's content (a part that loads its code
      // when near sits in a wrapper of its own).
      const lastSection = page.locator("main > section, main > div > section").last();
      await expect(lastSection).toHaveAttribute("id", "contact");
      const form = page.locator("#contact-form");
      // Business variants ask for the business instead of the person (spec 3).
      await expect(form.getByLabel("Business name")).toHaveCount(layout === "business" ? 1 : 0);
      await expect(form.getByLabel("First name")).toHaveCount(layout === "business" ? 0 : 1);
      const row = await submitLead(page, "#contact-form", layout);
      expect(row).toMatchObject({ type, page_path: path, kind: `lead-${layout}` });
      expect(JSON.parse(row.payload)).toMatchObject({ type });
    });
  }
});

test("/our-process: supply chains, onboarding, the four plans and the fuel links", async ({ page }) => {
  await open(page, "/our-process");
  await expect(page.getByRole("heading", { name: "The traditional way" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The Fillway way" })).toBeVisible();
  const onboarding = page.locator("#onboarding");
  await expect(onboarding.getByRole("listitem")).toHaveCount(4);
  const plans = page.locator("#plans");
  for (const [plan, price] of [
    ["Non-Subscription", "$4.99"],
    ["Silver", "$9.99"],
    ["Gold", "$14.99"],
    ["Platinum", "$19.99"],
  ] as const) {
    await expect(plans.getByRole("listitem").filter({ has: page.getByRole("heading", { name: plan }) })).toContainText(price);
  }
  const fuels = page.locator("#fuels");
  await expect(fuels.getByRole("link", { name: /Diesel on demand/ })).toHaveAttribute("href", "/diesel-on-demand");
  await expect(fuels.getByRole("link", { name: /Gasoline delivery/ })).toHaveAttribute("href", "/gasoline");
  await expect(fuels.getByRole("link", { name: /Renewable energy/ })).toHaveAttribute("href", "/diesel-on-demand");
  await fuels.getByRole("link", { name: /Gasoline delivery/ }).click();
  await expect(page).toHaveURL(/\/gasoline$/);
});

test("/leaderShip-team: mission, the four values and the four groups of people", async ({ page }) => {
  await open(page, "/leaderShip-team");
  await expect(h2(page, "Put the fuel where the vehicles already are")).toBeVisible();
  const values = page.locator("#values");
  for (const value of ["Integrity", "Trust", "Safety", "Disruptive"]) {
    await expect(values.getByRole("heading", { level: 3, name: value })).toBeVisible();
  }
  for (const group of teamGroups) {
    const section = page.locator(`#${group.id}`);
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(group.title);
    await expect(section.getByRole("listitem")).toHaveCount(group.members.length);
  }
  // Avatars are initials, never photos.
  await expect(page.locator("#executive-team img")).toHaveCount(0);
  const profile = page.getByRole("link", { name: /Profile of Marcus Adeyemi/ });
  await expect(profile).toHaveAttribute("target", "_blank");
  await expect(profile).toHaveAttribute("rel", /noopener/);
});

test("/fueling-the-future: the foundation, STEM programmes, the coming-soon statement and its links", async ({ page }) => {
  await open(page, "/fueling-the-future");
  await expect(h2(page, brand.foundation.motto)).toBeVisible();
  await expect(h2(page, "Where the foundation will focus")).toBeVisible();
  // The specification's "Coming in 2024" no longer promises a past year (docs/deviations.md).
  await expect(page.getByText("Coming soon", { exact: true })).toBeVisible();
  const external = page.getByRole("link", { name: new RegExp(`Visit the ${brand.foundation.name}`) });
  await expect(external).toHaveCount(2);
  for (const link of await external.all()) {
    await expect(link).toHaveAttribute("href", brand.foundation.url);
    await expect(link).toHaveAttribute("target", "_blank");
  }
  await page.getByRole("link", { name: /Discover Fillway Charge/ }).click();
  await expect(page).toHaveURL(/\/chargeitup$/);
});

test("/fuel-management-software: the feature list and Get a Fleet Quote", async ({ page }) => {
  await open(page, "/fuel-management-software");
  await expect(page.locator("#features").getByRole("listitem")).toHaveCount(9);
  await expect(page.getByRole("heading", { name: "Telematics integration" })).toBeVisible();
  const quote = page.getByRole("link", { name: "Get a Fleet Quote" });
  await expect(quote).toHaveCount(2);
  await quote.first().click();
  await expect(page).toHaveURL(/\/getafleet$/);
});

test("/gui-fleet: three truck tabs with the section 9 facts, first active; safety and fuel types", async ({ page }) => {
  await open(page, "/gui-fleet");
  const tabs = page.getByRole("tablist", { name: "Truck sizes" }).getByRole("tab");
  await expect(tabs).toHaveText(["F-250", "1200 / Hino 195", "Large tanker"]);
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel");
  await expect(panel).toHaveCount(1);
  for (const fact of ["400 gallons", "19 ft", "10,000 lbs"]) await expect(panel).toContainText(fact);

  await tabs.nth(1).click();
  for (const fact of ["About 1,200 gallons", "About 22.58 ft", "19,500 lbs"]) await expect(page.getByRole("tabpanel")).toContainText(fact);

  // Arrow keys move between tabs (WAI-ARIA).
  await tabs.nth(1).press("ArrowRight");
  await expect(tabs.nth(2)).toBeFocused();
  await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
  for (const fact of ["3,000 to 5,000 gallons", "About 27.75 ft", "43,900 lbs"]) await expect(page.getByRole("tabpanel")).toContainText(fact);

  await expect(h2(page, "Safety built into every truck")).toBeVisible();
  const fuels = page.locator("#fuel-types");
  for (const [name, href] of [
    ["Diesel / DEF", "/diesel-on-demand"],
    ["Gasoline", "/gasoline"],
    ["Renewable Energy", "/diesel-on-demand"],
  ] as const) {
    const card = fuels.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
    await expect(card.getByRole("link")).toHaveAttribute("href", href);
  }
});

test("/geofencing, /diesel-on-demand, /autonomous-fleet-equipment: their key sections", async ({ page }) => {
  await open(page, "/geofencing");
  await expect(h2(page, "From a pin on a map to a full tank")).toBeVisible();
  await expect(page.locator("#how-it-works").getByRole("listitem")).toHaveCount(4);

  await open(page, "/diesel-on-demand");
  for (const product of ["Clear diesel", "Red (off-road) diesel", "DEF"]) {
    await expect(page.locator("#products").getByRole("heading", { name: product, exact: true })).toBeVisible();
  }
  await expect(h2(page, "Renewable diesel, with no engine changes")).toBeVisible();

  await open(page, "/autonomous-fleet-equipment");
  await expect(h2(page, /^Fuelling .*Autonomous/)).toBeVisible();
  await expect(page.locator("#how-it-works").getByRole("listitem")).toHaveCount(4);
});

test("/gasoline: benefit lists and Read More to the retail page", async ({ page }) => {
  await open(page, "/gasoline");
  await expect(page.getByRole("heading", { level: 3, name: "For drivers" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "For businesses" })).toBeVisible();
  await page.getByRole("link", { name: /^Read More/ }).click();
  await expect(page).toHaveURL(/\/retail-and-rurface-parking-lots$/);
});

test("/our-fuel-techs-and-sefaty: training, the gallons in the technician app, every safety measure, careers", async ({ page }) => {
  await open(page, "/our-fuel-techs-and-sefaty");
  await expect(page.locator("#training").getByRole("listitem")).toHaveCount(4);
  await expect(page.locator("#technician-app")).toContainText("gallons pumped");
  for (const measure of [
    "Trained and certified technicians",
    "Vapor recovery",
    "Kill switches",
    "Overflow protection",
    "Grounding cables",
    "Contactless operation",
    "Fire-code compliance",
    "Protective equipment",
  ]) {
    await expect(page.locator("#safety").getByRole("heading", { name: measure, exact: true })).toBeVisible();
  }
  await page.getByRole("link", { name: /See careers at Fillway/ }).click();
  await expect(page).toHaveURL(/\/careers$/);
});

test("/environmental-impact: the quoted facts, rewards coming soon, and the CO2 calculator", async ({ page }) => {
  await open(page, "/environmental-impact");
  const facts = page.locator("#facts");
  await expect(facts).toContainText("19 lbs");
  await expect(facts).toContainText("of CO2 from a gallon of gasoline");
  await expect(facts).toContainText("22 lbs");
  await expect(facts).toContainText("of CO2 from a gallon of diesel");
  await expect(facts).toContainText("About 60 lbs for a diesel fleet vehicle and 51 lbs for a gasoline one");
  await expect(page.getByText("CO2 rewards program: coming soon")).toBeVisible();

  const calc = page.getByRole("group", { name: "CO2 calculator" });
  await calc.scrollIntoViewIfNeeded();
  const result = page.locator("#calculator output");
  await expect(result).toHaveText("0 lbs");
  await calc.getByRole("spinbutton", { name: /^Number of vehicles/ }).fill("200");
  await calc.getByRole("spinbutton", { name: /^Fuelings per week/ }).fill("2");
  // 52 weeks x 2 fuelings x 200 vehicles x 9 lbs (diesel, spec 9).
  await expect(result).toHaveText("187,200 lbs");
  // Changing the fuel type starts over.
  await calc.getByText("Gasoline", { exact: true }).click();
  await expect(result).toHaveText("0 lbs");
});

test("/business-fleets-trucking-and-construction-companies: scenarios, benefits, venue promo, supplier block, testimonials", async ({ page }) => {
  await open(page, "/business-fleets-trucking-and-construction-companies");
  await expect(page.getByRole("region", { name: "Places we fuel" }).getByRole("group")).toHaveText([
    "Stadiums",
    "Hospitals",
    "Office Park",
    "Airport",
    "Hotel",
    "School",
    "Fleet",
  ]);
  await expect(page.getByRole("heading", { level: 3, name: "For the business" })).toBeVisible();
  await expect(h2(page, `Official mobile fuel provider of ${brand.footballTeam}`)).toBeVisible();
  await expect(h2(page, "A certified minority-owned supplier")).toBeVisible();
  await expect(page.locator("#testimonials")).toBeVisible();
  await page.getByRole("link", { name: "Get a fleet plan" }).click();
  await expect(page).toHaveURL(/#contact$/);
});

test("/corporate-and-college-campuses-stadiums-and-arenas: audiences, perk steps and venues", async ({ page }) => {
  await open(page, "/corporate-and-college-campuses-stadiums-and-arenas");
  for (const audience of ["Corporate campuses", "College campuses", "Stadiums and arenas"]) {
    await expect(page.locator("#audiences").getByRole("heading", { name: audience })).toBeVisible();
  }
  await expect(page.locator("#how-it-works").getByRole("listitem")).toHaveCount(4);
  await expect(h2(page, "Event days without fuel runs")).toBeVisible();
});

test("/retail-and-rurface-parking-lots: scenarios, app pitch with badges, newsletter type 1 with privacy link", async ({ page }) => {
  await open(page, "/retail-and-rurface-parking-lots");
  await expect(page.getByRole("region", { name: "Places we fuel" }).getByRole("group")).toHaveText(["Shopping", "Office Park", "Airport", "Hotels", "School"]);
  const app = page.locator("#app");
  await expect(app.getByRole("link", { name: /iPhone/ })).toHaveAttribute("href", brand.apps.ios);
  await expect(app.getByRole("link", { name: /Android/ })).toHaveAttribute("href", brand.apps.android);

  const newsletter = page.locator("#newsletter");
  await expect(newsletter.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/privacy-policy");
  const form = await readyForm(page, "#newsletter form");
  const email = unique("retail-news");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("dialog", { name: "Thank you!!" })).toBeVisible();
  expect(await storedLead(email)).toMatchObject({ kind: "newsletter", type: 1 });
});

test("/automated-fleet: Register Now to home, honest figures, savings calculator, testimonials", async ({ page }) => {
  await open(page, "/automated-fleet");
  await expect(page.getByRole("link", { name: "Register Now" })).toHaveAttribute("href", "/");
  const figures = page.locator("#figures");
  for (const [value, label] of [
    ["78%", "less driver time spent on fueling"],
    ["52%", "lower cost per fill, fuel aside"],
    ["10%", "less fuel burned on fueling days"],
  ] as const) {
    await expect(figures.getByRole("definition").filter({ hasText: value })).toBeVisible();
    await expect(figures.getByRole("term").filter({ hasText: label })).toBeVisible();
  }
  await expect(figures).toContainText("not measured results or a guarantee");

  const calc = page.getByRole("group", { name: "Savings calculator" });
  await calc.scrollIntoViewIfNeeded();
  await calc.getByRole("spinbutton", { name: /^Vehicles/ }).fill("10");
  await calc.getByRole("spinbutton", { name: /^Refuels per week/ }).fill("3");
  const outputs = page.locator("#savings output");
  // 10 vehicles x 3 refuels x 4 weeks x 12 months = 1,440; annual average 12 x 1,440 / 100.
  await expect(outputs).toHaveText(["$1,440", "$173"]);
  await page.getByRole("button", { name: "Re-Calculate" }).click();
  await expect(outputs).toHaveText(["$0", "$0"]);
  await expect(page.locator("#testimonials")).toBeVisible();

  await page.getByRole("link", { name: "Register Now" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("/edm-pa: the same page, whose Register Now scrolls to the form", async ({ page }) => {
  await open(page, "/edm-pa");
  await expect(page.locator("#figures")).toContainText("78%");
  await expect(page.getByRole("group", { name: "Savings calculator" })).toBeAttached();
  const register = page.getByRole("link", { name: "Register Now" });
  await expect(register).toHaveAttribute("href", "#contact");
  await register.click();
  await expect(page).toHaveURL(/\/edm-pa#contact$/);
  await expect(page.locator("#contact-form")).toBeInViewport();
});

test("/saas/home: three product tabs, each Know More to its page", async ({ page }) => {
  await open(page, "/saas/home");
  const tabs = page.getByRole("tablist", { name: "Fillway Cloud products" }).getByRole("tab");
  await expect(tabs).toHaveText(["Fuel management", "Geofence", "Fleet management"]);
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  const expected = ["/saas/fuelmanagement", "/saas/geofence", "/saas/fleetmanagement"];
  for (const [i, href] of expected.entries()) {
    await tabs.nth(i).click();
    await expect(page.getByRole("tabpanel").getByRole("link", { name: /^Know More/ })).toHaveAttribute("href", href);
  }
  await page
    .getByRole("tabpanel")
    .getByRole("link", { name: /^Know More/ })
    .click();
  await expect(page).toHaveURL(/\/saas\/fleetmanagement$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages["/saas/fleetmanagement"].h1);
});

test("the SaaS product pages share one template and link to each other", async ({ page }) => {
  const paths = ["/saas/geofence", "/saas/fuelmanagement", "/saas/fleetmanagement"] as const;
  for (const path of paths) {
    await open(page, path);
    await expect(page.locator("#features").getByRole("listitem")).toHaveCount(6);
    const more = page.locator("#more");
    for (const other of paths.filter((p) => p !== path)) {
      await expect(more.locator(`a[href="${other}"]`)).toHaveCount(1);
    }
  }
});

test("/chargeitup: Keep it Positive, Coming soon, the four-tab slider, Learn More to /getafleet", async ({ page }) => {
  await open(page, "/chargeitup");
  await expect(page.getByText("Coming soon", { exact: true })).toBeVisible();
  const tabs = page.getByRole("tablist", { name: "Charging options" }).getByRole("tab");
  await expect(tabs).toHaveText(["The app", "Public and business stations", "Home stations", "Robotic charging"]);
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  await tabs.nth(3).click();
  await expect(page.getByRole("tabpanel").getByRole("heading", { name: "Robotic charging" })).toBeVisible();
  const learnMore = page.getByRole("link", { name: /^Learn More/ });
  await expect(learnMore.first()).toHaveAttribute("href", "/getafleet");
  await learnMore.first().click();
  await expect(page).toHaveURL(/\/getafleet$/);
});

test("/getafleet: the quote forms (type 19), community partners and testimonials", async ({ page }) => {
  await open(page, "/getafleet");
  await expect(h2(page, "Fueling the communities we deliver in")).toBeVisible();
  await expect(page.locator("#community-partners").getByRole("listitem")).toHaveCount(6);
  await expect(page.locator("#testimonials")).toBeVisible();
  await expect(page.locator("#fleet-quote-form")).toBeAttached();

  const form = await readyForm(page, "#quick-quote-form");
  const email = unique("pages-quote");
  await form.getByLabel("First name").fill("Ana");
  await form.getByLabel("Last name").fill("Lopez");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("2145550147");
  await form.getByLabel("Business address").fill("400 Elm Street");
  await fillZip(form, "75202");
  await form.getByRole("button", { name: "Request a call back" }).click();
  await expect(page.getByRole("dialog", { name: "Thank you!!" })).toBeVisible();
  expect(await storedLead(email)).toMatchObject({ type: 19, page_path: "/getafleet" });
});

test.describe("/faq", () => {
  test("about forty questions, the first open, the required topics and FAQPage data", async ({ page }) => {
    await open(page, "/faq");
    const questions = page.locator("main h3 > button[aria-expanded]");
    await expect(questions).toHaveCount(faqItems.length);
    expect(faqItems.length).toBeGreaterThanOrEqual(36);
    expect(faqItems.length).toBeLessThanOrEqual(44);
    await expect(questions.first()).toHaveAttribute("aria-expanded", "true");
    await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("main h3 > button[aria-expanded=true]")).toHaveCount(1);

    for (const [question, answer] of [
      ["Why is there an authorization hold on my card?", "authorization hold is not a charge"],
      ["Why was I charged $1 when I added my card?", "$1 verification charge"],
      ["How many fuel management logins do we get?", "equals the number your administrator has created"],
    ] as const) {
      const button = page.getByRole("button", { name: question });
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(page.locator(`#${await button.getAttribute("aria-controls")}`)).toContainText(answer);
    }

    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? "{}");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(faqItems.length);
    expect(data.mainEntity[0]).toMatchObject({ "@type": "Question", name: faqItems[0]!.title });
  });

  test("answers embed the store badges, the locations map, the fleet sign-up and a question form", async ({ page }) => {
    await open(page, "/faq");
    await page.getByRole("button", { name: "How do I download the app?" }).click();
    await expect(page.locator("#download-the-app").getByRole("link", { name: /iPhone/ })).toBeVisible();
    await page.getByRole("button", { name: "Where do you deliver?" }).click();
    await expect(page.locator("#where-do-you-deliver").getByRole("radio").first()).toBeVisible();
    await page.getByRole("button", { name: "My question is not answered here. How do I reach you?" }).click();
    await expect(page.locator("#faq-question-form")).toBeVisible();
  });

  test("the fleet sign-up inside an answer is stored as type 17", async ({ page }) => {
    await open(page, "/faq");
    // The answer is opened by the page's script: a press before it runs opens nothing.
    await hydrated(page);
    await page.getByRole("button", { name: "How do I set up scheduled fueling for my fleet?" }).click();
    const form = await readyForm(page, "#faq-fleet-signup");
    const email = unique("faq-fleet");
    await form.getByLabel("First name").fill("Sam");
    await form.getByLabel("Last name").fill("Carter");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("2145550147");
    await form.getByLabel("Company name").fill("Carter Logistics");
    // Choosing a city fills its ZIP and state.
    await pickSuggestion(form, "City", "Dallas");
    await expect(form.getByRole("combobox", { name: "ZIP code" })).toHaveValue(/^75\d{3}$/);
    await expect(form.getByLabel("State")).toHaveValue("TX");
    await form.getByLabel("Fleet size").selectOption("11-50");
    await form.getByLabel("Fleet type").selectOption("Mixed fleet");
    await form.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("dialog", { name: "Thank you!!" })).toBeVisible();
    expect(await storedLead(email)).toMatchObject({ kind: "fleet", type: 17, page_path: "/faq" });
  });
});

test("/careers: applicant tracking link, fuel-technician section, values, newsletter type 3", async ({ page }) => {
  await open(page, "/careers");
  const roles = page.getByRole("link", { name: /^See open roles/ });
  await expect(roles.first()).toHaveAttribute("href", brand.careersUrl);
  await expect(roles.first()).toHaveAttribute("target", "_blank");
  const tech = page.locator("#fuel-technicians");
  for (const point of ["Certified", "fire codes", "Protective equipment", "No contact with individuals"]) {
    await expect(tech).toContainText(point);
  }
  for (const value of ["Integrity", "Trust", "Safety", "Disruptive"]) {
    await expect(page.locator("#values").getByRole("heading", { name: value })).toBeVisible();
  }
  const form = await readyForm(page, "#newsletter form");
  const email = unique("careers-news");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("dialog", { name: "Thank you!!" })).toBeVisible();
  expect(await storedLead(email)).toMatchObject({ kind: "newsletter", type: 3 });
});

test("/investors: the opportunity, the model and milestones", async ({ page }) => {
  await open(page, "/investors");
  await expect(h2(page, "Energy should come to the vehicle")).toBeVisible();
  await expect(page.locator("#business-model").getByRole("listitem")).toHaveCount(4);
  await expect(page.locator("#milestones").getByRole("listitem")).toHaveCount(4);
});

test("/termsandcondition: last updated date, ten numbered sections with the key terms, privacy link in a new tab", async ({ page }) => {
  await open(page, "/termsandcondition");
  await expect(page.getByText("Last Updated March 26, 2020")).toBeVisible();
  const sections = page.locator("main ol").last().locator(":scope > li");
  await expect(sections).toHaveCount(10);
  expect(termsSections).toHaveLength(10);
  await expect(sections.first().getByRole("heading", { level: 2 })).toHaveText(`1. ${termsSections[0]!.title}`);
  const main = page.locator("main");
  for (const term of [
    "binding agreement",
    "limited, non-exclusive, non-transferable, revocable licence",
    "required local approvals",
    "payment method on file",
    "Fees are non-refundable",
    "You are responsible for all sales, use, fuel and other taxes",
    "geolocation",
    "three (3) months before the event giving rise to the cause of action",
    "material breach",
    "indemnify",
    "sole discretion",
    "Apple App Store or Google Play",
    "binding arbitration in New York",
    "laws of the State of New York",
    "certified mail or by e-mail",
    "twenty-four (24) hours after it is sent",
  ]) {
    await expect(main).toContainText(term);
  }
  const privacy = page.locator("main").getByRole("link", { name: /^Privacy Policy/ });
  await expect(privacy).toHaveAttribute("href", "/privacy-policy");
  await expect(privacy).toHaveAttribute("target", "_blank");
});

test("/privacy-policy: banner, breadcrumb, effective date and every topic", async ({ page }) => {
  await open(page, "/privacy-policy");
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Privacy policy");
  await expect(page.getByText("Effective February 25th, 2019")).toBeVisible();
  const main = page.locator("main");
  for (const topic of [
    "Customers:",
    "Team Members:",
    "Service Users:",
    "aggregate data",
    "Cookies and similar technologies",
    "Analytics",
    "third-party payment vendors",
    "service providers",
    "ask us to delete your personal data",
    "opt out of marketing",
    "push notifications",
    "at least 13 years old",
    "keeping your password confidential",
    "Changes to this policy",
    "laws of the State of New York",
    "do not currently honour them",
  ]) {
    await expect(main).toContainText(topic);
  }
  await expect(main.getByRole("link", { name: brand.email }).first()).toHaveAttribute("href", `mailto:${brand.email}`);
});

test("/privacy-policy: who may call or text after an enquiry, how to stop it, and how long enquiries are kept", async ({ page }) => {
  await open(page, "/privacy-policy");
  const calls = page.locator("#calls-and-texts");
  await expect(calls.getByRole("heading", { level: 2 })).toHaveText(/Calls and texts after an enquiry/);
  await expect(page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Calls and texts after an enquiry" })).toHaveAttribute(
    "href",
    "#calls-and-texts",
  );
  await expect(calls).toContainText("our sales team may call you, text you or e-mail you about that enquiry");
  await expect(calls).toContainText("reply STOP to any text message from us");
  await expect(calls).toContainText("never call or text you");
  await expect(calls.getByRole("link", { name: brand.privacyEmail }).first()).toHaveAttribute("href", `mailto:${brand.privacyEmail}`);
  // The periods are the retention job's defaults, in words.
  const retention = page.locator("#retention-and-deletion");
  await expect(retention).toContainText(`is kept for ${daysInWords(LEAD_RETENTION_DAYS_DEFAULT)} after you sent it`);
  await expect(retention).toContainText(`a waitlist sign-up for ${daysInWords(WAITLIST_RETENTION_DAYS_DEFAULT)} after you made it`);
  await expect(retention).toContainText("Then we delete everything our website holds about your e-mail address");
});
