import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { testDb } from "./desk-fixtures";
import { expect, hydrated, scrollToReady, test } from "./fixtures";

/**
 * A post with many comments shows them a page at a time: the newest 50 conversations on
 * the post's own URL, earlier ones behind real links (?comments=2) that work without
 * JavaScript, the count of every comment in the heading, and a new comment or reply
 * shown where it lands.
 */
test.describe.configure({ mode: "default" });

const MANY = 60;

/** The oldest blog post: one no other test writes to. */
async function quietPost(request: APIRequestContext): Promise<{ _id: string; comments: { _id: string }[] }> {
  const res = await request.get("/web/getData2?flag=4&isPublished=true&isArticle=false&limit=50");
  const list = ((await res.json()) as { data: { data: { _id: string; comments: { _id: string }[] }[] } }).data.data;
  const post = list.filter((p) => p._id !== "why-we-fuel-at-2am").at(-1);
  expect(post).toBeTruthy();
  return post!;
}

let postId = "";
let oldest = "";
let total = 0;

test.beforeAll(async ({ request }) => {
  const post = await quietPost(request);
  postId = post._id;
  const db = await testDb();
  // Run again (a retry), the post starts from its own comments again.
  await db.kysely.deleteFrom("comments").where("post_id", "=", postId).where("email", "=", "dana@fleet.example").execute();
  // The oldest conversation of the post: a thread that lands on the second page.
  oldest = randomUUID();
  const base = Date.now() - 3_600_000;
  const rows = [
    { id: oldest, created: new Date(Date.UTC(2000, 0, 1)).toISOString(), text: "The very first question about night fills." },
    ...Array.from({ length: MANY }, (_, i) => ({ id: randomUUID(), created: new Date(base + i * 1000).toISOString(), text: `Fleet question number ${i + 1}` })),
  ];
  await db.kysely
    .insertInto("comments")
    .values(
      rows.map((r) => ({
        id: r.id,
        submission_id: null,
        post_id: postId,
        parent_id: null,
        comment_by: "Dana",
        email: "dana@fleet.example",
        company_name: "Dana Freight",
        text: r.text,
        created_on: r.created,
        ip_hash: randomUUID(),
      })),
    )
    .execute();
  const all = await request.get(`/web/getData2?flag=4&blogId=${postId}`);
  const comments = ((await all.json()) as { data: { data: { comments: { childComments: unknown[] }[] }[] } }).data.data[0]!.comments;
  total = comments.reduce((n, c) => n + 1 + c.childComments.length, 0);
});

test("the newest 50 conversations first, earlier ones a real link away, without JavaScript too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/blogdetail/${postId}`);
  const comments = page.getByRole("region", { name: /^Comments/ });
  await expect(comments.getByRole("heading", { name: `Comments (${total})` })).toBeVisible();
  await expect(comments.locator("ol.mt-6 > li")).toHaveCount(50);
  await expect(comments.getByText(`Fleet question number ${MANY}`, { exact: true })).toBeVisible();
  await expect(comments.getByText("The very first question about night fills.")).toHaveCount(0);

  const pages = comments.getByRole("navigation", { name: "Comment pages" });
  await pages.getByRole("link", { name: "Earlier comments" }).click();
  await expect(page).toHaveURL(new RegExp(`/blogdetail/${postId}\\?comments=2#comments$`));
  await expect(comments.getByText("The very first question about night fills.")).toBeVisible();
  await expect(comments.getByRole("heading", { name: `Comments (${total})` })).toBeVisible();
  await expect(pages.locator('[aria-current="page"]')).toHaveText("Page 2");
  // Every comment page names the post as its canonical page.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/blogdetail/${postId}$`));

  // A reply on page 2 comes back to page 2, at the reply.
  await page
    .locator(`#comment-${oldest}`)
    .getByRole("link", { name: /^Reply/ })
    .click();
  await expect(page).toHaveURL(/comments=2&replyTo=/);
  const reply = page.locator(`#comment-${oldest}`).getByRole("form");
  const replyText = `Still true a year on ${randomUUID().slice(0, 8)}`;
  await reply.getByLabel("First name").fill("Ana");
  await reply.getByLabel("Email").fill("ana@example.com");
  await reply.getByLabel("Company or website name").fill("Ana Haulage");
  await reply.getByLabel("Your reply").fill(replyText);
  await reply.getByRole("button", { name: "Post reply" }).click();
  await expect(page).toHaveURL(/\?comments=2#comment-/);
  await expect(page.locator(`#comment-${oldest} ol li`).filter({ hasText: replyText })).toBeVisible();
  total += 1;

  // Past the last page: a real 404.
  expect((await page.goto(`/blogdetail/${postId}?comments=9`))?.status()).toBe(404);
  await context.close();
});

test("a comment sent from an earlier page is shown on page 1, scrolled to and announced", async ({ page }) => {
  await page.goto(`/blogdetail/${postId}?comments=2`);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Leave a comment" });
  await scrollToReady(form);
  const text = `Posted from page two ${randomUUID().slice(0, 8)}`;
  await form.getByLabel("First name").fill("Lee");
  await form.getByLabel("Email").fill("lee@example.com");
  await form.getByLabel("Company or website name").fill("Lee Couriers");
  await form.getByLabel("Your comment").fill(text);
  await form.getByRole("button", { name: "Post comment" }).click();
  await page.keyboard.press("Escape");
  const mine = page.locator("#comments li").filter({ hasText: text }).first();
  await expect(mine).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/blogdetail/${postId}$`));
  await expect(mine).toBeFocused();
  await expect(mine.getByText("Just posted: this is your comment.")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Comments (${total + 1})` })).toBeVisible();
});
