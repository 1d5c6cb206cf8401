import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { storeLead } from "../../app/features/leads/store.server";
import { confirmSubscription } from "../../app/features/newsletter/subscriptions.server";
import { submissionReference } from "../../app/shared/forms/success";
import { parseCsv } from "../helpers/csv";
import { createStaff, expectAxeClean, signIn, testDb } from "./desk-fixtures";
import { expect, hydrated, test } from "./fixtures";

/**
 * The leads desk in the browser against the real server and database: the inbox's
 * filters, search and keyset pages, work on a lead, bulk changes, the CSV export opened
 * row by row, subscribers, privacy deletion, roles, axe in both themes and keyboard use.
 */

const tag = () => randomBytes(4).toString("hex");
/** A last name made of letters only (the name pattern), unique per test. */
const surname = () => `Zz${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;

async function seedLead(kind: string, type: number, email: string, payload: Record<string, unknown>, pagePath = "/gasoline") {
  const db = await testDb();
  const stored = await storeLead(db, { kind, type, email, payload: { ...payload, email, type }, pagePath, userAgent: "Mozilla/5.0 (desk test)" });
  return stored.id;
}

/** The .eml files the test server wrote (E2E_MAIL_DIR) that name `text`, decoded from quoted-printable. */
function mailFilesNaming(text: string): string[] {
  const dir = process.env.E2E_MAIL_DIR ?? "";
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => {
    const raw = readFileSync(join(dir, f), "utf8");
    const decoded = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return `${raw}${decoded}`.toLowerCase().includes(text.toLowerCase());
  });
}

test.describe("leads inbox", () => {
  test("filters and search combine in the URL, pages go by keyset and the back button returns", async ({ page, context }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const last = surname();
    for (let i = 0; i < 53; i++) {
      await seedLead(
        "lead-personal",
        i % 2 ? 9 : 8,
        `p${i}-${tag()}@paging.test`,
        { firstName: "Page", lastName: last, phone: "2145550100", zipCode: "75201", city: "Dallas" },
        i % 2 ? "/gasoline" : "/diesel-on-demand",
      );
    }
    await page.goto("/desk/leads");
    await page.getByLabel("Search (e-mail, name, business, phone, ZIP)").fill(last.toLowerCase());
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${last.toLowerCase()}`));
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toContainText(`Page ${last}`);
    await page.getByRole("link", { name: "Older" }).click();
    await expect(page).toHaveURL(/after=/);
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Older" })).toHaveCount(0);
    await page.getByRole("link", { name: "Newer" }).click();
    await expect(rows).toHaveCount(50);
    await page.goBack();
    await expect(rows).toHaveCount(3);

    // Form kind + type + page together: only the gasoline half of the 53.
    await page.goto(`/desk/leads?q=${last.toLowerCase()}`);
    await page.getByLabel("Type code").selectOption("9");
    await page.getByLabel("Page", { exact: true }).selectOption("/gasoline");
    await page.getByLabel("Form", { exact: true }).selectOption("lead-personal");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/type=9/);
    await expect(page).toHaveURL(/page=%2Fgasoline/);
    await expect(rows).toHaveCount(26);
    await expect(rows.first()).toContainText("Gasoline (9)");
    await expect(page.getByLabel("Type code")).toHaveValue("9");

    // Search by ZIP-less phone digits and by exact e-mail.
    const email = `exact-${tag()}@search.test`;
    await seedLead(
      "lead-business",
      13,
      email,
      { bussinessName: `Acme ${last}`, phone: "4695550111", zipCode: "75001" },
      "/business-fleets-trucking-and-construction-companies",
    );
    await page.goto(`/desk/leads?q=${encodeURIComponent(email.toUpperCase())}`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Acme ${last}`);
    await page.goto(`/desk/leads?q=${encodeURIComponent(`acme ${last.toLowerCase()}`)}&kind=lead-business`);
    await expect(rows).toHaveCount(1);
  });

  test("a salesperson finds a lead by a word of its business and by its city", async ({ page, context }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const name = surname();
    await seedLead(
      "quote-business",
      19,
      `dispatch-${tag()}@haulers.test`,
      { businessName: `${name} Star Haulers`, phoneNumber: "(214) 555-0142", zipCode: "75201", city: "Dallas" },
      "/getafleet",
    );
    const rows = page.locator("tbody tr");
    const search = page.getByRole("searchbox", { name: "Search (e-mail, name, business, phone, ZIP)" });
    await page.goto("/desk/leads");
    await hydrated(page);
    await search.fill("haulers");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=haulers/);
    await expect(rows.filter({ hasText: `${name} Star Haulers` })).toHaveCount(1);
    // A city alone lists every lead from it (other tests' Dallas leads too, so more than a page may match).
    await search.fill("dallas");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=dallas/);
    await expect(rows.first()).toContainText("Dallas");
    for (const row of await rows.all()) await expect(row).toContainText(/Dallas/i);
    await search.fill(`${name.toLowerCase()} dallas`);
    await search.press("Enter");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${name} Star Haulers`);
  });

  test("malformed filters and page links answer with a message, not an error page", async ({ page, context }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const bad = await page.goto("/desk/leads?type=77&after=not-a-cursor&from=2026-02-31");
    expect(bad?.status()).toBe(400);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("These filters cannot be used");
    await expect(alert).toContainText("Type code must be a number from 1 to 20");
    await expect(alert).toContainText("page link is not valid");
    await expect(alert).toContainText("not a real date");
    expect((await page.request.get("/desk/leads/export.csv?status=open")).status()).toBe(400);
    expect((await page.request.get("/desk/leads/12345678901234567")).status()).toBe(404);
  });

  test("a lead shows every field labelled, the quote's window in words, and takes status, assignee and notes", async ({ page, context }) => {
    const admin = await createStaff("admin", { name: "Ada Admin" });
    const sales = await createStaff("sales", { name: `Sam ${tag()}` });
    await signIn(context, admin);
    const id = await seedLead(
      "quote-business",
      19,
      `ops-${tag()}@quote.test`,
      {
        businessName: "Zeta Logistics",
        phoneNumber: "9725550123",
        address2: "2100 Ross Avenue",
        city: "Dallas",
        state: "TX",
        zipCode: "75201",
        frequency: "weekly",
        tankType: "Under Ground",
        gallons: 5000,
        deliveryWindowStartTime: 8 * 3_600_000,
        deliveryWindowEndTime: 12 * 3_600_000,
        campaignStartDate: Date.UTC(2026, 0, 1),
        campaignEndDate: Date.UTC(2026, 11, 31, 12),
      },
      "/getafleet",
    );
    await page.goto(`/desk/leads/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Zeta Logistics");
    // The person first: a tap calls or writes to them.
    await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+1\d{10}$/);
    await expect(page.getByRole("link", { name: /^E-mail / })).toHaveAttribute("href", /^mailto:.+@/);
    const fields = page.locator("dl");
    await expect(fields).toContainText("Delivery window");
    await expect(fields).toContainText("08:00 to 12:00");
    await expect(fields).toContainText("Delivery frequency");
    await expect(fields).toContainText("Weekly");
    await expect(fields).toContainText("Underground");
    await expect(fields).toContainText("Texas (TX)");
    await expect(fields).toContainText("January 1, 2026");
    await expect(fields).toContainText("Fleet quote (Get a Fleet Quote) (19)");
    await expect(fields).toContainText("/getafleet");
    await expect(fields).toContainText("Mozilla/5.0 (desk test)");
    await expect(fields).not.toContainText("{");

    // One save keeps the status, the assignee and the note typed beside them.
    await page.getByLabel("Status").selectOption("contacted");
    await page.getByLabel("Assignee").selectOption({ label: `${sales.name} (${sales.email})` });
    await page.getByLabel("Note").fill("Called: wants 3 trucks fuelled weekly. Café déjà vu ✓");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Lead updated and note added.");
    const timeline = page.getByRole("region", { name: "Timeline" }).locator("ol");
    await expect(timeline).toContainText("Status set to Contacted");
    await expect(timeline).toContainText(`Assigned to ${sales.name}`);
    await expect(timeline).toContainText("Ada Admin");
    await expect(timeline).toContainText("Café déjà vu ✓");
    await expect(page.getByLabel("Note")).toHaveValue("");

    // A note alone is a save too; a refused save keeps what was typed.
    await page.getByLabel("Note").fill("x".repeat(10));
    await page.getByLabel("Status").evaluate((el: HTMLSelectElement) => {
      const bad = document.createElement("option");
      bad.value = "sold-twice";
      el.append(bad);
      el.value = "sold-twice";
    });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Choose a status from the list");
    await expect(page.getByLabel("Note")).toHaveValue("x".repeat(10));
    await page.getByLabel("Status").selectOption("contacted");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Note added.");

    await page.goto(`/desk/leads?assignee=${sales.id}&status=contacted`);
    await expect(page.locator("tbody tr")).toHaveCount(1);
  });

  test("a typed note is never lost: leaving asks first, and a failed save brings it back", async ({ page, context }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const id = await seedLead("lead-personal", 1, `keep-${tag()}@keep.test`, { firstName: "Kept", lastName: surname(), zipCode: "10001" }, "/");
    await page.goto(`/desk/leads/${id}`);
    await hydrated(page);
    const text = "Left a voicemail; call back after 3 pm.";
    await page.getByLabel("Note").fill(text);

    // Leaving through a desk link asks; staying keeps the text.
    page.once("dialog", (d) => d.dismiss());
    await page.getByRole("link", { name: "All leads" }).click();
    await expect(page).toHaveURL(new RegExp(`/desk/leads/${id}$`));
    await expect(page.getByLabel("Note")).toHaveValue(text);

    // The save fails on the way (the connection drops): the text comes back on the page.
    await page.route(/\/desk\/leads\/\d+(\.data)?(\?.*)?$/, (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback(),
    );
    // The route is taken away only once the save has met it: earlier, the save could get through.
    const dropped = page.waitForEvent("requestfailed", (r) => r.method() === "POST");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await dropped;
    await page.unroute(/\/desk\/leads\/\d+(\.data)?(\?.*)?$/);
    // The tab is reloaded (its "leave this page?" question answered yes).
    page.once("dialog", (d) => d.accept());
    await page.goto(`/desk/leads/${id}`);
    await hydrated(page);
    await expect(page.getByLabel("Note")).toHaveValue(text);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Note added.");
    await expect(page.getByRole("region", { name: "Timeline" }).locator("ol")).toContainText(text);

    // Once saved, leaving asks nothing and nothing comes back.
    await page.getByRole("link", { name: "All leads" }).click();
    await expect(page).toHaveURL(/\/desk\/leads$/);
    await page.goto(`/desk/leads/${id}`);
    await hydrated(page);
    await expect(page.getByLabel("Note")).toHaveValue("");
  });

  test("the reference a visitor quotes on the phone finds their lead, and the lead page shows it", async ({ page, context, request }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const submissionId = randomUUID();
    const last = surname();
    const sent = await request.post("/web/form", {
      data: { firstName: "Quinn", lastName: last, email: `ref-${tag()}@ref.test`, zipCode: "10001", type: 18, submissionId, pagePath: "/saas/home" },
    });
    expect(sent.status()).toBe(201);
    const reference = submissionReference(submissionId);
    for (const typed of [reference, `#${reference}`, reference.toLowerCase()]) {
      await page.goto("/desk/leads");
      await page.getByRole("searchbox").first().fill(typed);
      await page.keyboard.press("Enter");
      await expect(page.locator("tbody tr")).toHaveCount(1);
      await expect(page.locator("tbody tr")).toContainText(`Quinn ${last}`);
    }
    await page.locator("tbody tr").getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`#${reference}`);
    await expect(page.locator("dl")).toContainText(reference);
  });

  test("a salesperson walks a searched list lead by lead and comes back to the same list", async ({ page, context }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const last = surname();
    const ids: number[] = [];
    for (const first of ["Ada", "Ben", "Cy"])
      ids.push(await seedLead("lead-personal", 1, `${first.toLowerCase()}-${tag()}@walk.test`, { firstName: first, lastName: last, zipCode: "10001" }, "/"));
    const spam = await seedLead("lead-personal", 1, `spam-${tag()}@walk.test`, { firstName: "Spammy", lastName: last, zipCode: "10001" }, "/");
    await page.goto(`/desk/leads/${spam}`);
    await page.getByLabel("Status").selectOption("spam");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Lead updated.");

    await page.goto(`/desk/leads?q=${last.toLowerCase()}`);
    // Spam stays out of the list unless asked for.
    await expect(page.locator("tbody tr")).toHaveCount(3);
    await page.locator("tbody tr").first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Cy ${last}`);
    await expect(page.getByRole("link", { name: /Newer lead/ })).toHaveCount(0);
    await page.getByRole("link", { name: /Older lead/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Ben ${last}`);
    await page.getByRole("link", { name: /Older lead/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Ada ${last}`);
    await expect(page.getByRole("link", { name: /Older lead/ })).toHaveCount(0);
    await page.getByRole("link", { name: "Back to the list" }).click();
    await expect(page).toHaveURL(new RegExp(`/desk/leads\\?q=${last.toLowerCase()}$`));
    await expect(page.locator("tbody tr")).toHaveCount(3);
    await page.goto(`/desk/leads?q=${last.toLowerCase()}&status=spam`);
    await expect(page.locator("tbody tr")).toHaveCount(1);
  });

  test("saved views in the URL: mine, unassigned, today and spam, refined by the filters", async ({ page, context }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const last = surname();
    const mine = await seedLead("lead-personal", 1, `mine-${tag()}@views.test`, { firstName: "Mia", lastName: last, zipCode: "10001" }, "/");
    await seedLead("lead-personal", 1, `free-${tag()}@views.test`, { firstName: "Fay", lastName: last, zipCode: "10001" }, "/");
    await page.goto(`/desk/leads/${mine}`);
    await page.getByLabel("Assignee").selectOption(String(sales.id));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Lead updated.");

    await page.goto("/desk/leads");
    await page.getByRole("navigation", { name: "Views" }).getByRole("link", { name: "Mine" }).click();
    await expect(page).toHaveURL(/\?view=mine$/);
    await expect(page.getByRole("link", { name: "Mine" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText(`Mia ${last}`);
    // A filter refines the view and keeps it.
    await page.getByRole("searchbox").first().fill(last.toLowerCase());
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/view=mine/);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await page.goto(`/desk/leads?view=unassigned&q=${last.toLowerCase()}`);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText(`Fay ${last}`);
    await page.goto(`/desk/leads?view=today&q=${last.toLowerCase()}`);
    await expect(page.locator("tbody tr")).toHaveCount(2);
    await page.goto("/desk/leads?view=someday");
    await expect(page.getByRole("alert")).toContainText("View must be mine, unassigned, today, spam, overdue or replied");
  });

  test("a lead whose ZIP code or phone number is shorter than a full one is marked in the inbox and on its page", async ({ page, context }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const last = surname();
    const short = await seedLead("lead-personal", 8, `short-${tag()}@marks.test`, { firstName: "Part", lastName: last, phone: "21455", zipCode: "752" });
    await seedLead("lead-personal", 8, `full-${tag()}@marks.test`, { firstName: "Full", lastName: last, phone: "2145550100", zipCode: "75201" });
    await page.goto(`/desk/leads?q=${last.toLowerCase()}`);
    const rows = page.getByRole("row");
    const shortRow = rows.filter({ hasText: "Part" });
    await expect(shortRow.getByText("ZIP incomplete")).toBeVisible();
    await expect(shortRow.getByText("phone incomplete")).toBeVisible();
    const fullRow = rows.filter({ hasText: "Full" });
    await expect(fullRow).toBeVisible();
    await expect(fullRow.getByText(/incomplete/)).toHaveCount(0);
    await page.goto(`/desk/leads/${short}`);
    const sent = page.getByRole("region", { name: "What was sent" });
    await expect(sent.getByText("752")).toContainText("ZIP incomplete");
    await expect(sent.getByText("21455")).toContainText("phone incomplete");
  });

  test("several leads change at once from the list", async ({ page, context }) => {
    const sales = await createStaff("sales", { name: `Bulk ${tag()}` });
    await signIn(context, sales);
    const last = surname();
    for (let i = 0; i < 3; i++) await seedLead("lead-personal", 1, `b${i}-${tag()}@bulk.test`, { firstName: "Bulk", lastName: last, zipCode: "10001" }, "/");
    await page.goto(`/desk/leads?q=${last.toLowerCase()}`);
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(3);
    await page.getByRole("button", { name: "Apply to selected" }).click();
    await expect(page.getByRole("alert")).toContainText("Select at least one lead");
    await rows.nth(0).getByRole("checkbox").check();
    await rows.nth(2).getByRole("checkbox").check();
    await page.getByLabel("New status").selectOption("qualified");
    await page.getByLabel("New assignee").selectOption(String(sales.id));
    await page.getByRole("button", { name: "Apply to selected" }).click();
    await expect(page.getByRole("status")).toContainText("2 leads changed");
    await expect(rows.nth(0)).toContainText("Qualified");
    await expect(rows.nth(1)).toContainText("New");
    await expect(rows.nth(2)).toContainText("Qualified");
    await expect(rows.nth(2)).toContainText(sales.name as string);
    const db = await testDb();
    const logged = await db.kysely.selectFrom("audit_log").selectAll().where("action", "=", "leads.bulk-change").where("staff_id", "=", sales.id).execute();
    expect(logged).toHaveLength(1);
  });

  test("the CSV export is the current filter, BOM-prefixed UTF-8, one column per field, formulas neutralised, audited", async ({ page, context, request }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const last = surname();
    // Through the public form endpoint, as a visitor would send it.
    const posted = await request.post("/web/form", {
      data: {
        type: 9,
        firstName: "Zoë",
        lastName: last,
        email: `zoe-${tag()}@csv.test`,
        phone: "2145550100",
        zipCode: "75201",
        city: "Düsseldorf",
        message: '=HYPERLINK("http://evil.example","click me")',
        pagePath: "/gasoline",
        submissionId: randomUUID(),
      },
    });
    expect(posted.ok()).toBe(true);
    await seedLead("lead-business", 13, `biz-${tag()}@csv.test`, {
      bussinessName: `${last} Ångström Fuel`,
      phone: "4695550111",
      zipCode: "75001",
      message: '+1 then -2, @home, "quoted"\nsecond line',
    });
    await seedLead("quote-business", 19, `quote-${tag()}@csv.test`, {
      businessName: `${last} Quotes`,
      address1: "Dallas",
      employeeSize: 500,
      long: -96.8044,
      deliveryWindowStartTime: 57_600_000,
      deliveryWindowEndTime: 72_000_000,
      campaignStartDate: Date.UTC(2026, 0, 1),
    });
    await page.goto(`/desk/leads?q=${last.toLowerCase()}`);
    await expect(page.locator("tbody tr")).toHaveCount(3);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export these leads (CSV)" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path()) as string);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString("utf8").slice(1));
    const [header, ...data] = rows;
    expect(header).toContain("First name");
    // One column per fact across forms, named as a person names it.
    expect(header).toContain("Business");
    expect(header).toContain("Delivery window");
    expect(header).toContain("Received (UTC)");
    expect((header as string[]).filter((h) => /\(quote\)|\(contact form\)|Type code/.test(h))).toEqual([]);
    expect(new Set(rows.map((r) => r.length)).size).toBe(1);
    expect(data).toHaveLength(3);
    const col = (name: string) => (header as string[]).indexOf(name);
    const [quote, biz, zoe] = data as string[][];
    // Values as a spreadsheet reader reads them; a longitude stays a number.
    expect(quote?.[col("Delivery window")]).toBe("16:00–20:00");
    expect(quote?.[col("Campaign starts")]).toBe("January 1, 2026");
    expect(quote?.[col("Employees")]).toBe("200–500");
    expect(quote?.[col("Place name")]).toBe("Dallas");
    expect(quote?.[col("Longitude")]).toBe("-96.8044");
    expect(zoe?.[col("Reference")]).toMatch(/^[0-9A-F]{8}$/);
    expect(zoe?.[col("First name")]).toBe("Zoë");
    expect(zoe?.[col("City")]).toBe("Düsseldorf");
    expect(zoe?.[col("Message")]).toBe(`'=HYPERLINK("http://evil.example","click me")`);
    expect(zoe?.[col("Type")]).toBe("Gasoline (9)");
    expect(zoe?.[col("Page")]).toBe("/gasoline");
    expect(biz?.[col("Business")]).toBe(`${last} Ångström Fuel`);
    expect(quote?.[col("Business")]).toBe(`${last} Quotes`);
    expect(biz?.[col("Phone")]).toBe("4695550111");
    expect(zoe?.[col("Status")]).toBe("New");
    // Sent through the API without the consent line.
    expect(zoe?.[col("Consent version")]).toBe("not recorded");
    expect(biz?.[col("Message")]).toBe('\'+1 then -2, @home, "quoted"\nsecond line');
    const db = await testDb();
    const logged = await db.kysely.selectFrom("audit_log").selectAll().where("action", "=", "leads.export").where("staff_id", "=", sales.id).execute();
    expect(logged).toHaveLength(1);
    // Filtered to the contact form, no column that form never fills.
    const personal = await page.request.get(`/desk/leads/export.csv?q=${last.toLowerCase()}&kind=lead-personal`);
    const [personalHeader, ...personalRows] = parseCsv((await personal.text()).replace(/^\uFEFF/, ""));
    expect(personalRows).toHaveLength(1);
    expect(personalHeader).toContain("City");
    for (const never of ["Business", "Fleet size", "Delivery window", "Campaign ends", "Longitude"]) expect(personalHeader).not.toContain(never);
    expect(logged[0]?.subject).toContain(last.toLowerCase());
  });

  test("the inbox filters by where leads came from, and the export carries it", async ({ page, context }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const campaign = `fleet-${tag()}`;
    const db = await testDb();
    const seed = async (email: string, attribution: Record<string, string>) =>
      (
        await storeLead(db, {
          kind: "lead-personal",
          type: 9,
          email,
          payload: { firstName: "Ari", lastName: "Touch", email, type: 9, phone: "2145550100", zipCode: "75201" },
          pagePath: "/gasoline",
          attribution,
        })
      ).id;
    const mailed = await seed(`mailed-${tag()}@touch.test`, {
      landingPage: "/getafleet",
      referrerHost: "mail.example.com",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: campaign,
    });
    await seed(`social-${tag()}@touch.test`, {
      landingPage: "/faq",
      referrerHost: "social.example",
      utm_source: "social",
      utm_medium: "post",
      utm_campaign: campaign,
    });
    await seed(`plain-${tag()}@touch.test`, { landingPage: "/getafleet" });

    await page.goto("/desk/leads");
    await page.getByLabel("utm_campaign").fill(campaign);
    await page.getByLabel("utm_medium").fill("email");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`utm_medium=email&utm_campaign=${campaign}`));
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole("link").first()).toHaveAttribute("href", new RegExp(`/desk/leads/${mailed}`));
    // The filter is kept in the form, and each attribution field filters alone.
    await expect(page.getByLabel("utm_campaign")).toHaveValue(campaign);
    await page.goto(`/desk/leads?utm_campaign=${campaign}&referrer=Social.Example`);
    await expect(rows).toHaveCount(1);
    await page.goto(`/desk/leads?utm_campaign=${campaign}&landing=%2Fgetafleet&utm_source=newsletter`);
    await expect(rows).toHaveCount(1);
    expect((await page.goto("/desk/leads?referrer=not%20a%20host"))?.status()).toBe(400);
    await expect(page.getByText("Referrer must be a host name like www.google.com")).toBeVisible();

    const csv = await page.request.get(`/desk/leads/export.csv?utm_campaign=${campaign}`);
    const [header, ...data] = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    expect(data).toHaveLength(2);
    const col = (name: string) => (header as string[]).indexOf(name);
    const mailedRow = data.find((r) => r[0] === String(mailed));
    expect(
      [
        col("Landing page"),
        col("Referrer"),
        col("Campaign source (utm_source)"),
        col("Campaign medium (utm_medium)"),
        col("Campaign name (utm_campaign)"),
        col("Campaign term (utm_term)"),
      ].map((i) => mailedRow?.[i]),
    ).toEqual(["/getafleet", "mail.example.com", "newsletter", "email", campaign, ""]);
  });

  test("the inbox works by keyboard alone", async ({ page, context }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const last = surname();
    await seedLead("lead-personal", 7, `kb-${tag()}@keys.test`, { firstName: "Kay", lastName: last, zipCode: "75201" }, "/geofencing");
    await page.goto("/desk/leads");
    const search = page.getByLabel("Search (e-mail, name, business, phone, ZIP)");
    for (let i = 0; i < 40 && !(await search.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(search).toBeFocused();
    await page.keyboard.type(last.toLowerCase());
    await page.keyboard.press("Enter");
    await expect(page.locator("tbody tr")).toHaveCount(1);
    const box = page.locator("tbody tr").first().getByRole("checkbox");
    for (let i = 0; i < 60 && !(await box.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(box).toBeFocused();
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
    await page.keyboard.press("Tab");
    const link = page.locator("tbody tr").first().getByRole("link");
    await expect(link).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/desk\/leads\/\d+(\?|$)/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Kay ${last}`);
    const status = page.getByLabel("Status");
    for (let i = 0; i < 40 && !(await status.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(status).toBeFocused();
    await status.selectOption("won");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Save", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toContainText("Lead updated.");
  });
});

test.describe("subscribers, the desk home and privacy", () => {
  test("subscribers list by type and status, unsubscribe, export", async ({ page, context }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const email = `reader-${tag()}@news.test`;
    const id = await seedLead("newsletter", 3, email, {}, "/careers");
    await confirmSubscription(await testDb(), id);
    await page.goto(`/desk/subscribers?q=${encodeURIComponent(email)}&type=careers`);
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Careers");
    await expect(rows.first()).toContainText("Confirmed");
    const csv = await page.request.get(`/desk/subscribers/export.csv?q=${encodeURIComponent(email)}`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const parsed = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    expect(parsed[1]?.[2]).toBe(email);
    expect(parsed[1]?.[5]).toBe("subscribed");
    await rows
      .first()
      .getByRole("button", { name: /Unsubscribe/ })
      .click();
    await expect(page.getByRole("status")).toContainText(`${email} is now unsubscribed`);
    // Staff cannot subscribe anyone back: only the address confirms.
    await expect(rows.first().getByRole("button")).toHaveCount(0);
    await page.goto(`/desk/subscribers?q=${encodeURIComponent(email)}&status=subscribed`);
    await expect(rows).toHaveCount(0);
    const after = await page.request.get(`/desk/subscribers/export.csv?q=${encodeURIComponent(email)}`);
    expect(parseCsv((await after.text()).replace(/^\uFEFF/, ""))).toHaveLength(1);
    expect((await page.goto("/desk/subscribers?type=weekly"))?.status()).toBe(400);
  });

  test("the desk home charts leads per day with the same figures as a table, and counts new leads since the last visit", async ({ page, context }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    // A lead of today's, so the chart has a bar whichever test ran before.
    await seedLead("lead-saas", 18, `saas-${tag()}@home.test`, { firstName: "Sia", lastName: "Saas", zipCode: "75201" }, "/saas/home");
    await page.goto("/desk");
    await expect(page.getByRole("heading", { name: "At a glance" })).toBeVisible();
    await expect(page.locator("svg[aria-hidden=true] rect").first()).toBeAttached();
    const table = page.getByRole("table", { name: "Leads per day by form, last 90 days" });
    await expect(table.locator("tbody tr")).toHaveCount(90);
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = table.getByRole("row", { name: new RegExp(`^${today}`) });
    const before = Number(await todayRow.locator("td").last().textContent());
    await seedLead("lead-saas", 18, `saas-${tag()}@home.test`, { firstName: "Sia", lastName: "Saas", zipCode: "75201" }, "/saas/home");
    await seedLead("lead-saas", 18, `saas-${tag()}@home.test`, { firstName: "Sia", lastName: "Saas", zipCode: "75201" }, "/saas/home");
    await page.reload();
    await expect(page.getByRole("status").first()).toContainText(
      /Since your last visit .*\d+ new leads? assigned to you and \d+ new leads? assigned to no one/,
    );
    expect(Number(await todayRow.locator("td").last().textContent())).toBeGreaterThanOrEqual(before + 2);
    await page.getByLabel("Period").selectOption("7");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/days=7/);
    await expect(page.getByRole("table", { name: "By page, last 7 days" })).toContainText("/saas/home");
    await expect(page.getByRole("table", { name: "By status, last 7 days" })).toContainText("New");
  });

  test("privacy deletion lists what will go, asks for the address again, then leaves it in no table and no mail file", async ({ page, context }) => {
    const admin = await createStaff("admin");
    await signIn(context, admin);
    const email = `forget-${tag()}@privacy.test`;
    // As the visitor did: a lead and a newsletter sign-up through the public endpoints, so
    // the server's outbox writes their e-mails (the sales note, the receipt, the confirmation).
    const posted = await page.request.post("/web/form", {
      data: {
        type: 9,
        firstName: "Fay",
        lastName: "Forget",
        email,
        phone: "2145550142",
        zipCode: "75201",
        message: "Call me about diesel",
        pagePath: "/gasoline",
      },
    });
    expect(posted.ok()).toBe(true);
    expect((await page.request.post("/web/suscribe", { data: { email, type: 4 } })).status()).toBe(201);
    const db = await testDb();
    const post = await db.kysely.selectFrom("posts").select("id").limit(1).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db.kysely
      .insertInto("comments")
      .values({
        id: `c-${tag()}`,
        post_id: post.id,
        parent_id: null,
        comment_by: "Fay",
        email,
        company_name: "Forget Co",
        text: "Nice post",
        created_on: now,
        submission_id: null,
        ip_hash: null,
      })
      .execute();
    // A campaign link that carried the address, as insight stored it before it dropped such values.
    await db.kysely
      .insertInto("insight_events")
      .values({
        at: now,
        day: now.slice(0, 10),
        kind: "form",
        visitor: `v${tag()}`.slice(0, 16),
        view_id: `privacy${tag()}`,
        path: "/gasoline",
        utm_source: email,
        device: "desktop",
        browser: "Chrome",
        os: "Windows",
        form: "lead-personal",
        step: "seen",
      })
      .execute();
    // An export filtered by the address is in the audit log with its filter.
    expect((await page.request.get(`/desk/leads/export.csv?q=${encodeURIComponent(email)}`)).ok()).toBe(true);
    await expect.poll(() => mailFilesNaming(email).length, { timeout: 15_000 }).toBe(3);

    await page.goto("/desk/privacy");
    await page.getByLabel("E-mail address").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Find what we hold" }).click();
    const list = page.getByRole("list", { name: "This will go:" });
    await expect(list.getByRole("listitem")).toHaveText([
      "1 lead",
      "1 newsletter subscription",
      "1 comment",
      "3 outbox messages",
      "0 e-mails of conversations",
      "3 mail files",
      "1 audit entry naming the address",
      "1 visit record naming the address or its leads",
    ]);
    await expectAxeClean(page);
    // Nothing is gone before the admin confirms.
    expect(await db.kysely.selectFrom("leads").select("id").where("email_norm", "=", email).execute()).toHaveLength(2);
    await page.getByLabel("Type the e-mail address again to confirm").fill("someone@else.test");
    await page.getByRole("button", { name: "Delete everything" }).click();
    await expect(page.getByRole("alert")).toContainText("Type the same e-mail address again");
    await expect(page.getByLabel("Type the e-mail address again to confirm")).toHaveValue("someone@else.test");
    await expect(list.getByRole("listitem")).toHaveCount(8);
    await page.getByLabel("Type the e-mail address again to confirm").fill(email);
    await page.getByRole("button", { name: "Delete everything" }).click();
    await expect(page.getByRole("status")).toContainText(
      "Deleted 1 lead, 1 newsletter subscription, 1 comment, 3 outbox messages, 0 e-mails of conversations, 3 mail files, 1 audit entry naming the address and 1 visit record naming the address or its leads",
    );

    expect(await db.kysely.selectFrom("leads").select("id").where("email_norm", "=", email).execute()).toHaveLength(0);
    expect(await db.kysely.selectFrom("comments").select("id").where("email", "=", email).execute()).toHaveLength(0);
    expect(await db.kysely.selectFrom("outbox").select("id").where("recipient", "=", email).execute()).toHaveLength(0);
    expect(mailFilesNaming(email)).toEqual([]);
    const exported = await db.kysely.selectFrom("audit_log").selectAll().where("action", "=", "leads.export").where("staff_id", "=", admin.id).execute();
    expect(exported).toHaveLength(1);
    expect(JSON.stringify(exported[0]).toLowerCase()).not.toContain("forget-");
    const logged = await db.kysely.selectFrom("audit_log").selectAll().where("action", "=", "privacy.delete").where("staff_id", "=", admin.id).execute();
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0])).not.toContain("forget-");
    expect(JSON.stringify(logged[0])).not.toContain("Fay");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Find what we hold" }).click();
    await expect(list.getByRole("listitem")).toHaveText([
      "0 leads",
      "0 newsletter subscriptions",
      "0 comments",
      "0 outbox messages",
      "0 e-mails of conversations",
      "0 mail files",
      "0 audit entries naming the address",
      "0 visit records naming the address or its leads",
    ]);
  });

  test("a sales account cannot reach privacy deletion", async ({ page, context }) => {
    const sales = await createStaff("sales");
    await signIn(context, sales);
    const res = await page.goto("/desk/privacy");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not for your role" })).toBeVisible();
    const post = await page.request.post("/desk/privacy", {
      form: { intent: "delete", email: "x@y.test", confirm: "x@y.test" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(post.status()).toBe(403);
  });
});

test.describe("axe on the leads desk", () => {
  let leadPath = "";
  test.beforeAll(async () => {
    const id = await seedLead(
      "quote-short",
      19,
      `axe-${tag()}@axe.test`,
      { firstName: "Axe", lastName: "Tester", phoneNumber: "2145550100", businessAddress: "1 Main St", zipCode: "75201" },
      "/getafleet",
    );
    await seedLead("newsletter", 4, `axe-${tag()}@axe.test`, {}, "/");
    leadPath = `/desk/leads/${id}`;
  });
  const pages = ["/desk", "/desk/leads", "lead", "/desk/subscribers", "/desk/privacy", "/desk/leads?type=99"];
  for (const theme of ["light", "dark"] as const) {
    for (const path of pages) {
      test(`${path === "lead" ? "/desk/leads/:id" : path} is axe-clean in the ${theme} theme`, async ({ browser }) => {
        const context = await browser.newContext({ colorScheme: theme });
        await signIn(context, await createStaff("admin", { name: "Axe Admin" }));
        const page = await context.newPage();
        await page.goto(path === "lead" ? leadPath : path);
        await hydrated(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
        await expectAxeClean(page);
        await context.close();
      });
    }
  }
});
