import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import type { ServerBuild } from "react-router";
import { pagePaths } from "../../app/copy/pages";
import { baseURL } from "../../playwright.config";
import { createStaff, SESSION_COOKIE, signIn, signInWithForm, signOut, testDb } from "./desk-fixtures";
import { expect, hydrated, test } from "./fixtures";

const run = promisify(execFile);

/** My desk pages and who may open them. */
const PAGES = [
  { path: "/desk/account", roles: ["admin", "sales", "editor"], action: true },
  { path: "/desk/accounts", roles: ["admin"], action: true },
  { path: "/desk/audit", roles: ["admin"], action: false },
] as const;

/** A POST as a page of the desk itself would send it. */
function post(request: APIRequestContext, path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return request.post(path, { form, headers: { Origin: baseURL, "Sec-Fetch-Site": "same-origin", ...headers }, maxRedirects: 0 });
}

test.describe("desk sign-in", () => {
  test("signs in with the form, lands on the page asked for, and signs out", async ({ page }) => {
    const sales = await createStaff("sales", { name: "Sam Sales" });
    await page.goto("/desk/account");
    await expect(page).toHaveURL(/\/desk\/sign-in\?next=%2Fdesk%2Faccount$/);
    await hydrated(page);
    await page.getByLabel("E-mail").fill(sales.email);
    await page.getByLabel("Password").fill(sales.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/desk\/account$/);
    await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
    // The menu shows what a salesperson works with, not the admin screens.
    const nav = page.getByRole("navigation", { name: "Desk" });
    await expect(nav.getByRole("link", { name: "Leads" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Accounts" })).toHaveCount(0);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL(/\/desk\/sign-in\?signed-out/);
    await expect(page.getByText("You are signed out.")).toBeVisible();
    await page.goto("/desk/account");
    await expect(page).toHaveURL(/\/desk\/sign-in/);
  });

  test("a wrong password and an unknown e-mail get the same answer", async ({ page }) => {
    const admin = await createStaff("admin");
    const disabled = await createStaff("sales", { disabled: true });
    const answers: string[] = [];
    for (const [email, password] of [
      [admin.email, "not the password at all"],
      ["nobody-here@staff.test", "not the password at all"],
      [disabled.email, disabled.password],
    ] as const) {
      await signInWithForm(page, { email, password });
      const alert = page.getByRole("alert");
      // Failures from one client beyond the first ten are answered more slowly.
      await expect(alert).toBeVisible({ timeout: 20_000 });
      answers.push((await alert.textContent()) ?? "");
      await expect(page).toHaveURL(/\/desk\/sign-in/);
    }
    expect(answers[0]).toContain("That e-mail and password do not match an account.");
    expect(new Set(answers).size).toBe(1);
  });

  test("repeated failures for one account from one address are slowed, then refused with 429 and Retry-After, and logged", async ({ request }) => {
    test.setTimeout(90_000);
    const victim = await createStaff("sales");
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 10; i++) {
      last = await post(request, "/desk/sign-in", { intent: "password", email: victim.email, password: `wrong password ${i}` });
      statuses.push(last.status());
    }
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(statuses[9]).toBe(429);
    expect(Number(last!.headers()["retry-after"])).toBeGreaterThan(60);
    expect(await last!.text()).toContain("Too many failed attempts");
    // While blocked, even the right password is refused.
    const right = await post(request, "/desk/sign-in", { intent: "password", email: victim.email, password: victim.password });
    expect(right.status()).toBe(429);
    const db = await testDb();
    const logged = await db.kysely.selectFrom("audit_log").select("action").where("subject", "=", victim.email).execute();
    expect(logged.filter((r) => r.action === "sign-in.failed").length).toBeGreaterThanOrEqual(8);
    expect(logged.some((r) => r.action === "sign-in.blocked")).toBe(true);
  });
});

test.describe("desk access", () => {
  test("without a session: pages redirect to sign-in, actions answer 401", async ({ request }) => {
    await createStaff("admin"); // the desk has accounts, so it asks to sign in
    for (const { path, action } of PAGES) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location).toBe(`/desk/sign-in?next=${encodeURIComponent(path)}`);
      const act = await post(request, path, { intent: "sign-out-everywhere" });
      // The audit log has no action at all: a POST there is 405 for everyone.
      expect(act.status(), `POST ${path}`).toBe(action ? 401 : 405);
    }
    const out = await post(request, "/desk/sign-out", {});
    expect(out.status()).toBe(401);
  });

  test("an unknown desk address asks for a session first, then says not found inside the desk", async ({ browser, request }) => {
    await createStaff("admin");
    const anonymous = await request.get("/desk/no-such-screen", { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers().location).toBe(`/desk/sign-in?next=${encodeURIComponent("/desk/no-such-screen")}`);
    const context = await browser.newContext();
    await signIn(context, await createStaff("sales"));
    const page = await context.newPage();
    const res = await page.goto("/desk/no-such-screen");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Desk" })).toBeVisible();
    await context.close();
  });

  test("a role that may not gets 403 on pages and actions", async ({ browser }) => {
    for (const role of ["sales", "editor"] as const) {
      const context = await browser.newContext();
      const staff = await createStaff(role);
      await signIn(context, staff);
      for (const { path, roles, action } of PAGES) {
        if ((roles as readonly string[]).includes(role)) continue;
        const res = await context.request.get(path, { maxRedirects: 0 });
        expect(res.status(), `${role} ${path}`).toBe(403);
        expect(await res.text()).toContain("Not for your role");
        if (!action) continue;
        const act = await post(context.request, path, { intent: "add", email: "x@staff.test", role: "admin" });
        expect(act.status(), `${role} POST ${path}`).toBe(403);
      }
      await context.close();
    }
  });

  test("cross-site POSTs are refused, even with a valid session", async ({ browser }) => {
    const context = await browser.newContext();
    const admin = await createStaff("admin");
    await signIn(context, admin);
    const evil = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
    // Refused by the desk (403), or before it by the page router's own Origin check (400).
    const add = await post(context.request, "/desk/accounts", { intent: "add", email: "planted@staff.test", role: "admin" }, evil);
    expect([400, 403]).toContain(add.status());
    const signOut = await post(context.request, "/desk/sign-out", {}, evil);
    expect([400, 403]).toContain(signOut.status());
    const signInPost = await post(context.request, "/desk/sign-in", { intent: "password", email: admin.email, password: admin.password }, evil);
    expect([400, 403]).toContain(signInPost.status());
    expect(signInPost.headers()["set-cookie"] ?? "").not.toContain("fillway-desk=");
    // A cross-site request whose Origin matches (a sibling site forging it is not possible
    // in a browser, but Sec-Fetch-Site says where it came from) is refused by the desk.
    const sibling = await post(
      context.request,
      "/desk/accounts",
      { intent: "add", email: "planted@staff.test", role: "admin" },
      { "Sec-Fetch-Site": "same-site" },
    );
    expect(sibling.status()).toBe(403);
    expect(await sibling.text()).toContain("Cross-site requests to the desk are refused.");
    const db = await testDb();
    expect(await db.kysely.selectFrom("staff").select("id").where("email", "=", "planted@staff.test").executeTakeFirst()).toBeUndefined();
    // The same request from the desk's own page goes through.
    const ok = await post(context.request, "/desk/accounts", { intent: "add", email: `ok-${Date.now()}@staff.test`, role: "sales" });
    expect(ok.status()).toBe(200);
    await context.close();
  });

  test("desk pages are never cached or indexed, keep the strict CSP, and stay out of robots and the sitemap", async ({ browser, request }) => {
    const context = await browser.newContext();
    await signIn(context, await createStaff("admin"));
    for (const path of ["/desk/sign-in", "/desk/account", "/desk/accounts", "/desk/audit"]) {
      const res = await (path === "/desk/sign-in" ? request : context.request).get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      const h = res.headers();
      expect(h["cache-control"], path).toBe("no-store");
      expect(h["x-robots-tag"], path).toContain("noindex");
      expect(h["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
      expect(h["content-security-policy"], path).not.toContain("unsafe-eval");
    }
    await context.close();
    expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /desk");
    expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/desk");
  });
});

test.describe("desk sessions", () => {
  test("a session ends after its idle time and after its absolute lifetime", async ({ browser }) => {
    const db = await testDb();
    const staff = await createStaff("sales");
    for (const column of ["last_seen_at", "expires_at"] as const) {
      const context = await browser.newContext();
      const id = await signIn(context, staff);
      const page = await context.newPage();
      await page.goto("/desk/account");
      await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
      const past = new Date(Date.now() - (column === "last_seen_at" ? 3 * 3600_000 : 1000)).toISOString();
      await db.kysely
        .updateTable("staff_sessions")
        .set({ [column]: past })
        .where("id", "=", id)
        .execute();
      await page.goto("/desk/account");
      await expect(page, column).toHaveURL(/\/desk\/sign-in\?next=/);
      expect(await db.kysely.selectFrom("staff_sessions").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
      await context.close();
    }
  });

  test("changing the password signs out every other session; sign out everywhere ends this one too", async ({ browser }) => {
    const staff = await createStaff("admin");
    const [a, b] = [await browser.newContext(), await browser.newContext()];
    await signIn(a, staff);
    await signIn(b, staff);
    const pageA = await a.newPage();
    const pageB = await b.newPage();
    await pageB.goto("/desk/account");
    await expect(pageB.getByRole("heading", { name: "Your account" })).toBeVisible();
    await pageA.goto("/desk/account");
    await hydrated(pageA);
    await expect(pageA.getByRole("table", { name: "Your sessions" }).getByRole("row")).toHaveCount(3);
    const newPassword = "Quiet lanterns drift home 42";
    await pageA.getByLabel("Current password").last().fill(staff.password);
    await pageA.getByLabel("New password (at least 12 characters)").fill(newPassword);
    await pageA.getByLabel("The new password again").fill(newPassword);
    await pageA.getByRole("button", { name: "Change password" }).click();
    await expect(pageA.getByText("Your password is changed, and every other session has been signed out.")).toBeVisible();
    await pageB.reload();
    await expect(pageB).toHaveURL(/\/desk\/sign-in/);
    // A common password is refused, whatever its length.
    await pageA.getByLabel("Current password").last().fill(newPassword);
    await pageA.getByLabel("New password (at least 12 characters)").fill("password1234");
    await pageA.getByLabel("The new password again").fill("password1234");
    await pageA.getByRole("button", { name: "Change password" }).click();
    await expect(pageA.getByRole("alert")).toContainText("too common");
    // Sign out everywhere.
    await pageA.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(pageA).toHaveURL(/\/desk\/sign-in\?signed-out/);
    await signInWithForm(pageB, { email: staff.email, password: newPassword });
    await expect(pageB).toHaveURL(/\/desk\/account$/);
    await a.close();
    await b.close();
  });
});

test.describe("desk accounts", () => {
  test("the command line adds an account whose link sets the password once; list, disable and reset", async ({ page }) => {
    test.setTimeout(120_000);
    const email = `cli-${Date.now()}@staff.test`;
    const env = { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, SITE_URL: baseURL, LOG_LEVEL: "silent" };
    const desk = (...args: string[]) => run(process.execPath, ["--import", "tsx", "scripts/desk.ts", ...args], { env, cwd: resolve(".") });
    const added = await desk("user", "add", email, "--role", "sales", "--name", "Cleo Line");
    const link = /(http:\/\/\S+\/desk\/set-password\/\S+)/.exec(added.stdout)?.[1];
    expect(added.stdout).toContain(`Added ${email} (sales).`);
    expect(link?.startsWith(`${baseURL}/desk/set-password/`)).toBe(true);
    const listed = await desk("user", "list");
    expect(listed.stdout).toMatch(new RegExp(`${email}\\s+sales\\s+no password yet`));
    await expect(desk("user", "add", "not-an-email", "--role", "sales")).rejects.toMatchObject({ stderr: expect.stringContaining("not an e-mail address") });
    await expect(desk("user", "add", "x@staff.test", "--role", "owner")).rejects.toMatchObject({ code: 2 });

    await page.goto(link!);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("The same password again").fill("short");
    await page.locator("form").evaluate((f) => f.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByRole("alert")).toContainText("at least 12 characters");
    const password = "Maple kettles hum at dawn";
    await page.getByLabel("New password", { exact: true }).fill(password);
    await page.getByLabel("The same password again").fill(password);
    await page.getByRole("button", { name: "Set password" }).click();
    // Signed in at once, on the first page of the role.
    await expect(page).toHaveURL(/\/desk$/);
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "Link expired" })).toBeVisible();
    await page.context().clearCookies();
    await signInWithForm(page, { email, password });
    await expect(page).toHaveURL(/\/desk\/account$/);

    await desk("user", "disable", email);
    await page.reload();
    await expect(page).toHaveURL(/\/desk\/sign-in/);
    await desk("user", "enable", email);
    const reset = await desk("user", "reset", email);
    expect(reset.stdout).toContain("the old password no longer works");
    await signInWithForm(page, { email, password });
    await expect(page.getByRole("alert")).toContainText("do not match", { timeout: 20_000 });
  });

  test("an admin adds an account (the invitation goes by e-mail), sends it again, confirms a role change and a disable; the audit log says so in words and filters", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await createStaff("admin");
    // Another active admin, so the refusal below is about disabling oneself.
    await createStaff("admin");
    await signIn(context, admin);
    const page = await context.newPage();
    await page.goto("/desk/accounts");
    await hydrated(page);
    const email = `new-${Date.now()}@staff.test`;
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("sales");
    await page.getByRole("button", { name: "Add account" }).click();
    await expect(page.getByRole("status").first()).toContainText(`Added ${email} (sales). The invitation e-mail is on its way`);
    // The link goes by e-mail only.
    await expect(page.getByText("/desk/set-password/")).toHaveCount(0);
    await page.getByRole("button", { name: `Send the invitation again to ${email}` }).click();
    await expect(page.getByRole("status").first()).toContainText(`The invitation went to ${email} again`);
    // At 1280 px the role menus show their whole words.
    const menu = page.getByLabel(`Role of ${email}`, { exact: true });
    const fits = await menu.evaluate((el) => {
      const select = el as HTMLSelectElement;
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.font = getComputedStyle(select).font;
      const widest = Math.max(...[...select.options].map((o) => ctx.measureText(o.text).width));
      return select.clientWidth - widest;
    });
    expect(fits).toBeGreaterThan(20);
    await menu.selectOption("editor");
    await page.getByRole("button", { name: `Save role of ${email}` }).click();
    await expect(page.getByRole("alertdialog")).toContainText(`Change the role of ${email} from sales to editor?`);
    await page.getByRole("button", { name: `Yes, make ${email} editor` }).click();
    await expect(page.getByText(`${email} is now editor.`)).toBeVisible();
    await page.getByRole("button", { name: `Disable ${email}` }).click();
    await expect(page.getByRole("alertdialog")).toContainText(`Disable ${email}?`);
    await expect(page.getByRole("row", { name: new RegExp(email) })).not.toContainText("Disabled");
    await page.getByRole("button", { name: `Yes, disable ${email}` }).click();
    await expect(page.getByText(`Disabled ${email}`)).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Disabled");
    // The last admin cannot lock the desk: an admin cannot disable themselves.
    await page.getByRole("button", { name: `Disable ${admin.email}` }).click();
    await expect(page.getByRole("alert")).toContainText("cannot disable your own account");

    await page.goto("/desk/audit");
    await page.getByLabel("Person").selectOption({ label: admin.email });
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel("From (UTC)").fill(today);
    await page.getByLabel("To (UTC)").fill(today);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/person=\d+&.*from=/);
    const table = page.getByRole("table", { name: "Audit log, newest first" });
    for (const words of [
      `${admin.email} added ${email} as sales`,
      `${admin.email} sent the invitation to ${email} again`,
      `${admin.email} changed the role of ${email} from sales to editor`,
      `${admin.email} disabled ${email}`,
    ]) {
      await expect(table.getByRole("row").filter({ hasText: words })).toHaveCount(1);
    }
    await expect(table.getByRole("row").filter({ hasNotText: admin.email })).toHaveCount(1); // the header row only
    // Details in words, each with its label: no "from: sales, to: editor", no nulls.
    const roleRow = table.getByRole("row").filter({ hasText: "changed the role" });
    await expect(roleRow.getByRole("term")).toHaveText(["From", "To"]);
    await expect(roleRow.getByRole("definition")).toHaveText(["sales", "editor"]);
    await expect(table).not.toContainText("null");
    await page.getByLabel("Action").selectOption({ label: "Changed a role" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(table.getByRole("row")).toHaveCount(2);
    await page.goto(`/desk/audit?q=${encodeURIComponent(email)}`);
    await expect(table.getByRole("row")).toHaveCount(5);
    await page.goto("/desk/audit?from=2026-02-31");
    await expect(page.getByRole("alert")).toContainText("That date does not exist.");
    await context.close();
  });
});

test("at 390 px an admin reaches an account's actions and confirms a reset without the page scrolling sideways", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signIn(context, await createStaff("admin"));
  const other = await createStaff("sales", { name: "Ana Ruiz" });
  const page = await context.newPage();
  await page.goto("/desk/accounts");
  await hydrated(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const reset = page.getByRole("button", { name: `Reset password of ${other.email}` });
  await reset.scrollIntoViewIfNeeded();
  await expect(reset).toBeInViewport();
  await reset.click();
  await expect(page.getByRole("alertdialog")).toContainText(`Reset Ana Ruiz (${other.email})?`);
  await page.getByRole("button", { name: `Yes, reset ${other.email}` }).click();
  await expect(page.getByRole("status").first()).toContainText(`Reset ${other.email}: the old password no longer works`);
  await expect(page.getByText("/desk/set-password/")).toHaveCount(0);
  await page.goto("/desk/audit");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole("table", { name: "Audit log, newest first" })).toContainText("reset the password of Ana Ruiz");
  await context.close();
});

test.describe("desk two-factor sign-in", () => {
  test("enrol with an authenticator app, then sign in with a code and with a recovery code", async ({ page }) => {
    const staff = await createStaff("admin");
    await signInWithForm(page, staff);
    await expect(page).toHaveURL(/\/desk\/account$/);
    await hydrated(page);
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
    await page.getByLabel("Code from the app").fill("000000" === totp.generate() ? "111111" : "000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not right");
    await page.getByLabel("Code from the app").fill(totp.generate());
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    const codes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
    expect(codes).toHaveLength(10);

    await signOut(page);
    await signInWithForm(page, staff);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    // A code is taken once: the one that turned two-factor on is used up, so sign in with
    // the next time-step's code, which the server accepts as within its window.
    await page.getByLabel(/Code from your authenticator app/).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/desk\/account$/);
    await expect(page.getByText("On. 10 unused recovery codes left.")).toBeVisible();

    await signOut(page);
    await signInWithForm(page, staff);
    await page.getByLabel(/Code from your authenticator app/).fill(codes[3]!.toUpperCase());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/desk\/account$/);
    await expect(page.getByText("On. 9 unused recovery codes left.")).toBeVisible();

    // A recovery code works once.
    await signOut(page);
    await signInWithForm(page, staff);
    await page.getByLabel(/Code from your authenticator app/).fill(codes[3]!);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not right");
    const db = await testDb();
    const methods = await db.kysely.selectFrom("audit_log").select("detail").where("staff_id", "=", staff.id).where("action", "=", "sign-in").execute();
    expect(methods.map((m) => JSON.parse(m.detail ?? "{}").method)).toEqual(expect.arrayContaining(["totp", "recovery-code"]));
  });
});

test.describe("desk pages in both themes", () => {
  const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
  for (const theme of ["light", "dark"] as const) {
    test(`axe finds nothing on the sign-in, set-password, account, accounts and audit pages (${theme})`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ colorScheme: theme });
      const admin = await createStaff("admin");
      const env = { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, SITE_URL: baseURL, LOG_LEVEL: "silent" };
      const added = await run(
        process.execPath,
        ["--import", "tsx", "scripts/desk.ts", "user", "add", `axe-${theme}-${Date.now()}@staff.test`, "--role", "editor"],
        { env },
      );
      const link = /(http:\/\/\S+\/desk\/set-password\/\S+)/.exec(added.stdout)![1]!;
      const page = await context.newPage();
      for (const url of ["/desk/sign-in", link]) {
        await page.goto(url);
        await hydrated(page);
        const r = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        expect(r.violations, `${url} ${theme}`).toEqual([]);
      }
      await signIn(context, admin);
      for (const url of ["/desk/account", "/desk/accounts", "/desk/audit"]) {
        await page.goto(url);
        await hydrated(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
        const r = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        expect(r.violations, `${url} ${theme}`).toEqual([]);
      }
      await page.goto("/desk/account");
      await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
      await expect(page.getByTestId("totp-secret")).toBeVisible();
      const r = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(r.violations, `two-factor set-up ${theme}`).toEqual([]);
      await context.close();
    });
  }

  test("keyboard: skip link, menu and sign-out reachable with Tab, focus visible", async ({ browser }) => {
    const context = await browser.newContext();
    await signIn(context, await createStaff("admin"));
    const page = await context.newPage();
    await page.goto("/desk/account");
    await hydrated(page);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    const seen: string[] = [];
    // The brand, every menu entry for an admin, the theme switch, the account, sign out.
    for (let i = 0; i < 30 && seen.at(-1) !== "Sign out"; i++) {
      await page.keyboard.press("Tab");
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return { text: el.textContent?.trim() ?? "", outline: getComputedStyle(el).outlineStyle };
      });
      expect(info.outline, info.text).not.toBe("none");
      seen.push(info.text);
    }
    expect(seen).toEqual(expect.arrayContaining(["Leads", "Accounts", "Audit log", "Sign out"]));
    await context.close();
  });
});

test.describe("desk code stays on the desk", () => {
  test("no public page references the desk's scripts or stylesheet", async ({ request }) => {
    // The route manifest of the build the server runs: every desk route's module and stylesheet.
    const build = (await import(pathToFileURL(resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href)) as ServerBuild;
    const deskFiles = new Set<string>();
    for (const [id, route] of Object.entries(build.assets.routes)) {
      if (!route || !/(^|\/)routes\/desk\//.test(id)) continue;
      deskFiles.add(route.module);
      for (const c of route.css ?? []) deskFiles.add(c);
    }
    // The desk's stylesheet is linked by the layout (desk.css?url), so it is an asset of its own.
    for (const f of readdirSync(resolve(process.env.BUILD_DIR ?? "build", "client/assets"))) {
      if (/^desk-[\w-]+\.css$/.test(f)) deskFiles.add(`/assets/${f}`);
    }
    expect([...deskFiles].some((f) => f.endsWith(".css"))).toBe(true);
    expect([...deskFiles].some((f) => f.endsWith(".js"))).toBe(true);
    for (const path of [...pagePaths, "/blog", "/news", "/no-such-page"]) {
      const html = await (await request.get(path)).text();
      for (const file of deskFiles) expect(html, `${path} references ${file}`).not.toContain(file);
    }
  });
});
