import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { type Db, openDb } from "../../app/platform/db/db.server";
import type { Role } from "../../app/features/staff/auth.server";
import { hashPassword } from "../../app/features/staff/password.server";
import { createSession, hashToken } from "../../app/features/staff/session.server";
import { baseURL } from "../../playwright.config";

/**
 * Desk accounts for browser tests, made directly in the test server's database
 * (E2E_DATABASE_URL), and browser contexts signed in as them.
 *
 *   const admin = await createStaff("admin");
 *   await signIn(context, admin);          // a session cookie, as the sign-in form sets it
 *   await signInWithForm(page, admin);     // or through the real form
 */

let opened: Promise<Db> | undefined;
/** The test server's database (the same file or PostgreSQL database the server uses). */
export function testDb(): Promise<Db> {
  opened ??= openDb(process.env.E2E_DATABASE_URL);
  return opened;
}

export interface TestStaff {
  id: number;
  email: string;
  password: string;
  role: Role;
  name: string | null;
}

/** A fresh account of this role with a known password (a unique e-mail each call). */
export async function createStaff(role: Role, opts: { email?: string; password?: string; name?: string | null; disabled?: boolean } = {}): Promise<TestStaff> {
  const db = await testDb();
  const email = opts.email ?? `${role}-${randomBytes(5).toString("hex")}@staff.test`;
  const password = opts.password ?? `Correct horse ${randomBytes(6).toString("hex")}`;
  const row = await db.kysely
    .insertInto("staff")
    .values({
      email,
      name: opts.name ?? null,
      role,
      password_hash: await hashPassword(password),
      password_changed_at: new Date().toISOString(),
      disabled_at: opts.disabled ? new Date().toISOString() : null,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), email, password, role, name: opts.name ?? null };
}

/**
 * The test server runs with NODE_ENV unset, that is production: the cookie is Secure with
 * the __Host- prefix, which Chromium accepts on a loopback address.
 */
export const SESSION_COOKIE = "__Host-fillway-desk";

/** Signs a browser context in as `staff` with a new session made in the database. */
export async function signIn(context: BrowserContext, staff: Pick<TestStaff, "id">): Promise<string> {
  const db = await testDb();
  const { token } = await createSession(db, staff.id, { userAgent: "desk test" });
  const { hostname } = new URL(baseURL);
  await context.addCookies([{ name: SESSION_COOKIE, value: token, domain: hostname, path: "/", httpOnly: true, secure: true, sameSite: "Lax" }]);
  return hashToken(token);
}

/** Signs out with the desk's button and waits until the server has ended the session. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/desk\/sign-in\?signed-out/);
}

/** Signs in through the real sign-in form and waits to land in the desk. */
export async function signInWithForm(page: Page, staff: Pick<TestStaff, "email" | "password">, next = "/desk/account") {
  await page.goto(`/desk/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel("E-mail").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** No axe violation on the page at WCAG 2.2 AA; a failure names each rule and its first four elements. */
export async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 4)
          .join(", ")}`,
    ),
  ).toEqual([]);
}
