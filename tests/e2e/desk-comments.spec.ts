import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import { createStaff, signIn, testDb } from "./desk-fixtures";
import { hydrated, scrollToReady, test } from "./fixtures";

/**
 * Comment moderation as visitors and editors meet it, against the real server, database
 * and browser (COMMENT_MODERATION is `links`, the default): a comment with a link waits
 * for review and is seen by nobody until approved; the desk's decisions and a reply as
 * Fillway Team show on the post's cached page on the very next request.
 */

type Item = { _id: string; comments: { text: string; childComments: { text: string }[] }[] };

async function someBlogPost(request: APIRequestContext): Promise<string> {
  const res = await request.get("/web/getData2?flag=4&isPublished=true&isArticle=false&limit=1&page=4");
  const body = (await res.json()) as { data: { data: Item[] } };
  const id = body.data.data[0]?._id;
  expect(id).toBeTruthy();
  return id as string;
}

/** Every comment and reply text the API gives for the post. */
async function apiTexts(request: APIRequestContext, id: string): Promise<string[]> {
  const res = await request.get(`/web/getData2?flag=4&blogId=${encodeURIComponent(id)}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { data: Item[] } };
  return (body.data.data[0]?.comments ?? []).flatMap((c) => [c.text, ...c.childComments.map((r) => r.text)]);
}

/** The post page as a visitor without a cookie gets it: from the page cache. */
async function pageHtml(request: APIRequestContext, id: string): Promise<string> {
  const res = await request.get(`/blogdetail/${encodeURIComponent(id)}`);
  expect(res.status()).toBe(200);
  return res.text();
}

async function apiComment(request: APIRequestContext, blogId: string, text: string, email = `visitor-${randomUUID().slice(0, 8)}@fleet.example`) {
  const res = await request.put("/admin/addCommentBlog", { data: { text, email, commentBy: "Jordan", companyName: "Jordan Haulage", blogId } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { message: string; data: { _id: string; held: boolean } };
}

async function editorPage(browser: Browser, colorScheme: "light" | "dark" = "light"): Promise<Page> {
  const context = await browser.newContext({ colorScheme });
  await signIn(context, await createStaff("editor"));
  return context.newPage();
}

async function decide(desk: Page, text: string, action: string) {
  await desk.goto("/desk/comments");
  const row = desk.getByRole("row").filter({ hasText: text });
  await row.getByRole("button", { name: new RegExp(`^${action}: comment by`) }).click();
  await expect(desk.getByRole("status")).toContainText("The comment by");
}

async function axe(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((k) => k.startsWith("__react")), undefined, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a comment with a link waits for review, unseen by the page and the API, until an editor approves it", async ({ page, request, browser }) => {
  const id = await someBlogPost(request);
  const text = `Cheaper diesel at https://fuel-deals.example/${randomUUID().slice(0, 8)}`;
  await page.goto(`/blogdetail/${id}`);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Leave a comment" });
  await scrollToReady(form);
  await form.getByLabel("First name").fill("Casey");
  await form.getByLabel("Email").fill("casey@deals.example");
  await form.getByLabel("Company or website name").fill("Deals Co");
  await form.getByLabel("Your comment").fill(text);
  await form.getByRole("button", { name: "Post comment" }).click();
  // The dialog says the comment waits for review; so does the note in the list once it has closed.
  await expect(page.getByRole("dialog", { name: "Thank you!!" })).toHaveAccessibleDescription(
    "Your comment is awaiting review. It appears once our team has approved it.",
  );
  await expect(
    page
      .getByRole("region", { name: /^Comments/ })
      .getByRole("status")
      .filter({ hasText: "Your comment is awaiting review. It appears here once" }),
  ).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);
  expect(await apiTexts(request, id)).not.toContain(text);
  expect(await pageHtml(request, id)).not.toContain(text);
  await page.reload();
  await expect(page.getByText(text)).toHaveCount(0);

  const desk = await editorPage(browser);
  await desk.goto("/desk/comments");
  const row = desk.getByRole("row").filter({ hasText: text });
  await expect(row).toContainText("Awaiting review");
  await expect(row).toContainText("casey@deals.example");
  // Held comments come first.
  await expect(desk.getByRole("row").nth(1)).toContainText("Awaiting review");
  await decide(desk, text, "Approve");
  await expect(desk.getByRole("row").filter({ hasText: text })).toContainText("Visible");

  // On the very next request: the cached page, the API and the visitor's reload.
  expect(await pageHtml(request, id)).toContain(text);
  expect(await apiTexts(request, id)).toContain(text);
  await page.reload();
  await expect(page.getByText(text)).toBeVisible();
  await desk.context().close();
});

test("without JavaScript a held comment also says it awaits review, and the page stays the same for everyone", async ({ browser, request }) => {
  const id = await someBlogPost(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const text = `Write to me at fleet-${randomUUID().slice(0, 6)}@mail.example`;
  await page.goto(`/blogdetail/${id}`);
  const form = page.locator("#comment-form");
  await form.getByLabel("First name").fill("Robin");
  await form.getByLabel("Email").fill("robin@haul.example");
  await form.getByLabel("Company or website name").fill("Robin Haul");
  await form.getByLabel("Your comment").fill(text);
  await form.getByRole("button", { name: "Post comment" }).click();
  await expect(page).toHaveURL(new RegExp(`/blogdetail/${id}\\?comment=held#comments$`));
  await expect(page.getByRole("status").filter({ hasText: "Your comment is awaiting review" })).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);
  expect(await apiTexts(request, id)).not.toContain(text);
  // The plain page says nothing of it.
  expect(await pageHtml(request, id)).not.toContain("awaiting review");
  await context.close();
});

test("hide, restore and delete show on the cached post page and in the API at once", async ({ request, browser }) => {
  const id = await someBlogPost(request);
  const text = `Do you fuel reefer units? ${randomUUID().slice(0, 8)}`;
  const posted = await apiComment(request, id, text);
  expect(posted.data.held).toBe(false);
  expect(await pageHtml(request, id)).toContain(text);

  const desk = await editorPage(browser);
  await decide(desk, text, "Hide");
  expect(await pageHtml(request, id)).not.toContain(text);
  expect(await apiTexts(request, id)).not.toContain(text);

  await decide(desk, text, "Restore");
  expect(await pageHtml(request, id)).toContain(text);
  expect(await apiTexts(request, id)).toContain(text);

  await decide(desk, text, "Delete");
  await expect(desk.getByRole("row").filter({ hasText: text })).toHaveCount(0);
  expect(await pageHtml(request, id)).not.toContain(text);
  expect(await apiTexts(request, id)).not.toContain(text);
  await desk.context().close();
});

test("marking as spam hides the comment and holds that e-mail address's later comments", async ({ request, browser }) => {
  const id = await someBlogPost(request);
  const email = `spam-${randomUUID().slice(0, 8)}@junk.example`;
  const text = `Totally genuine praise ${randomUUID().slice(0, 8)}`;
  // Stored as from another network address, so the block on its address hash touches no other test.
  const db = await testDb();
  await db.kysely
    .insertInto("comments")
    .values({
      id: randomUUID(),
      submission_id: null,
      post_id: id,
      parent_id: null,
      comment_by: "Spammy",
      email,
      company_name: "Junk",
      text,
      created_on: new Date().toISOString(),
      ip_hash: randomUUID(),
    })
    .execute();
  expect(await pageHtml(request, id)).toContain(text);

  const desk = await editorPage(browser);
  await decide(desk, text, "Spam");
  await expect(desk.getByRole("status")).toContainText("Later comments from the same e-mail address");
  expect(await pageHtml(request, id)).not.toContain(text);

  const later = `No links here at all ${randomUUID().slice(0, 8)}`;
  const answer = await apiComment(request, id, later, email.toUpperCase());
  expect(answer.message).toBe("Your comment is awaiting review.");
  expect(answer.data.held).toBe(true);
  expect(await apiTexts(request, id)).not.toContain(later);
  await desk.goto("/desk/comments?state=held");
  await expect(desk.getByRole("row").filter({ hasText: later })).toContainText("Awaiting review");
  await desk.context().close();
});

/** Comments awaiting review, stored as sent from one network address (`network`, an address hash). */
async function heldFrom(postId: string, network: string, comments: { by: string; email: string; text: string; company: string }[]) {
  const db = await testDb();
  for (const c of comments)
    await db.kysely
      .insertInto("comments")
      .values({
        id: randomUUID(),
        submission_id: null,
        post_id: postId,
        parent_id: null,
        comment_by: c.by,
        email: c.email,
        company_name: c.company,
        text: c.text,
        created_on: new Date().toISOString(),
        ip_hash: network,
        state: "held",
      })
      .execute();
}

test("marking one comment as spam offers the others from its network address, and marks none of them unasked", async ({ request, browser }) => {
  const id = await someBlogPost(request);
  const network = randomUUID();
  const texts = [`Cheap fuel here ${randomUUID().slice(0, 8)}`, `Ask about our fleet cards ${randomUUID().slice(0, 8)}`];
  await heldFrom(id, network, [
    { by: "Spammy", email: `spam-${randomUUID().slice(0, 8)}@office.example`, company: "Office", text: texts[0] as string },
    { by: "Office colleague", email: `colleague-${randomUUID().slice(0, 8)}@office.example`, company: "Office", text: texts[1] as string },
  ]);

  const desk = await editorPage(browser);
  await decide(desk, texts[0] as string, "Spam");
  const offer = desk.getByRole("region", { name: "1 other comment awaiting review comes from the same e-mail or network address" });
  await expect(offer).toBeVisible();
  await desk.goto("/desk/comments?state=held");
  await expect(desk.getByRole("row").filter({ hasText: texts[1] })).toContainText("Awaiting review");

  await decide(desk, texts[1] as string, "Approve");
  await expect(desk.getByRole("status")).toContainText("The comment by Office colleague was approved");
  await desk.context().close();
});

test("the offer after marking as spam marks exactly the comments it names", async ({ request, browser }) => {
  const id = await someBlogPost(request);
  const network = randomUUID();
  const texts = [`Buy now ${randomUUID().slice(0, 8)}`, `Buy again ${randomUUID().slice(0, 8)}`];
  await heldFrom(
    id,
    network,
    texts.map((text) => ({ by: "Spammy", email: `spam-${randomUUID().slice(0, 8)}@junk.example`, company: "Junk", text })),
  );
  const desk = await editorPage(browser);
  await decide(desk, texts[0] as string, "Spam");
  await desk.getByRole("button", { name: "Mark it as spam too" }).click();
  await expect(desk.getByRole("status")).toContainText("1 comment marked as spam.");
  await desk.goto("/desk/comments?state=spam");
  for (const text of texts) await expect(desk.getByRole("row").filter({ hasText: text })).toContainText("Spam");
  await desk.context().close();
});

test("a reply as Fillway Team shows on the post with a visible Staff reply mark", async ({ page, request, browser }) => {
  // Two pages, a desk session and axe in both themes: about 25 s on a quiet machine.
  test.setTimeout(90_000);
  const id = await someBlogPost(request);
  const question = `Is there a minimum order? ${randomUUID().slice(0, 8)}`;
  await apiComment(request, id, question);
  const reply = `No minimum for fleets of three or more. ${randomUUID().slice(0, 8)}`;

  const desk = await editorPage(browser);
  await desk.goto("/desk/comments");
  const row = desk.getByRole("row").filter({ hasText: question });
  await row.getByText(/^Reply.*as Fillway Team$/).click();
  await row.getByLabel("Reply to Jordan").fill(reply);
  await row.getByRole("button", { name: "Post reply" }).click();
  await expect(desk.getByRole("status")).toContainText("Your reply is on the post as Fillway Team.");

  await page.goto(`/blogdetail/${id}`);
  const thread = page
    .getByRole("region", { name: /^Comments/ })
    .getByRole("listitem")
    .filter({ hasText: question })
    .first();
  const answer = thread.getByRole("listitem").filter({ hasText: reply });
  await expect(answer).toContainText("Fillway Team");
  await expect(answer.getByText("Staff reply")).toBeVisible();
  // A visitor's comment carries no such mark.
  await expect(thread.getByText("Staff reply")).toHaveCount(1);
  await desk.context().close();
  // The mark passes axe in both themes (its contrast included).
  await answer.scrollIntoViewIfNeeded();
  await axe(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await axe(page);
});

test("sales cannot open or use the comments screen; editors see it in the menu", async ({ browser }) => {
  const context = await browser.newContext();
  await signIn(context, await createStaff("sales"));
  const page = await context.newPage();
  await page.goto("/desk/leads");
  await expect(page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Comments" })).toHaveCount(0);
  expect((await page.goto("/desk/comments"))?.status()).toBe(403);
  const post = await page.request.post("/desk/comments", { form: { intent: "approve", id: "any-comment" }, headers: { origin: new URL(page.url()).origin } });
  expect(post.status()).toBe(403);
  await context.close();

  const desk = await editorPage(browser);
  await desk.goto("/desk");
  await desk.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Comments" }).click();
  await expect(desk.getByRole("heading", { name: "Comments", level: 1 })).toBeVisible();
  // A bad filter is a 400 that says what is wrong, not a 500.
  expect((await desk.goto("/desk/comments?state=nope"))?.status()).toBe(400);
  await expect(desk.getByRole("alert")).toContainText("Show must be all, held, visible, hidden, spam or trash");
  await desk.context().close();
});

for (const theme of ["light", "dark"] as const) {
  test(`the comments screen passes axe (${theme})`, async ({ browser, request }) => {
    const id = await someBlogPost(request);
    await apiComment(request, id, `Axe check https://axe.example/${randomUUID().slice(0, 6)}`);
    await apiComment(request, id, `Axe check, plain ${randomUUID().slice(0, 6)}`);
    const desk = await editorPage(browser, theme);
    await desk.goto("/desk/comments");
    await expect(desk.getByRole("heading", { name: "Comments", level: 1 })).toBeVisible();
    await axe(desk);
    await desk.context().close();
  });
}

test("at 390 px an editor ticks comments and approves them together, asked first for all matching, and undoes a delete; nothing scrolls sideways", async ({
  request,
  browser,
}) => {
  const id = await someBlogPost(request);
  const tag = randomUUID().slice(0, 8);
  const texts = [`Cheap tyres at www.tyres-${tag}.example`, `Fleet deals www.deals-${tag}.example`];
  for (const t of texts) expect((await apiComment(request, id, t)).data.held).toBe(true);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signIn(context, await createStaff("editor"));
  const desk = await context.newPage();
  await desk.goto("/desk/comments?state=held");
  await hydrated(desk);
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const t of texts) await desk.getByRole("row").filter({ hasText: t }).getByRole("checkbox").check();
  // Over every comment the filter shows: a question naming how many, which can be cancelled.
  await desk.getByRole("button", { name: /^Apply to all \d+ matching$/ }).click();
  await expect(desk.getByRole("alertdialog")).toContainText(/Approve: all \d+ comments? shown as “held”\?/);
  await desk.getByRole("link", { name: "Cancel" }).click();
  await expect(desk.getByRole("alertdialog")).toHaveCount(0);
  for (const t of texts) await desk.getByRole("row").filter({ hasText: t }).getByRole("checkbox").check();
  const apply = desk.getByRole("button", { name: "Apply to the ticked comments" });
  await apply.scrollIntoViewIfNeeded();
  await expect(apply).toBeInViewport();
  await apply.click();
  await expect(desk.getByRole("status")).toContainText("2 comments approved.");
  expect(await apiTexts(request, id)).toEqual(expect.arrayContaining(texts));

  await desk.goto("/desk/comments?state=visible");
  const row = desk.getByRole("row").filter({ hasText: texts[0] });
  const del = row.getByRole("button", { name: /^Delete: comment by/ });
  await del.scrollIntoViewIfNeeded();
  await expect(del).toBeInViewport();
  await del.click();
  await expect(desk.getByRole("status")).toContainText("moved to the trash. It stays in the trash for 30 days.");
  expect(await apiTexts(request, id)).not.toContain(texts[0]);
  await desk.getByRole("button", { name: "Undo" }).click();
  await expect(desk.getByRole("status")).toContainText("taken out of the trash");
  expect(await apiTexts(request, id)).toContain(texts[0]);
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
