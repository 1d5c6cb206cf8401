import { randomBytes } from "node:crypto";
import { storeLead } from "../../app/features/leads/store.server";
import { createStaff, signIn, testDb } from "./desk-fixtures";
import { expect, hydrated, test } from "./fixtures";

/**
 * A salesperson's follow-ups: a call logged on a lead with its note and follow-up in one
 * save, all in its timeline, then the follow-up in /desk/tasks, where it is done.
 */

const tag = () => randomBytes(4).toString("hex");

for (const width of [1280, 390]) {
  test(`a salesperson logs a call with a follow-up, then finds and finishes it in My tasks (${width} px)`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: 900 });
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const db = await testDb();
    const last = `Zz${tag().replace(/\d/g, "k")}`;
    const { id } = await storeLead(db, {
      kind: "lead-personal",
      type: 9,
      email: `task-${tag()}@tasks.test`,
      payload: { firstName: "Tomas", lastName: last, zipCode: "75201", phone: "2145550100" },
      pagePath: "/gasoline",
    });

    // Two hours old and nobody has answered it: the inbox marks it and the overdue view lists it.
    await db.kysely
      .updateTable("leads")
      .set({ created_at: new Date(Date.now() - 2 * 3_600_000).toISOString() })
      .where("id", "=", id)
      .execute();
    await page.goto(`/desk/leads?view=overdue&q=${last.toLowerCase()}`);
    await expect(page.getByRole("row").filter({ hasText: `Tomas ${last}` })).toContainText("Overdue");

    await page.goto(`/desk/leads/${id}`);
    await hydrated(page);
    // One save: the call, what was said (a note) and the follow-up.
    await page.getByLabel("Outcome").selectOption("no-answer");
    await page.getByLabel("What was said (optional)").fill("Rang twice");
    await page.getByLabel("Date and time (UTC)").fill("2026-01-05T09:30");
    await page.getByLabel("What to do then (optional)").fill("Send the price list");
    await page.getByRole("button", { name: "Log the call" }).click();
    await expect(page.getByRole("status")).toContainText("Call logged, follow-up set and note added.");
    const timeline = page.getByRole("region", { name: "Timeline" });
    await expect(timeline).toContainText("Call logged, no answer");
    await expect(timeline).toContainText("Rang twice");
    await expect(timeline).toContainText("Follow-up set for Jan 5, 2026, 9:30 AM UTC: Send the price list");

    // It counts as answering the lead, and is audited once.
    const row = await db.kysely.selectFrom("leads").select("first_touch_at").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.first_touch_at).not.toBeNull();
    const audited = await db.kysely.selectFrom("audit_log").select("action").where("staff_id", "=", sales.id).orderBy("id").execute();
    expect(audited.map((a) => a.action)).toEqual(["lead.call"]);

    await page.goto(`/desk/leads?view=overdue&q=${last.toLowerCase()}`);
    await expect(page.getByRole("row").filter({ hasText: `Tomas ${last}` })).toHaveCount(0);

    // On a phone the menu opens from one button first.
    const nav = page.getByRole("navigation", { name: "Desk" });
    if (width < 768) await nav.getByRole("button", { name: /^Menu/ }).click();
    await nav.getByRole("link", { name: "My tasks" }).click();
    await expect(page).toHaveURL(/\/desk\/tasks$/);
    await hydrated(page);
    // Choosing a screen closes the menu, which now names it.
    if (width < 768) await expect(nav.getByRole("button", { name: "Menu My tasks" })).toHaveAttribute("aria-expanded", "false");
    const overdue = page.getByRole("region", { name: /^Overdue/ });
    await expect(overdue).toContainText(`Tomas ${last}`);
    await expect(overdue).toContainText("Send the price list");
    await page.getByRole("button", { name: /^Done: lead/ }).click();
    await expect(page.getByRole("status")).toContainText("Marked done.");
    await expect(page.getByRole("region", { name: /^Overdue/ })).toContainText("Nothing here.");
  });
}
