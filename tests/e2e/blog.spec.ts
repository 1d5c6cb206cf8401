import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, freezeClock, hydrated, scrollToReady, test } from "./fixtures";

/**
 * News, blog and comments as a visitor meets them, against the real server, database and
 * browser: the news tabs, the blog list (categories, live search, pagination, previews,
 * Read More), a post with its comments and replies, and the feeds.
 *
 * The file runs in order in one worker: one test empties a category for a moment to show
 * Coming Soon, and no other test of this file may look at that category meanwhile.
 */
test.describe.configure({ mode: "default" });

interface Item {
  _id: string;
  title: string;
  subTitle: string;
  articleUrl: string | null;
  isPublished: boolean;
  isArticle: boolean;
  comments: { _id: string; commentBy: string; childComments: unknown[] }[];
}

async function items(request: APIRequestContext, query: string): Promise<{ data: Item[]; count: number }> {
  const res = await request.get(`/web/getData2?flag=4&${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { data: Item[]; count: number } }).data;
}

const cards = (page: Page) => page.getByTestId("post-card");

test.describe("news", () => {
  test("three tabs of up to six items; arrow keys switch; View More only where there is more", async ({ page, request }) => {
    const [related, blog, upcoming] = await Promise.all([
      items(request, "isPublished=true&isArticle=true&limit=6"),
      items(request, "isPublished=true&isArticle=false&limit=6"),
      items(request, "isPublished=false&limit=6"),
    ]);
    await page.goto("/news");
    await hydrated(page);
    const tabs = page.getByRole("tablist", { name: "News" }).getByRole("tab");
    await expect(tabs).toHaveText(["Related Articles", "Blog Posts", "Upcoming Events"]);
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");

    const panel = page.getByRole("tabpanel");
    await expect(panel.getByTestId("post-card")).toHaveCount(Math.min(6, related.data.length));
    await expect(panel.getByRole("heading", { level: 3 }).first()).toHaveText(related.data[0]!.title);

    for (const [name, list] of [
      ["Related Articles", related],
      ["Blog Posts", blog],
      ["Upcoming Events", upcoming],
    ] as const) {
      const tab = page.getByRole("tab", { name });
      if ((await tab.getAttribute("aria-selected")) !== "true") {
        await page.getByRole("tab", { selected: true }).focus();
        await page.keyboard.press("ArrowRight");
        await expect(tab).toBeFocused();
      }
      await expect(tab).toHaveAttribute("aria-selected", "true");
      const visible = page.getByRole("tabpanel");
      await expect(visible.getByTestId("post-card")).toHaveCount(Math.min(6, list.data.length));
      await expect(visible.getByRole("link", { name: /^View More/ })).toHaveCount(list.count > 6 ? 1 : 0);
    }
    // The seed has more than six blog posts and related articles, and fewer events.
    expect(related.count).toBeGreaterThan(6);
    expect(blog.count).toBeGreaterThan(6);
    expect(upcoming.count).toBeLessThanOrEqual(6);
  });

  test("View More leads to the blog list of that category", async ({ page }) => {
    await page.goto("/news");
    await hydrated(page);
    await page.getByRole("tab", { name: "Blog Posts" }).click();
    await page
      .getByRole("tabpanel")
      .getByRole("link", { name: /^View More/ })
      .click();
    await expect(page).toHaveURL(/\/blog\?sort=blog$/);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Home\s*Blog Posts/);
    await expect(cards(page)).toHaveCount(5);
    for (const badge of await cards(page)
      .getByText(/^(Blog Post|Related Article|Upcoming Event)$/)
      .allTextContents())
      expect(badge).toBe("Blog Post");

    await page.goto("/news");
    await hydrated(page);
    await page
      .getByRole("tabpanel")
      .getByRole("link", { name: /^View More/ })
      .click();
    await expect(page).toHaveURL(/\/blog\?sort=related$/);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Home\s*Related Articles/);
  });

  test("the social panels link out to Facebook, Twitter and Instagram in a new tab", async ({ page }) => {
    await page.goto("/news");
    for (const name of ["Facebook", "Twitter", "Instagram"]) {
      const link = page.getByRole("link", { name: `Follow Fillway on ${name} (opens in a new tab)` });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("href", /^https:\/\//);
    }
  });
});

test.describe("blog list", () => {
  test("the sort query and the sidebar choose the category, and the breadcrumb names it", async ({ page, request }) => {
    const all = await items(request, "limit=1");
    await page.goto("/blog");
    await hydrated(page);
    const crumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumb).toHaveText(/Home\s*All/);
    await expect(page.getByText(`${all.count} items, page 1 of ${Math.ceil(all.count / 5)}`)).toBeVisible();

    const categories = page.getByRole("navigation", { name: "Categories" });
    await expect(categories.getByRole("link")).toHaveText(["All", "Upcoming Events", "Related Articles", "Blog Posts"]);
    for (const [label, sort, query] of [
      ["Upcoming Events", "upcoming", "isPublished=false"],
      ["Related Articles", "related", "isPublished=true&isArticle=true"],
      ["Blog Posts", "blog", "isPublished=true&isArticle=false"],
    ] as const) {
      await categories.getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`/blog\\?sort=${sort}$`));
      await expect(crumb).toHaveText(new RegExp(`Home\\s*${label}`));
      await expect(categories.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
      const expected = await items(request, `${query}&limit=5`);
      await expect(cards(page).getByRole("heading")).toHaveText(expected.data.map((i) => i.title));
    }
    await categories.getByRole("link", { name: "All" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(crumb).toHaveText(/Home\s*All/);
  });

  test("an unknown sort shows All; the Recent Blog lists the four newest blog posts", async ({ page, request }) => {
    await page.goto("/blog?sort=nonsense");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Home\s*All/);
    const recent = await items(request, "isPublished=true&isArticle=false&limit=4");
    await expect(page.getByRole("region", { name: "Recent Blog" }).getByRole("link")).toHaveText(recent.data.map((i) => i.title));
  });

  test("search switches the list to results above one character, as the visitor types, with one request per pause", async ({ page }) => {
    // The search waits for a pause in typing: on a paused clock, the test makes the pauses.
    await freezeClock(page);
    await page.goto("/blog");
    await hydrated(page);
    const before = await cards(page).getByRole("heading").allTextContents();
    const dataRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/blog.data")) dataRequests.push(r.url());
    });
    const box = page.getByRole("searchbox", { name: "Search the blog" });

    await box.pressSequentially("d");
    await page.clock.runFor(1000);
    expect(dataRequests).toEqual([]);
    await expect(cards(page).getByRole("heading")).toHaveText(before);

    await box.pressSequentially("iesel", { delay: 60 });
    await page.clock.runFor(1000);
    await expect(page.getByRole("heading", { name: "Results for “diesel”" })).toBeVisible();
    await expect(page).toHaveURL(/search=diesel/);
    expect(dataRequests.length).toBe(1);
    const titles = await cards(page).getByRole("heading").allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.join(" ")).not.toEqual(before.join(" "));
    await expect(box).toBeFocused();

    // A word nothing mentions: a clear empty state, not Coming Soon.
    await box.fill("hydrogenation");
    await page.clock.runFor(1000);
    await expect(page.getByText("Nothing found")).toBeVisible();

    await box.fill("");
    await page.clock.runFor(1000);
    await expect(page.getByRole("heading", { name: "All", exact: true })).toBeVisible();
    await expect(cards(page).getByRole("heading")).toHaveText(before);
  });

  test("a word typed part-way already finds what the whole word finds, and the results stay in the URL", async ({ page }) => {
    await freezeClock(page);
    await page.goto("/blog");
    await hydrated(page);
    const box = page.getByRole("searchbox", { name: "Search the blog" });
    await box.pressSequentially("nigh", { delay: 60 });
    await page.clock.runFor(1000);
    await expect(page.getByRole("heading", { name: "Results for “nigh”" })).toBeVisible();
    await expect(page).toHaveURL(/search=nigh/);
    const partWay = await cards(page).getByRole("heading").allTextContents();
    expect(partWay.length).toBeGreaterThan(0);
    await expect(page.getByText("Nothing found")).toHaveCount(0);
    await box.pressSequentially("t", { delay: 60 });
    await page.clock.runFor(1000);
    await expect(page.getByRole("heading", { name: "Results for “night”" })).toBeVisible();
    await expect(cards(page).getByRole("heading")).toHaveText(partWay);
    // Reloaded from its URL, a part-way search shows the same results.
    await page.goto("/blog?search=fue");
    await expect(page.getByRole("heading", { name: "Results for “fue”" })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
  });

  test("search works without JavaScript as a GET form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/blog?sort=blog");
    await page.getByRole("searchbox", { name: "Search the blog" }).fill("garage");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/blog\?sort=blog&search=garage$/);
    await expect(page.getByRole("heading", { name: "Results for “garage”" })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await context.close();
  });

  test("cards show the first 121 characters of the subtitle, Posted By Admin and the date", async ({ page, request }) => {
    const list = await items(request, "limit=5");
    await page.goto("/blog");
    const previews = cards(page).getByTestId("post-preview");
    await expect(previews).toHaveCount(5);
    for (const [i, item] of list.data.entries()) {
      const chars = Array.from(item.subTitle);
      // Exactly the first 121 characters; a cut preview gets its ellipsis from CSS only.
      await expect(previews.nth(i)).toHaveText(chars.slice(0, 121).join(""));
      const after = await previews.nth(i).evaluate((p) => getComputedStyle(p, "::after").content);
      expect(after).toBe(chars.length > 121 ? '"…"' : "none");
      await expect(cards(page).nth(i)).toContainText("Posted By Admin");
      await expect(cards(page).nth(i).locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    }
    expect(list.data.some((i) => Array.from(i.subTitle).length > 121)).toBe(true);
  });

  test("Read More opens the post for blog posts and events, and the article's site in a new tab for related articles", async ({ page, request }) => {
    for (const [sort, query] of [
      ["blog", "isPublished=true&isArticle=false"],
      ["upcoming", "isPublished=false"],
      ["related", "isPublished=true&isArticle=true"],
    ] as const) {
      const first = (await items(request, `${query}&limit=1`)).data[0]!;
      await page.goto(`/blog?sort=${sort}`);
      const more = cards(page)
        .first()
        .getByRole("link", { name: /^Read More/ });
      if (sort === "related") {
        await expect(more).toHaveAttribute("href", first.articleUrl!);
        await expect(more).toHaveAttribute("target", "_blank");
        await expect(more).toHaveAttribute("rel", /noopener/);
        expect(new URL(first.articleUrl!).hostname).toMatch(/\.example$/);
      } else {
        await expect(more).toHaveAttribute("href", `/blogdetail/${first._id}`);
        await expect(more).not.toHaveAttribute("target", "_blank");
        await more.click();
        await expect(page).toHaveURL(new RegExp(`/blogdetail/${first._id}$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
      }
    }
  });

  test("five posts a page with real page links; a page past the end is a 404", async ({ page, request }) => {
    const all = await items(request, "isPublished=true&isArticle=false&limit=50");
    const pages = Math.ceil(all.count / 5);
    expect(pages).toBeGreaterThan(1);
    await page.goto("/blog?sort=blog");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Pagination" });
    await expect(nav.getByRole("link", { name: "Page 2" })).toHaveAttribute("href", "/blog?sort=blog&page=2");
    await nav.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/blog\?sort=blog&page=2$/);
    await expect(nav.locator("[aria-current=page]")).toHaveText("Page 2");
    await expect(cards(page).getByRole("heading")).toHaveText(all.data.slice(5, 10).map((i) => i.title));

    await page.goto(`/blog?sort=blog&page=${pages}`);
    await expect(cards(page)).toHaveCount(all.count - (pages - 1) * 5);
    await expect(nav.getByRole("link", { name: "Next" })).toHaveCount(0);

    const past = await page.goto(`/blog?sort=blog&page=${pages + 1}`);
    expect(past?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    expect((await page.goto("/blog?page=abc"))?.status()).toBe(404);
  });

  test("an empty category shows Coming Soon on the news tab and in the list", async ({ page }) => {
    const file = process.env.E2E_DATABASE_URL?.replace(/^file:/, "");
    test.skip(!file || process.env.E2E_DATABASE_URL?.startsWith("postgres") === true, "needs the SQLite file of the test server");
    const db = new Database(file!);
    // Publish the events for a moment (as a back office could), so no upcoming event is left.
    const ids = (db.prepare("SELECT id FROM posts WHERE is_published = 0").all() as { id: string }[]).map((r) => r.id);
    const mark = db.prepare("UPDATE posts SET is_published = ? WHERE id = ?");
    try {
      for (const id of ids) mark.run(1, id);
      await page.goto("/news");
      await hydrated(page);
      await page.getByRole("tab", { name: "Upcoming Events" }).click();
      const panel = page.getByRole("tabpanel");
      await expect(panel.getByText("Coming Soon")).toBeVisible();
      await expect(panel.getByTestId("post-card")).toHaveCount(0);
      await expect(panel.getByRole("link", { name: /^View More/ })).toHaveCount(0);

      await page.goto("/blog?sort=upcoming");
      await expect(page.getByText("Coming Soon")).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
    } finally {
      for (const id of ids) mark.run(0, id);
      db.close();
    }
  });
});

test.describe("a post", () => {
  test("title, date, Posted By Admin, banner, description, comments with replies, sidebar", async ({ page, request }) => {
    const withReplies = (await items(request, "limit=50")).data.find((i) => i.comments.some((c) => c.childComments.length > 0))!;
    expect(withReplies, "a seeded post with replies").toBeTruthy();
    const res = await page.goto(`/blogdetail/${withReplies._id}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(withReplies.title);
    await expect(page).toHaveTitle(`${withReplies.title} | Fillway`);
    await expect(page.locator("main")).toContainText("Posted By Admin");
    await expect(page.getByTestId("post-body").locator("p").first()).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `https://www.fillway.example/blogdetail/${withReplies._id}`);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld).toMatchObject({ "@type": "BlogPosting", headline: withReplies.title });
    const comments = page.getByRole("region", { name: /^Comments/ });
    const withChild = withReplies.comments.find((c) => c.childComments.length > 0)!;
    await expect(comments.locator(`#comment-${withChild._id} ol li`)).toHaveCount(withChild.childComments.length);
    await expect(page.getByRole("region", { name: "Recent Blog" }).getByRole("link")).toHaveCount(4);
    await expect(page.getByRole("search")).toBeVisible();
  });

  test("a post with a video shows its picture with a play button, and frames the player only when asked", async ({ page }) => {
    const file = process.env.E2E_DATABASE_URL?.replace(/^file:/, "");
    test.skip(!file || process.env.E2E_DATABASE_URL?.startsWith("postgres") === true, "needs the SQLite file of the test server");
    const id = `e2e-video-${randomUUID().slice(0, 8)}`;
    const db = new Database(file!);
    db.prepare(
      `INSERT INTO posts (id, title, sub_title, description_html, body_text, image_thumbnail, image_original, video_url, created_on, is_published, is_article, updated_at)
       VALUES (?, 'Walkaround video of a fuel truck', 'Two minutes around our Hino 195.', '<p>Watch the walkaround.</p>', 'Watch the walkaround.', '/media/blog/inside-a-fillway-truck.svg', '/media/blog/inside-a-fillway-truck.svg', 'https://www.youtube-nocookie.com/embed/abcDEF12345', '2019-01-01T12:00:00.000Z', 1, 0, ?)`,
    ).run(id, new Date().toISOString());
    try {
      await page.goto(`/blogdetail/${id}`);
      await hydrated(page);
      await expect(page.locator("main iframe")).toHaveCount(0);
      await page.getByRole("link", { name: "Play video: Walkaround video of a fuel truck" }).click();
      const frame = page.locator("main iframe");
      await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1");
      await expect(frame).toHaveAttribute("title", "Video: Walkaround video of a fuel truck");
    } finally {
      db.prepare("DELETE FROM posts WHERE id = ?").run(id);
      db.close();
    }
  });

  test("an unknown id is a real 404 page", async ({ page }) => {
    const res = await page.goto("/blogdetail/no-such-post");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });

  test("a visitor posts a comment: errors first, then it appears when the comments reload", async ({ page, request }) => {
    const post = (await items(request, "isPublished=true&isArticle=false&limit=1&page=3")).data[0]!;
    await page.goto(`/blogdetail/${post._id}`);
    await hydrated(page);
    const form = page.getByRole("form", { name: "Leave a comment" });
    await scrollToReady(form);
    await form.getByRole("button", { name: "Post comment" }).click();
    await expect(form.getByText("First name required")).toBeVisible();
    await expect(form.getByText("Email required")).toBeVisible();
    await expect(form.getByText("Company name required")).toBeVisible();
    await expect(form.getByText("Message is required")).toBeVisible();

    await form.getByLabel("First name").fill("R2D2");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Company or website name").fill("Acme <Corp>");
    await expect(form.getByText("Please enter valid firstname")).toBeVisible();
    await expect(form.getByText("Please enter a valid email")).toBeVisible();
    await expect(form.getByText("Please enter valid companyname")).toBeVisible();

    const text = `Do you deliver to Plano on weekends? ${randomUUID().slice(0, 8)}`;
    await form.getByLabel("First name").fill("Renée");
    await form.getByLabel("Email").fill("renee@plano-logistics.example");
    await form.getByLabel("Company or website name").fill("Plano Logistics");
    await form.getByLabel("Your comment").fill(text);
    await form.getByRole("button", { name: "Post comment" }).click();
    // A comment is told it is published, not that a team will get back to it.
    await expect(page.getByRole("dialog", { name: "Thank you!!" })).toHaveAccessibleDescription("Your comment is published.");
    const comment = page
      .getByRole("region", { name: /^Comments/ })
      .getByRole("listitem")
      .filter({ hasText: text });
    await expect(comment).toContainText("Renée");
    await expect(form.getByLabel("Your comment")).toHaveValue("");
    await page.reload();
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByText("renee@plano-logistics.example")).toHaveCount(0);
  });

  test("Reply opens a form under the comment and hides the main form; closing or sending brings it back", async ({ page, request }) => {
    const post = (await items(request, "limit=50")).data.find((i) => i.comments.length >= 2)!;
    const [first, second] = post.comments;
    await page.goto(`/blogdetail/${post._id}`);
    await hydrated(page);
    const main = page.getByRole("form", { name: "Leave a comment" });
    await scrollToReady(main);
    await expect(main).toBeVisible();

    await page
      .getByRole("link", { name: `Reply to ${first!.commentBy}` })
      .first()
      .click();
    const reply = page.locator(`#comment-${first!._id}`).getByRole("form", { name: `Reply to ${first!.commentBy}` });
    await expect(reply).toBeVisible();
    await expect(main).toHaveCount(0);
    await expect(reply.getByLabel("First name")).toBeFocused();
    await page.locator(`#comment-${first!._id}`).getByRole("button", { name: "Close the reply form" }).click();
    await expect(reply).toHaveCount(0);
    await expect(main).toBeVisible();
    await expect(page.getByRole("link", { name: `Reply to ${first!.commentBy}` }).first()).toBeFocused();

    await page
      .locator(`#comment-${second!._id}`)
      .getByRole("link", { name: /^Reply/ })
      .click();
    const reply2 = page.locator(`#comment-${second!._id}`).getByRole("form");
    const text = `Thanks, that helps. ${randomUUID().slice(0, 8)}`;
    await reply2.getByLabel("First name").fill("Jordan");
    await reply2.getByLabel("Email").fill("jordan@fleet.example");
    await reply2.getByLabel("Company or website name").fill("Jordan Fleet Services");
    await reply2.getByLabel("Your reply").fill(text);
    await reply2.getByRole("button", { name: "Post reply" }).click();
    await expect(page.locator(`#comment-${second!._id} ol li`).filter({ hasText: text })).toBeVisible();
    await expect(reply2).toHaveCount(0);
    await expect(main).toBeVisible();
    await expect(page).not.toHaveURL(/replyTo=/);
  });

  test("the post's contact form is type 2 and is stored, with and without JavaScript", async ({ browser, request }) => {
    const post = (await items(request, "isPublished=true&isArticle=false&limit=1")).data[0]!;
    const file = process.env.E2E_DATABASE_URL?.replace(/^file:/, "");
    test.skip(!file || process.env.E2E_DATABASE_URL?.startsWith("postgres") === true, "needs the SQLite file of the test server");
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`/blogdetail/${post._id}`);
      if (javaScriptEnabled) await hydrated(page);
      const form = page.locator("#contact-form");
      await expect(form.locator('input[type="hidden"][name="type"]')).toHaveValue("2");
      const address = `reader-${randomUUID().slice(0, 8)}@example.com`;
      await form.getByLabel("First name").fill("Kim");
      await form.getByLabel("Last name").fill("Nguyen");
      await form.getByLabel("Email").fill(address);
      await form.getByLabel("Phone").fill("2145550188");
      await form.getByRole("combobox", { name: "ZIP code" }).fill("75201");
      await form.getByRole("button", { name: "Submit" }).click();
      if (javaScriptEnabled) await expect(page.getByRole("dialog", { name: "Thank you!!" })).toBeVisible();
      else await expect(page.locator("#contact-form").getByText("Thank you!!")).toBeVisible();
      const db = new Database(file!, { readonly: true });
      try {
        await expect
          .poll(() => db.prepare("SELECT type, page_path FROM leads WHERE email = ?").get(address))
          .toEqual({ type: 2, page_path: `/blogdetail/${post._id}` });
      } finally {
        db.close();
      }
      await context.close();
    }
  });

  test("comments and replies also work without JavaScript", async ({ browser, request }) => {
    const post = (await items(request, "limit=50")).data.find((i) => i.comments.length > 0)!;
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/blogdetail/${post._id}`);
    const text = `Sent without scripts ${randomUUID().slice(0, 8)}`;
    const main = page.getByRole("form", { name: "Leave a comment" });
    await main.getByLabel("First name").fill("Ana");
    await main.getByLabel("Email").fill("ana@example.com");
    await main.getByLabel("Company or website name").fill("Ana Haulage");
    await main.getByLabel("Your comment").fill(text);
    await main.getByRole("button", { name: "Post comment" }).click();
    await expect(page).toHaveURL(new RegExp(`/blogdetail/${post._id}#comment-`));
    await expect(page.getByText(text)).toBeVisible();

    const top = post.comments[0]!;
    await page
      .locator(`#comment-${top._id}`)
      .getByRole("link", { name: /^Reply/ })
      .click();
    await expect(page).toHaveURL(/replyTo=/);
    await expect(page.getByRole("form", { name: "Leave a comment" })).toHaveCount(0);
    const reply = page.locator(`#comment-${top._id}`).getByRole("form");
    await reply.getByRole("button", { name: "Post reply" }).click();
    await expect(reply.locator("p[id$='-text-error']")).toHaveText("Message is required");
    const replyText = `A reply without scripts ${randomUUID().slice(0, 8)}`;
    await reply.getByLabel("First name").fill("Ana");
    await reply.getByLabel("Email").fill("ana@example.com");
    await reply.getByLabel("Company or website name").fill("Ana Haulage");
    await reply.getByLabel("Your reply").fill(replyText);
    await reply.getByRole("button", { name: "Post reply" }).click();
    await expect(page.locator(`#comment-${top._id} ol li`).filter({ hasText: replyText })).toBeVisible();
    await expect(page.getByRole("form", { name: "Leave a comment" })).toBeVisible();
    await context.close();
  });
});

test.describe("accessibility of the interactive states", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`search results, an open reply form and comment errors pass axe (${colorScheme})`, async ({ browser, request }) => {
      const post = (await items(request, "limit=50")).data.find((i) => i.comments.length > 0)!;
      const context = await browser.newContext({ colorScheme, viewport: { width: 375, height: 812 } });
      const page = await context.newPage();
      const scan = async (label: string) => {
        const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
        expect(
          r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
          label,
        ).toEqual([]);
      };
      await page.goto("/blog?search=fleet&sort=blog");
      await hydrated(page);
      await scan("search results");
      await page.goto(`/blogdetail/${post._id}`);
      await hydrated(page);
      await page
        .locator(`#comment-${post.comments[0]!._id}`)
        .getByRole("link", { name: /^Reply/ })
        .click();
      const reply = page.locator(`#comment-${post.comments[0]!._id}`).getByRole("form");
      await reply.getByRole("button", { name: "Post reply" }).click();
      await expect(reply.locator("p[id$='-text-error']")).toHaveText("Message is required");
      await scan("reply form with errors");
      await context.close();
    });
  }
});

test.describe("feeds", () => {
  test("the sitemap lists every page and every post; robots.txt points to it; RSS carries the blog posts", async ({ request }) => {
    const all = await items(request, "limit=50");
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toMatch(/^application\/xml/);
    const body = await sitemap.text();
    for (const path of ["/", "/news", "/blog", "/leaderShip-team", "/retail-and-rurface-parking-lots"]) {
      expect(body).toContain(`<loc>https://www.fillway.example${path}</loc>`);
    }
    for (const i of all.data) expect(body).toContain(`<loc>https://www.fillway.example/blogdetail/${i._id}</loc>`);

    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toContain("Sitemap: https://www.fillway.example/sitemap.xml");

    const rss = await request.get("/rss.xml");
    expect(rss.headers()["content-type"]).toMatch(/^application\/rss\+xml/);
    const feed = await rss.text();
    const blog = all.data.filter((i) => i.isPublished && !i.isArticle);
    expect(feed.match(/<item>/g)?.length).toBe(blog.length);
    expect(feed).not.toContain(all.data.find((i) => i.isArticle)!.articleUrl!);
  });
});
