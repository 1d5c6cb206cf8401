import { randomBytes, randomInt } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { CONSENT_TEXT } from "../../app/shared/forms/consent";
import { createStaff, signIn, testDb } from "./desk-fixtures";
import { expect, scrollToReady, test } from "./fixtures";

/**
 * Contacts in the browser: a visitor sends two forms with the same phone number, typed
 * two ways; the salesperson opens the second lead, sees that it comes from a returning
 * contact, follows the link to the contact and finds both leads in its timeline.
 */

const tag = () => randomBytes(4).toString("hex");

async function sendForm(page: Page, path: string, selector: string, fill: (form: Locator) => Promise<void>, button: string) {
  await page.goto(path);
  const form = page.locator(selector);
  await scrollToReady(form);
  await expect(form.getByText(CONSENT_TEXT)).toBeVisible();
  await fill(form);
  await form.getByRole("button", { name: button }).click();
  await expect(page.getByRole("dialog", { name: "Thank you!!" })).toBeVisible();
}

async function leadId(email: string): Promise<number> {
  const db = await testDb();
  await expect.poll(async () => (await db.kysely.selectFrom("leads").select("id").where("email", "=", email).execute()).length).toBe(1);
  const row = await db.kysely.selectFrom("leads").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return Number(row.id);
}

for (const width of [1280, 390]) {
  test(`at ${width} px: the second lead of a visitor shows "returning contact" and leads to both of their leads`, async ({ page, context, browser }) => {
    await page.setViewportSize({ width, height: 900 });
    const t = tag();
    // A number no other test sends: 469, then seven digits of this run.
    const digits = `469${randomInt(200, 999)}${String(randomInt(0, 10_000)).padStart(4, "0")}`;
    const first = `first-${t}@contact.test`;
    const second = `second-${t}@contact.test`;

    // The visitor, in a browser of their own: a quick quote, then the business contact form.
    const visitor = await browser.newContext({ viewport: { width, height: 900 } });
    const v = await visitor.newPage();
    await sendForm(
      v,
      "/getafleet",
      "#quick-quote-form",
      async (form) => {
        await form.getByLabel("First name").fill("Rita");
        await form.getByLabel("Last name").fill("Returning");
        await form.getByLabel("Email").fill(first);
        await form.getByLabel("Phone").fill(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
        await form.getByLabel("Business address").fill("400 Elm Street");
        await form.getByRole("combobox", { name: "ZIP code" }).fill("75202");
        await form.getByRole("combobox", { name: "City" }).fill("Dallas");
        await form.getByLabel("What do you need fueled?").fill("Four vans.");
      },
      "Request a call back",
    );
    await sendForm(
      v,
      "/business-fleets-trucking-and-construction-companies",
      "#contact-form",
      async (form) => {
        await form.getByLabel("Business name").fill("Returning Fleet");
        await form.getByLabel("Email").fill(second);
        await form.getByLabel("Phone").fill(`${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`);
        await form.getByLabel("Business address").fill("2100 Ross Avenue, Dallas, TX");
        await form.getByRole("combobox", { name: "ZIP code" }).fill("75201");
        await form.getByLabel("Company size").selectOption("50-100");
        await form.getByLabel("Fleet size").selectOption("20");
        await form.getByLabel("Fuel type").selectOption({ index: 2 });
      },
      "Submit",
    );
    await visitor.close();
    const [firstId, secondId] = [await leadId(first), await leadId(second)];

    // The salesperson.
    await signIn(context, await createStaff("sales"));
    await page.goto("/desk/leads");
    const row = page.locator("tbody tr").filter({ hasText: second });
    await expect(row.getByText("returning contact")).toBeVisible();
    await row.getByRole("link", { name: "Returning Fleet" }).click();
    await expect(page).toHaveURL(new RegExp(`/desk/leads/${secondId}`));
    const reach = page.getByRole("region", { name: "Reach this person" });
    await expect(reach.getByText("returning contact")).toBeVisible();
    await expect(page.getByText(/consent-2026-11-28-calls, shown/)).toBeVisible();
    await reach.getByRole("link", { name: "2 leads from this contact" }).click();
    await expect(page).toHaveURL(new RegExp(`/desk/contacts/${firstId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Contact:");
    const timeline = page.getByRole("region", { name: "Timeline, newest first" });
    const leads = timeline.locator('li[data-kind="lead"]');
    await expect(leads).toHaveCount(2);
    // Newest first: the business form, then the quote.
    await expect(leads.nth(0)).toContainText("Business");
    await expect(leads.nth(1)).toContainText(/quote/i);
    await leads.nth(1).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/desk/leads/${firstId}`));
    // The first lead is the contact's first: not "returning", but it links to the two.
    await expect(page.getByRole("region", { name: "Reach this person" }).getByText("returning contact")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "2 leads from this contact" })).toBeVisible();
    // Nothing on the page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  });
}
