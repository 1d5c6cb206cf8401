import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { createStaff, signIn, testDb } from "./desk-fixtures";
import { hydrated } from "./fixtures";

/**
 * The desk's view of the outbox: a lead's deliveries on its page; failed and waiting
 * messages under Deliveries (admin only) with a retry that sends them.
 */

async function postLead(page: Page) {
  const email = `deliv-${randomUUID().slice(0, 8)}@fleetco.com`;
  const res = await page.request.post("/web/form", {
    data: {
      email,
      firstName: "Dana",
      lastName: "Reyes",
      city: "Dallas",
      zipCode: "75201",
      message: "Diesel twice a week.",
      type: 1,
      phone: "2145550123",
      submissionId: randomUUID(),
    },
  });
  expect(res.status()).toBe(201);
  const db = await testDb();
  const lead = await db.kysely.selectFrom("leads").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return Number(lead.id);
}

async function axe(page: Page) {
  await hydrated(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a lead's page lists the messages it caused, sent", async ({ page, context }) => {
  const sales = await createStaff("sales");
  await signIn(context, sales);
  const id = await postLead(page);
  await expect
    .poll(async () => {
      await page.goto(`/desk/leads/${id}`);
      return page.getByRole("table", { name: "Messages about this lead" }).getByText("Sent", { exact: true }).count();
    })
    .toBe(2);
  const table = page.getByRole("table", { name: "Messages about this lead" });
  await expect(table.getByRole("row", { name: /E-mail to sales/ })).toContainText("Sales (by form)");
  await expect(table.getByRole("row", { name: /Receipt to the visitor/ })).toContainText("The visitor");
  // Sales cannot open the admin's list.
  const res = await page.goto("/desk/deliveries");
  expect(res?.status()).toBe(403);
});

for (const theme of ["light", "dark"] as const) {
  test(`admin retries a failed message from Deliveries (${theme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: theme });
    const page = await context.newPage();
    const admin = await createStaff("admin");
    await signIn(context, admin);
    const leadId = await postLead(page);
    const db = await testDb();
    const now = new Date().toISOString();
    const key = randomUUID();
    const row = await db.kysely
      .insertInto("outbox")
      .values({
        channel: "email",
        template: "lead-sales",
        lead_id: leadId,
        idempotency_key: key,
        message_id: `<${key}@fillway.example>`,
        state: "failed",
        attempts: 14,
        next_attempt_at: now,
        give_up_at: now,
        last_error: "connect ECONNREFUSED 127.0.0.1:25",
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await page.goto("/desk/deliveries");
    await expect(page.getByRole("heading", { name: "Deliveries" })).toBeVisible();
    const failedRow = page.getByRole("row", { name: new RegExp(`${key}`) });
    await expect(failedRow).toContainText("connect ECONNREFUSED");
    await expect(failedRow).toContainText(`Lead ${leadId}`);
    await axe(page);
    const retry = failedRow.getByRole("button", { name: `Retry message ${row.id}: E-mail to sales` });
    await retry.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText(`Message ${row.id} will be sent again now.`);
    await expect.poll(async () => (await db.kysely.selectFrom("outbox").select("state").where("id", "=", row.id).executeTakeFirstOrThrow()).state).toBe("sent");
    await page.goto("/desk/deliveries?state=sent");
    await expect(page.getByRole("row", { name: new RegExp(`${key}`) })).toContainText("Sent");
    const audit = await db.kysely.selectFrom("audit_log").select("action").where("subject", "=", String(row.id)).where("action", "=", "outbox.retry").execute();
    expect(audit).toHaveLength(1);
    await context.close();
  });
}
