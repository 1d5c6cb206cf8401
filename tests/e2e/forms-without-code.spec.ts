import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page, Response } from "@playwright/test";
import { type Db, openDb } from "../../app/platform/db/db.server";
import { expect, test } from "./fixtures";

/**
 * Every public form sent without its code, on a 390 px phone: with the form kit's chunk
 * refused (not fetched yet, or failed to load) and with JavaScript off. A submit is then a
 * plain post to the page, and the answer is that page at the form: the errors (values
 * kept) or the confirmation first in the form, in view and focused. The same post sent
 * again stores once.
 */

let db: Db;
test.beforeAll(async () => {
  db = await openDb(process.env.E2E_DATABASE_URL);
});
test.afterAll(async () => {
  await db?.close();
});

const email = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;
const INVALID = "Some answers need another look";

const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });

interface Case {
  kind: string;
  /** The page holding the form (the blog comment's is looked up). */
  path: (page: Page) => Promise<string>;
  formId: string;
  submit: string;
  /** Brings the form on screen where a visitor must open something first. */
  reveal?: (page: Page, scripts: boolean) => Promise<void>;
  /** Fills the form short of valid; returns a label and the value it must keep. */
  invalid: (form: Locator) => Promise<[string, string]>;
  valid: (form: Locator, address: string) => Promise<void>;
  /** The rows stored for an address (a lead, or a comment). */
  stored?: (address: string) => Promise<number>;
}

const at = (path: string) => async () => path;

async function names(form: Locator, address: string) {
  await field(form, "First name").fill("Ana");
  await field(form, "Last name").fill("Lopez");
  await field(form, "Email").fill(address);
}

const firstNameOnly = async (form: Locator): Promise<[string, string]> => {
  await field(form, "First name").fill("Ana");
  return ["First name", "Ana"];
};

const badEmail = async (form: Locator): Promise<[string, string]> => {
  await field(form, "Email").fill("not-an-email");
  return ["Email", "not-an-email"];
};

const cases: Case[] = [
  {
    kind: "personal lead",
    path: at("/gasoline"),
    formId: "contact-form",
    submit: "Submit",
    invalid: firstNameOnly,
    valid: async (form, address) => {
      await names(form, address);
      await field(form, "Phone").fill("2145550147");
      await field(form, "ZIP code").fill("75201");
    },
  },
  {
    kind: "business lead",
    path: at("/automated-fleet"),
    formId: "contact-form",
    submit: "Submit",
    invalid: async (form) => {
      await field(form, "Business name").fill("Lone Star Logistics");
      return ["Business name", "Lone Star Logistics"];
    },
    valid: async (form, address) => {
      await field(form, "Business name").fill("Lone Star Logistics");
      await field(form, "Email").fill(address);
      await field(form, "Phone").fill("2145550147");
      await field(form, "ZIP code").fill("75201");
      await field(form, "Company size").selectOption("50-100");
      await field(form, "Fleet size").selectOption("20");
      await field(form, "Fuel type").selectOption({ index: 2 });
    },
  },
  {
    kind: "saas lead",
    path: at("/saas/home"),
    formId: "contact-form",
    submit: "Submit",
    invalid: firstNameOnly,
    valid: async (form, address) => {
      await names(form, address);
      await field(form, "ZIP code").fill("75201");
    },
  },
  {
    kind: "fleet sign-up",
    path: at("/faq"),
    formId: "faq-fleet-signup",
    submit: "Sign up",
    reveal: async (page, scripts) => {
      const question = page.getByRole("button", { name: "How do I set up scheduled fueling for my fleet?" });
      if (scripts) {
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
        await question.click();
        await expect(question).toHaveAttribute("aria-expanded", "true");
      } else {
        // Without JavaScript a closed FAQ answer cannot be opened (decision record 039); the test opens it as the script would.
        await page.locator(`#${await question.getAttribute("aria-controls")}`).evaluate((panel) => panel.removeAttribute("hidden"));
      }
    },
    invalid: firstNameOnly,
    valid: async (form, address) => {
      await names(form, address);
      await field(form, "Phone").fill("2145550147");
      await field(form, "Company name").fill("Reed Hauling");
      await field(form, "City").fill("Dallas");
      await field(form, "ZIP code").fill("75201");
      await field(form, "State").selectOption("TX");
      await field(form, "Fleet size").selectOption("11-50");
      await field(form, "Fleet type").selectOption("Semi trucks");
    },
  },
  {
    kind: "quote short",
    path: at("/getafleet"),
    formId: "quick-quote-form",
    submit: "Request a call back",
    invalid: firstNameOnly,
    valid: async (form, address) => {
      await names(form, address);
      await field(form, "Phone").fill("2145550147");
      await form.getByLabel("Business address").fill("400 Elm Street");
      await field(form, "ZIP code").fill("75202");
      await form.getByLabel("What do you need fueled?").fill("Six pickups, gasoline, twice a week.");
    },
  },
  {
    kind: "quote business",
    path: at("/getafleet"),
    formId: "fleet-quote-form",
    submit: "Request my quote",
    invalid: async (form) => {
      await field(form, "Business name").fill("Harbor Freight Movers");
      return ["Business name", "Harbor Freight Movers"];
    },
    valid: async (form, address) => {
      await field(form, "Business name").fill("Harbor Freight Movers");
      await field(form, "Email").fill(address);
      await field(form, "Phone").fill("7135550100");
      await field(form, "Street address").fill("1 Port Road");
      await field(form, "ZIP code").fill("77002");
      await field(form, "Employees").selectOption("10-50");
      await field(form, "Fleet size (vehicles)").fill("12");
      await field(form, "Number of locations").fill("1");
      await field(form, "Fuel per week (gallons)").fill("400");
      await field(form, "Fuel type").selectOption("Gasoline");
      await field(form, "Tank type").selectOption("Under Ground");
      await field(form, "Delivery frequency").selectOption("daily");
      await field(form, "Delivery window (4 hours)").selectOption("00-04");
    },
  },
  {
    kind: "waitlist",
    path: at("/service-area?type=1&zip=99501"),
    formId: "waitlist-99501",
    submit: "Tell me when you arrive",
    invalid: badEmail,
    valid: async (form, address) => {
      await field(form, "Email").fill(address);
    },
  },
  {
    kind: "newsletter sign-up",
    path: at("/careers"),
    formId: "newsletter-3",
    submit: "Subscribe",
    invalid: badEmail,
    valid: async (form, address) => {
      await field(form, "Email").fill(address);
    },
  },
  {
    kind: "blog comment",
    path: async (page) => {
      const res = await page.request.get("/web/getData2?flag=4&limit=1");
      const { data } = (await res.json()) as { data: { data: { _id: string }[] } };
      return `/blogdetail/${data.data[0]?._id}`;
    },
    formId: "comment-form",
    submit: "Post comment",
    invalid: firstNameOnly,
    valid: async (form, address) => {
      await field(form, "First name").fill("Ana");
      await field(form, "Email").fill(address);
      await field(form, "Company or website name").fill("Ana Haulage");
      await field(form, "Your comment").fill(`Sent before the form's code ${randomUUID().slice(0, 8)}`);
    },
    stored: async (address) =>
      Number(
        (
          await db.kysely
            .selectFrom("comments")
            .select((e) => e.fn.countAll().as("n"))
            .where("email", "=", address)
            .executeTakeFirst()
        )?.n,
      ),
  },
];

const leadsFor = async (address: string) =>
  Number(
    (
      await db.kysely
        .selectFrom("leads")
        .select((e) => e.fn.countAll().as("n"))
        .where("email", "=", address)
        .executeTakeFirst()
    )?.n,
  );

const modes = {
  "its code refused": { javaScriptEnabled: true },
  "JavaScript off": { javaScriptEnabled: false },
} as const;

async function phone(browser: Browser, mode: keyof typeof modes) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, ...modes[mode] });
  // The form kit's chunk (every form's code): a submit before it arrives is a plain post.
  if (mode === "its code refused") await context.route(/\/assets\/field-[\w-]+\.js$/, (route) => route.abort());
  return { context, page: await context.newPage() };
}

/** Presses the form's button and waits for the page's answer to the plain post. */
async function send(page: Page, form: Locator, button: string): Promise<Response> {
  const [posted] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.request().resourceType() === "document"),
    form.getByRole("button", { name: button }).click(),
  ]);
  await page.waitForLoadState("domcontentloaded");
  return posted;
}

// Two page loads and a dozen fields a test, on a machine the other suites share.
test.describe.configure({ timeout: 120_000 });

for (const mode of Object.keys(modes) as (keyof typeof modes)[]) {
  test.describe(`a form sent with ${mode}`, () => {
    for (const c of cases) {
      test(`${c.kind}: the errors, then the confirmation, at the form; sent twice, stored once`, async ({ browser }) => {
        const { context, page } = await phone(browser, mode);
        try {
          await page.goto(await c.path(page));
          await c.reveal?.(page, modes[mode].javaScriptEnabled);
          const form = page.locator(`#${c.formId}`);
          const [label, kept] = await c.invalid(form);
          const refused = await send(page, form, c.submit);
          expect(refused.status()).toBe(422);
          const errors = page.locator(`#${c.formId}-answer`);
          await expect(errors).toHaveAttribute("role", "alert");
          await expect(errors).toContainText(INVALID);
          await expect(errors).toBeInViewport();
          await expect(errors).toBeFocused();
          await expect(field(form, label)).toHaveValue(kept);
          // Each error links to its field.
          await expect(errors.getByRole("link").first()).toHaveAttribute("href", new RegExp(`^#${c.formId}-`));

          const address = email(c.kind.replace(/\W+/g, "-"));
          await c.valid(form, address);
          const accepted = await send(page, form, c.submit);
          expect(accepted.status(), await accepted.text().catch(() => "")).toBeLessThan(400);
          if (c.kind === "blog comment") {
            // The comment is stored and shown: the page is back at it (303, so a reload never sends it again).
            const comment = page.locator("li[id^='comment-']").filter({ hasText: "Sent before the form's code" }).last();
            await expect(comment).toBeInViewport();
            await expect(comment).toBeFocused();
          } else {
            const done = page.locator(`#${c.formId}-answer`);
            await expect(done).toHaveAttribute("role", "status");
            await expect(done).toContainText("Thank you!!");
            await expect(done).toBeInViewport();
            await expect(done).toBeFocused();
          }
          const count = c.stored ?? leadsFor;
          await expect.poll(() => count(address)).toBe(1);

          // The same post again (a reload of the answer, a second press): answered alike, stored once.
          const request = accepted.request();
          const again = await context.request.post(request.url(), {
            headers: await request.allHeaders(),
            data: request.postDataBuffer() ?? undefined,
            maxRedirects: 0,
          });
          expect(again.status()).toBe(accepted.status());
          expect(await count(address)).toBe(1);
        } finally {
          await context.close();
        }
      });
    }
  });
}
