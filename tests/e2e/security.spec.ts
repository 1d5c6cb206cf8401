import { randomUUID } from "node:crypto";
import { test as base, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { expect, hydrated, test } from "./fixtures";

/**
 * The security promises a visitor's browser relies on: the headers on pages and API,
 * a CSP that refuses any script the server did not hash or nonce, and hostile text in
 * comments, post HTML and URLs that reaches a page only as text.
 */

const pagesToCheck = ["/faq", "/", "/blog", "/no-such-page"];

test.describe("security headers", () => {
  for (const path of pagesToCheck) {
    test(`page ${path} carries the CSP and the other security headers`, async ({ request }) => {
      const res = await request.get(path);
      const h = res.headers();
      const csp = h["content-security-policy"] ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'( '(nonce|sha256)-[^']+')+/);
      expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'");
      expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(h["x-frame-options"]).toBe("DENY");
    });
  }

  test("API answers carry nosniff, a referrer policy and a CSP that allows nothing", async ({ request }) => {
    for (const [method, path] of [
      ["GET", "/web/getData2?flag=4&limit=1"],
      ["POST", "/web/form"],
    ] as const) {
      const res = method === "GET" ? await request.get(path) : await request.post(path, { data: "{", headers: { "content-type": "application/json" } });
      const h = res.headers();
      expect(res.status(), path).toBeLessThan(500);
      expect(h["content-type"], path).toMatch(/^application\/json/);
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(h["content-security-policy"]).toContain("default-src 'none'");
      expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(h["cache-control"]).toContain("no-store");
    }
  });

  test("hashed assets are immutable and served with nosniff", async ({ request }) => {
    const html = await (await request.get("/faq")).text();
    const src = /<link rel="x-modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(src).toBeTruthy();
    const res = await request.get(src!);
    expect(res.headers()["cache-control"]).toContain("immutable");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["content-type"]).toMatch(/javascript/);
  });
});

type Injected = { __injected?: number; __violations?: string[] };

/**
 * Inserts a script the way an injection would, and reports whether it ran (once the
 * image carrying an inline handler has loaded or failed) and what the CSP said (once it
 * has reported the script).
 */
async function injectInlineScript(page: Page) {
  await page.evaluate(async () => {
    const w = window as unknown as Injected;
    w.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__violations?.push(`${e.violatedDirective}|${e.blockedURI}`));
    const s = document.createElement("script");
    s.textContent = "window.__injected = 1;";
    document.body.appendChild(s);
    const handler = document.createElement("div");
    handler.innerHTML = '<img src="data:," onload="window.__injected = 2">';
    const img = handler.querySelector("img");
    const done = new Promise((r) => {
      img?.addEventListener("load", r);
      img?.addEventListener("error", r);
    });
    document.body.appendChild(handler);
    await done;
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as Injected).__violations ?? [])).toContainEqual(expect.stringMatching(/^script-src/));
  return page.evaluate(() => {
    const w = window as unknown as Injected;
    return { ran: w.__injected ?? null, violations: w.__violations ?? [] };
  });
}

/**
 * The page has hydrated and every image has loaded or failed: a handler that a payload
 * smuggled in as markup would have run by now.
 */
async function settled(page: Page) {
  await hydrated(page);
  await page.waitForFunction(() => [...document.images].filter((i) => i.loading !== "lazy").every((i) => i.complete));
}

// These tests expect CSP reports in the console, so they use the plain test without the
// console-error guard.
base.describe("the CSP blocks injected inline script", () => {
  for (const path of ["/faq", "/blog"]) {
    base(`on ${path} (${path === "/faq" ? "pre-rendered, hashes" : "server-rendered, nonce"})`, async ({ page }) => {
      await page.goto(path);
      const { ran, violations } = await injectInlineScript(page);
      expect(ran).toBeNull();
      expect(violations.some((v) => v.startsWith("script-src") && v.endsWith("|inline"))).toBe(true);
      // The page's own scripts did run: the app hydrated.
      await hydrated(page);
    });
  }
});

async function firstPostId(page: Page): Promise<string> {
  const res = await page.request.get("/web/getData2?flag=4&limit=1");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { data: { _id: string }[] } };
  const id = body.data.data[0]?._id;
  expect(id, "at least one post").toBeTruthy();
  return id!;
}

const payloads = [
  `<script>window.__xss = "script"</script>`,
  `<img src=x onerror="window.__xss = 'img'">`,
  `"><svg onload="window.__xss = 'svg'">`,
  `javascript:window.__xss='href'`,
  `<a href="javascript:window.__xss='link'">click</a>`,
];

test.describe("hostile text reaches pages only as text", () => {
  test("a comment full of markup shows as literal text and runs nothing", async ({ page }) => {
    const blogId = await firstPostId(page);
    const text = `Nice post ${payloads.join(" ")} ${randomUUID().slice(0, 8)}`;
    const res = await page.request.put("/admin/addCommentBlog", {
      data: { text, email: "mallory@example.com", commentBy: "Mallory Stone", companyName: "Evil Corp", blogId },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    await page.goto(`/blogdetail/${blogId}`);
    await expect(page.getByText(text.slice(0, 60), { exact: false }).first()).toBeVisible();
    await settled(page);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(await page.locator("main img[src=x], main svg[onload], main a[href^='javascript:']").count()).toBe(0);
  });

  test("post HTML written straight into the database is sanitised on the way out", async ({ page }) => {
    const file = process.env.E2E_DATABASE_URL?.replace(/^file:/, "");
    test.skip(!file || process.env.E2E_DATABASE_URL?.startsWith("postgres") === true, "needs the SQLite file of the test server");
    const id = `xss-${randomUUID().slice(0, 8)}`;
    const now = new Date().toISOString();
    const html = `<p>Fuel safety update.</p>${payloads.join("")}<iframe src="https://evil.example/"></iframe><p style="position:fixed">styled</p><form action="https://evil.example"><button>Go</button></form>`;
    const db = new Database(file!);
    const columns = (db.prepare("PRAGMA table_info(posts)").all() as { name: string; notnull: number }[]).map((c) => c.name);
    const row: Record<string, unknown> = {
      id,
      title: "Back-office post",
      sub_title: "Written directly into the table",
      description_html: html,
      body_text: "Fuel safety update.",
      created_on: now,
      is_published: 1,
      is_article: 0,
      updated_at: now,
    };
    const keys = Object.keys(row).filter((k) => columns.includes(k));
    db.prepare(`INSERT INTO posts (${keys.join(", ")}) VALUES (${keys.map((k) => `@${k}`).join(", ")})`).run(Object.fromEntries(keys.map((k) => [k, row[k]])));
    db.close();

    await page.goto(`/blogdetail/${id}`);
    await expect(page.getByText("Fuel safety update.")).toBeVisible();
    await settled(page);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    const main = page.locator("main");
    expect(
      await main
        .locator("script:not([type='application/ld+json']), iframe[src*='evil'], img[src=x], svg[onload], a[href^='javascript:'], form[action*='evil']")
        .count(),
    ).toBe(0);
    expect(await main.locator("[onerror], [onload], [onclick]").count()).toBe(0);
  });

  for (const path of [
    `/blog?search=${encodeURIComponent(payloads[0]!)}`,
    `/blog?sort=${encodeURIComponent(payloads[1]!)}`,
    `/blogdetail/${encodeURIComponent(payloads[1]!)}`,
    `/${encodeURIComponent(payloads[2]!)}`,
  ]) {
    test(`a hostile URL is not reflected as markup: ${path.slice(0, 40)}`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBeLessThan(500);
      await settled(page);
      expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
      expect(await page.locator("img[src=x], svg[onload]").count()).toBe(0);
      const html = await res!.text();
      expect(html).not.toContain("<script>window.__xss");
      expect(html).not.toContain("<img src=x onerror");
    });
  }
});
