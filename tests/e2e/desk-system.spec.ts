import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createStaff, signIn, testDb } from "./desk-fixtures";
import { hydrated } from "./fixtures";

/** /desk/system: the running system at a glance, for admins only (the loader checks the role). */

test("an admin sees the version, uptime, database, backups, outbox and the checks", async ({ page, context }) => {
  const admin = await createStaff("admin");
  await signIn(context, admin);
  await page.goto("/desk");
  await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "System" }).click();
  await expect(page).toHaveURL(/\/desk\/system$/);
  await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();
  const server = page.getByRole("region", { name: "This server" });
  await expect(server.getByText("Version")).toBeVisible();
  await expect(server.getByText(/^SQLite, [\d.]+ (KB|MB|GB)$|^PostgreSQL, [\d.]+ (KB|MB|GB)$/)).toBeVisible();
  await expect(server.getByText("Running since")).toBeVisible();
  // The test server schedules no backups (BACKUP_EVERY_HOURS=0).
  await expect(page.getByRole("region", { name: "Backups" })).toContainText("not scheduled by the server");
  await expect(page.getByRole("region", { name: "Outgoing e-mail and webhooks" }).getByText("Waiting", { exact: true })).toBeVisible();
  // The checks ran at start: each is listed with its state and what was measured.
  const checks = page.getByRole("table", { name: /System checks/ });
  await expect(checks.getByRole("row", { name: /Outgoing e-mail and webhooks are failing or late/ })).toBeVisible();
  await expect(checks.getByRole("row", { name: /The data disk is almost full/ })).toContainText("% free under");
  await hydrated(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

for (const role of ["sales", "editor"] as const) {
  test(`${role} cannot open it, nor see it in the menu`, async ({ page, context }) => {
    await signIn(context, await createStaff(role));
    const res = await page.goto("/desk/system");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not for your role" })).toBeVisible();
    await expect(page.getByRole("link", { name: "System", exact: true })).toHaveCount(0);
  });
}

test("a bad check shows as an alert on the page and as a banner on every desk page, and goes away when fixed", async ({ page, context }) => {
  const admin = await createStaff("admin");
  await signIn(context, admin);
  const db = await testDb();
  // A message written 11 minutes ago that is still waiting (due later, so the worker leaves it).
  const key = `late-${randomUUID()}`;
  const written = new Date(Date.now() - 11 * 60_000).toISOString();
  await db.kysely
    .insertInto("outbox")
    .values({
      channel: "email",
      template: "password-reset",
      recipient: "nobody@staff.test",
      idempotency_key: key,
      message_id: `<${key}@fillway.example>`,
      state: "pending",
      next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(),
      give_up_at: new Date(Date.now() + 86_400_000).toISOString(),
      created_at: written,
    })
    .execute();
  try {
    // Opening the page shows the minute's last run and sends nothing; the admin runs the checks now.
    await page.goto("/desk/system");
    await hydrated(page);
    await page.getByRole("button", { name: "Run the checks now" }).click();
    await expect(page.getByRole("table", { name: /System checks/ }).getByRole("row", { name: /Outgoing e-mail and webhooks/ })).toContainText("Alert");
    await page.goto("/desk/accounts");
    const banner = page.getByRole("region", { name: "System alerts" });
    await expect(banner).toContainText("Outgoing e-mail and webhooks are failing or late");
    await expect(banner.getByRole("link", { name: "See the system page" })).toHaveAttribute("href", "/desk/system");
    // The admin was told by e-mail, once.
    const mails = await db.kysely.selectFrom("outbox").select("id").where("template", "=", "ops-alert").where("recipient", "=", admin.email).execute();
    expect(mails).toHaveLength(1);
  } finally {
    await db.kysely.deleteFrom("outbox").where("idempotency_key", "=", key).execute();
    await db.kysely.deleteFrom("outbox").where("template", "=", "ops-alert").where("state", "!=", "sent").execute();
  }
  // Fixed: the admin runs the checks again rather than wait for the minute.
  await page.goto("/desk/system");
  await hydrated(page);
  await page.getByRole("button", { name: "Run the checks now" }).click();
  await expect(page.getByRole("table", { name: /System checks/ }).getByRole("row", { name: /Outgoing e-mail and webhooks/ })).toContainText("OK");
  await page.goto("/desk/accounts");
  await expect(page.getByRole("region", { name: "System alerts" })).toHaveCount(0);
});
