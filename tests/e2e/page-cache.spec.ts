import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { expect, hydrated, test } from "./fixtures";

/**
 * News, blog and post pages are rendered once per content version and served from memory
 * (app/platform/http/page-cache.server.ts). In the browser: a post published, moved out of
 * a category, commented on or removed (here by another process writing the database, as
 * the desk's tool or a second instance would) shows on the very next page load, and the
 * cached pages hydrate under their hash-based CSP (the fixture fails on any CSP error).
 */
test.describe.configure({ mode: "default" });

const file = process.env.E2E_DATABASE_URL?.replace(/^file:/, "");
const sqlite = Boolean(file) && !process.env.E2E_DATABASE_URL?.startsWith("postgres");

test("a published, moved, commented and removed post shows on the very next load", async ({ page, request }) => {
  test.skip(!sqlite, "needs the SQLite file of the test server");
  const id = `cache-e2e-${randomUUID().slice(0, 8)}`;
  const title = `Night fuel run ${id.slice(-8)}`;
  const db = new Database(file as string);
  try {
    // Both pages are cached before the change.
    await page.goto("/blog?sort=blog");
    await hydrated(page);
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
    const first = await request.get("/blog?sort=blog");
    const etag = first.headers().etag ?? "";
    expect(etag).toMatch(/^"/);
    expect((await request.get("/blog?sort=blog", { headers: { "if-none-match": etag } })).status()).toBe(304);

    // Published: newest first in the Blog Posts list.
    // Dated far ahead, so it heads the list whatever else other tests publish meanwhile.
    const now = new Date(Date.UTC(2099, 0, 1)).toISOString();
    db.prepare(
      `INSERT INTO posts (id, title, sub_title, description_html, body_text, created_on, is_published, is_article, updated_at)
       VALUES (?, ?, 'Four vans, one night.', '<p>Four vans fuelled before dawn.</p>', 'Four vans fuelled before dawn.', ?, 1, 0, ?)`,
    ).run(id, title, now, now);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
    expect((await request.get("/blog?sort=blog", { headers: { "if-none-match": etag } })).status()).toBe(200);

    // Its page, then a comment through the API: on the very next load.
    await page.goto(`/blogdetail/${id}`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const text = `Can you do Saturdays too? ${randomUUID().slice(0, 6)}`;
    const put = await request.put("/admin/addCommentBlog", {
      data: { text, email: "ana@ruizpaving.example", commentBy: "Ana Ruiz", companyName: "Ruiz Paving", blogId: id },
    });
    expect(put.status()).toBe(201);
    await page.reload();
    await hydrated(page);
    await expect(page.getByText(text)).toBeVisible();

    // Unpublished (an upcoming event now): out of Blog Posts at once.
    db.prepare("UPDATE posts SET is_published = 0 WHERE id = ?").run(id);
    await page.goto("/blog?sort=blog");
    await hydrated(page);
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);

    // Removed: its page is a 404 at once.
    db.prepare("DELETE FROM comments WHERE post_id = ?").run(id);
    db.prepare("DELETE FROM posts WHERE id = ?").run(id);
    const gone = await page.goto(`/blogdetail/${id}`);
    expect(gone?.status()).toBe(404);
  } finally {
    db.prepare("DELETE FROM comments WHERE post_id = ?").run(id);
    db.prepare("DELETE FROM posts WHERE id = ?").run(id);
    db.close();
  }
});

test("a form's errors are never served to the next visitor", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const other = await browser.newContext();
  try {
    await page.goto("/blog");
    const slug = await page.getByTestId("post-card").first().getByRole("link").first().getAttribute("href");
    expect(slug).toMatch(/^\/blogdetail\//);
    await page.goto(slug as string);
    const form = page.locator("#comment-form");
    const typed = `only-mine-${randomUUID().slice(0, 6)}@example.com`;
    await form.getByLabel("Email").fill(typed);
    await form.getByRole("button", { name: /post comment|submit/i }).click();
    // Posted without JavaScript: the page comes back with the errors and what was typed.
    await expect(page.getByText("First name required").first()).toBeVisible();
    await expect(page.getByLabel("Email").first()).toHaveValue(typed);
    const theirs = await other.newPage();
    await theirs.goto(slug as string);
    await expect(theirs.locator(`input[value="${typed}"]`)).toHaveCount(0);
    expect(await theirs.content()).not.toContain(typed);
    await expect(theirs.getByText("First name required")).toHaveCount(0);
  } finally {
    await context.close();
    await other.close();
  }
});
