import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createStaff, expectAxeClean, signIn, testDb } from "./desk-fixtures";
import { expect, hydrated, test } from "./fixtures";

/**
 * Lead routing as an admin sets it up and as a visitor's lead then arrives: the rule made
 * in /desk/routing, the lead given to its person as it is stored, that person e-mailed.
 */

const tag = () => randomBytes(4).toString("hex");

/** The .eml files the test server wrote (E2E_MAIL_DIR) addressed to `to`. */
function mailsTo(to: string): string[] {
  const dir = process.env.E2E_MAIL_DIR ?? "";
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi").test(readFileSync(join(dir, f), "utf8")));
}

// The rules are one table for the whole installation: this file's tests take turns.
test.describe.configure({ mode: "default" });

test.afterEach(async () => {
  // The rules are the installation's: other tests' leads must not be routed by these.
  const db = await testDb();
  await db.kysely.deleteFrom("routing_rules").execute();
});

for (const width of [1280, 390]) {
  test(`an admin routes Phoenix contact-form leads to a salesperson, and a visitor's lead arrives theirs (${width} px)`, async ({ page, context, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const admin = await createStaff("admin");
    const name = `Rita ${tag()}`;
    const sales = await createStaff("sales", { name });
    await signIn(context, admin);

    await page.goto("/desk/routing");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Lead routing" })).toBeVisible();
    await page.getByLabel("Market of the lead's ZIP code").selectOption("Phoenix, AZ");
    await page.getByLabel("Form", { exact: true }).selectOption("lead-personal");
    await page.getByRole("checkbox", { name: `${name} (${sales.email})` }).check();
    await page.getByRole("button", { name: "Save rule" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Rule saved." })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: "Phoenix, AZ" });
    await expect(row).toContainText("Contact form");
    await expect(row).toContainText(sales.email);

    // The change is in the audit log.
    const db = await testDb();
    const audited = await db.kysely.selectFrom("audit_log").select("action").where("staff_id", "=", admin.id).where("action", "=", "routing.save").execute();
    expect(audited).toHaveLength(1);

    // A visitor in Phoenix sends the contact form.
    const submissionId = randomUUID();
    const last = `Zz${tag().replace(/\d/g, "q")}`;
    const sent = await request.post("/web/form", {
      data: { firstName: "Vera", lastName: last, email: `visitor-${tag()}@route.test`, zipCode: "85001", phone: "6025550100", type: 9, submissionId },
    });
    expect(sent.status()).toBe(201);
    const lead = await db.kysely.selectFrom("leads").select("id").where("submission_id", "=", submissionId).executeTakeFirstOrThrow();

    await page.goto(`/desk/leads/${lead.id}`);
    await hydrated(page);
    await expect(page.getByRole("region", { name: "Work on this lead" })).toContainText(`assigned to ${name}`);
    await expect(page.getByRole("region", { name: "Timeline" })).toContainText(`Routed to ${name} by rule “Phoenix, AZ · Contact form”`);
    // The salesperson is sent an e-mail about it.
    await expect.poll(() => mailsTo(sales.email).length, { timeout: 15_000 }).toBe(1);
    const mail = readFileSync(join(process.env.E2E_MAIL_DIR ?? "", mailsTo(sales.email)[0] ?? ""), "utf8");
    expect(mail).toMatch(/is yours/);
    expect(mail).toContain(`/desk/leads/${lead.id}`);
  });
}

test("on a phone, an admin sends all of Texas to a salesperson in one rule, checks where Laredo's ZIP goes, and a Laredo lead arrives theirs", async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await createStaff("admin");
  const name = `Tex ${tag()}`;
  const sales = await createStaff("sales", { name });
  await signIn(context, admin);
  await page.goto("/desk/routing");
  await hydrated(page);

  // One rule: the state, a name, the person.
  await page.getByLabel("Name (optional, e.g. South Texas)").fill("Texas");
  await page.getByLabel("State of the lead's ZIP code").selectOption("TX");
  await page.getByRole("checkbox", { name: `${name} (${sales.email})` }).check();
  await page.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rule saved." })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "State: Texas" });
  await expect(row).toContainText("Texas");
  await expect(row).toContainText(sales.email);
  // The form is emptied for the next rule.
  await expect(page.getByLabel("Name (optional, e.g. South Texas)")).toHaveValue("");

  // A ZIP code in bad shape is refused with what to do, and the typed text stays.
  const zip = page.getByLabel("ZIP code", { exact: true });
  await zip.fill("7804");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.locator("#c-answer")).toHaveText("Enter a ZIP code of 5 digits, such as 78040");
  await expect(zip).toHaveValue("7804");
  await expect(zip).toHaveAttribute("aria-invalid", "true");
  // Laredo lies in no market, but in Texas.
  await zip.fill("78040");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.locator("#c-answer")).toContainText(`Laredo, TX`);
  await expect(page.locator("#c-answer")).toContainText(`goes to ${name} by rule “Texas” (rule 1)`);
  await expect(page).toHaveURL(/zip=78040/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAxeClean(page);

  const submissionId = randomUUID();
  const sent = await request.post("/web/form", {
    data: {
      firstName: "Luz",
      lastName: `Zz${tag().replace(/\d/g, "q")}`,
      email: `laredo-${tag()}@route.test`,
      zipCode: "78040",
      phone: "9565550100",
      type: 9,
      submissionId,
    },
  });
  expect(sent.status()).toBe(201);
  const db = await testDb();
  const lead = await db.kysely.selectFrom("leads").select(["id", "assignee_id"]).where("submission_id", "=", submissionId).executeTakeFirstOrThrow();
  expect(Number(lead.assignee_id)).toBe(sales.id);
  await page.goto(`/desk/leads/${lead.id}`);
  await hydrated(page);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(`Routed to ${name} by rule “Texas”`);
  await expect(page.getByRole("region", { name: "Timeline" })).not.toContainText("Someone");
});

for (const theme of ["light", "dark"] as const) {
  for (const path of ["/desk/routing?zip=78040", "/desk/tasks"]) {
    test(`${path} is axe-clean in the ${theme} theme, with a rule and a follow-up on it`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: theme });
      const admin = await createStaff("admin", { name: "Axe Admin" });
      const db = await testDb();
      const at = new Date().toISOString();
      await db.kysely
        .insertInto("routing_rules")
        .values({ position: 1, market: "Dallas, TX", kind: null, staff_ids: JSON.stringify([admin.id]), created_at: at, updated_at: at })
        .execute();
      const lead = await db.kysely
        .insertInto("leads")
        .values({
          kind: "lead-personal",
          type: 9,
          email: `axe-${tag()}@axe.test`,
          payload: JSON.stringify({ firstName: "Axe" }),
          created_at: at,
          status: "new",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.kysely
        .insertInto("lead_followups")
        .values({ lead_id: Number(lead.id), staff_id: admin.id, due_at: at, note: "Call back", created_at: at })
        .execute();
      await signIn(context, admin);
      const page = await context.newPage();
      await page.goto(path);
      await hydrated(page);
      await expectAxeClean(page);
      await context.close();
    });
  }
}
