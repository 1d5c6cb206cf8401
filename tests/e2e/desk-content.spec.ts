import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { syncPosts } from "../../app/features/content/content.server";
import { parsePostFile } from "../../app/features/content/post-file.server";
import { baseURL } from "../../playwright.config";
import { createStaff, signIn, testDb } from "./desk-fixtures";
import { expect, hydrated, test } from "./fixtures";

/**
 * The content desk in the browser against the real server and database: an editor
 * uploads an image, writes, previews and schedules a post that reaches every public page
 * only after its time, unpublishes and deletes it; a file post edited in the desk
 * survives a restart; roles; uploads that must be refused; axe in both themes.
 */

const tag = () => randomBytes(4).toString("hex");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** A POST as a page of the desk itself would send it. */
const sameSite = { Origin: baseURL, "Sec-Fetch-Site": "same-origin" };

const png = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .png()
    .toBuffer();

/** Where a post shows to a visitor (no cookie: the page cache answers, as for everyone). */
async function publicPlaces(request: APIRequestContext, id: string, title: string) {
  const text = async (path: string) => {
    const res = await request.get(path, { headers: { Cookie: "" } });
    return { status: res.status(), body: await res.text() };
  };
  const [news, blog, page, sitemap, rss, api] = await Promise.all([
    text("/news"),
    text("/blog"),
    text(`/blogdetail/${id}`),
    text("/sitemap.xml"),
    text("/rss.xml"),
    text(`/web/getData2?flag=4&blogId=${id}`),
  ]);
  return {
    news: news.body.includes(title),
    blog: blog.body.includes(title),
    page: page.status === 200 && page.body.includes(title),
    sitemap: sitemap.body.includes(`/blogdetail/${id}<`),
    rss: rss.body.includes(`/blogdetail/${id}<`),
    api: api.status === 200 && api.body.includes(title),
  };
}
const everywhere = { news: true, blog: true, page: true, sitemap: true, rss: true, api: true };
const nowhere = { news: false, blog: false, page: false, sitemap: false, rss: false, api: false };

async function uploadImage(page: Page, name: string, buffer: Buffer, mimeType = "image/png") {
  await page.goto("/desk/images");
  await hydrated(page);
  await page.getByLabel("Image file").setInputFiles({ name, mimeType, buffer });
  await page.getByRole("button", { name: "Upload" }).click();
}

/** The UTC time `ms` from now as a datetime-local value with seconds. */
const utcInput = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19);

test.describe("content desk", () => {
  test("an editor uploads an image, writes, previews and schedules a post; it is public only after its time; unpublish and delete take it away", async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const editor = await createStaff("editor");
    await signIn(context, editor);
    const t = tag();
    const title = `Night fueling ${t}`;

    // The image: a PNG whose name says JPEG is taken for what it is.
    await uploadImage(page, `truck-${t}.jpg`, await png(), "image/jpeg");
    await expect(page.getByRole("status")).toContainText(`truck-${t}.jpg`);
    const img = page.getByRole("img", { name: `truck-${t}.jpg` });
    await expect(img).toHaveAttribute("width", "600");
    await expect(img).toHaveAttribute("height", "338");
    const cardSrc = (await img.getAttribute("src")) ?? "";
    const media = await request.get(cardSrc);
    expect(media.status()).toBe(200);
    expect(media.headers()["content-type"]).toBe("image/webp");
    expect(media.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

    // An editor signing in lands on the posts, and the menu has the content screens.
    await page.goto("/desk");
    await expect(page).toHaveURL(/\/desk\/posts$/);
    await expect(page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Images" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Leads" })).toHaveCount(0);

    await page.getByRole("link", { name: "New post" }).click();
    await expect(page.getByRole("heading", { name: "New post" })).toBeVisible();
    await hydrated(page);
    await page.getByLabel("Title", { exact: true }).fill(title);
    // Posts of tests have ids starting e2e- (the conformance test leaves them out).
    await page.getByLabel("Address (optional)").fill(`e2e-night-fueling-${t}`);
    await page.getByLabel("Subtitle").fill("Vans are full before the drivers arrive.");
    const option = await page
      .getByLabel("Image", { exact: true })
      .locator("option", { hasText: `truck-${t}.jpg` })
      .getAttribute("value");
    expect(option).toMatch(/^\/media\/uploads\/[a-f0-9]{32}-1200x675\.webp$/);
    await page.getByLabel("Image", { exact: true }).selectOption(option ?? "");
    await page.getByLabel("Image alt text").fill("A fuel truck beside delivery vans");
    await page.getByLabel("Body (Markdown)").fill(`## Why at night ${t}\n\nThe depot is **quiet**.\n\n<script>alert(1)</script> [x](javascript:alert(1))`);
    // The live preview: the server's Markdown pipeline, in the public post body's look.
    const preview = page.getByTestId("post-preview");
    await expect(preview.getByRole("heading", { name: `Why at night ${t}` })).toBeVisible();
    await expect(preview.getByTestId("post-body").locator("strong")).toHaveText("quiet");
    await expect(preview).toContainText("<script>alert(1)</script>");
    await expect(preview.locator("script")).toHaveCount(0);
    await expect(preview.locator("a[href^='javascript']")).toHaveCount(0);
    await expect(preview.getByText(title)).toBeVisible();

    // Scheduled a few seconds ahead.
    await page.getByLabel(/^Publish at/).fill(utcInput(15_000));
    await page.getByRole("button", { name: "Schedule" }).click();
    await expect(page).toHaveURL(new RegExp(`/desk/posts/e2e-night-fueling-${t}\\?saved$`));
    await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
    const id = new URL(page.url()).pathname.split("/").pop() ?? "";
    expect(await publicPlaces(request, id, title)).toEqual(nowhere);

    await expect.poll(async () => (await request.get(`/blogdetail/${id}`)).status(), { timeout: 30_000, intervals: [500] }).toBe(200);
    expect(await publicPlaces(request, id, title)).toEqual(everywhere);
    // The banner on the post page, the card in the lists.
    expect(await (await request.get(`/blogdetail/${id}`)).text()).toContain(`src="${option}"`);
    expect(await (await request.get(`/blogdetail/${id}`)).text()).toContain('alt="A fuel truck beside delivery vans"');
    expect(await (await request.get("/blog")).text()).toContain(`src="${cardSrc}"`);

    // Unpublish: gone from every public place on the next request.
    await page.reload();
    await page.getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByText("It is a draft: the site does not show it.")).toBeVisible();
    expect(await publicPlaces(request, id, title)).toEqual(nowhere);

    // Delete is asked twice.
    await page.getByRole("link", { name: "Delete…" }).click();
    await expect(page.getByRole("heading", { name: `Delete “${title}”?` })).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete this post" }).click();
    await expect(page).toHaveURL(/\/desk\/posts\?deleted=/);
    await expect(page.getByRole("status")).toContainText(`“${title}” was deleted.`);
    const db = await testDb();
    expect(await db.kysely.selectFrom("posts").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    const audit = await db.kysely.selectFrom("audit_log").select("action").where("subject", "=", id).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["post.create", "post.save", "post.delete"]));
  });

  test("bad input is refused with messages, and nothing is saved", async ({ page, context }) => {
    await signIn(context, await createStaff("editor"));
    await page.goto("/desk/posts/new");
    await hydrated(page);
    const t = tag();
    await page.getByLabel("Title", { exact: true }).fill(`Refused ${t}`);
    await page.getByLabel("Subtitle").fill("Sub");
    await page.getByLabel("Body (Markdown)").fill("Body");
    await page.getByLabel("Image", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Image alt text").fill("A picture");
    await page.getByLabel("Video (optional)").fill("https://evil.example/embed/abcdef");
    await page.getByRole("button", { name: "Publish now" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("The post was not saved");
    await expect(alert).toContainText("other players are not allowed");
    // What was typed is kept.
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`Refused ${t}`);
    const db = await testDb();
    expect(await db.kysely.selectFrom("posts").select("id").where("title", "=", `Refused ${t}`).executeTakeFirst()).toBeUndefined();

    // Uploads: an SVG (even named .png) is 415 with a message; a body over 10 MB is 413.
    await uploadImage(page, "logo.png", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    await expect(page.getByRole("alert")).toContainText("Only JPEG, PNG and WebP images can be uploaded");
    const svg = await context.request.post("/desk/images", {
      headers: sameSite,
      multipart: { image: { name: "x.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") } },
      maxRedirects: 0,
    });
    expect(svg.status()).toBe(415);
    const big = await context.request.post("/desk/images", {
      headers: sameSite,
      multipart: { image: { name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(11 * 1024 * 1024) } },
      maxRedirects: 0,
    });
    expect(big.status()).toBe(413);
    expect(await big.text()).toContain("larger than 10 MB");
  });

  test("a body that cannot be rendered in time: the preview says what to change, the editor keeps the text, saving is refused", async ({ page, context }) => {
    test.setTimeout(90_000);
    await signIn(context, await createStaff("editor"));
    await page.goto("/desk/posts/new");
    await hydrated(page);
    const t = tag();
    await page.getByLabel("Title", { exact: true }).fill(`Slow ${t}`);
    await page.getByLabel("Subtitle").fill("Sub");
    await page.getByLabel("Image", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Image alt text").fill("A picture");
    // 99,000 characters of unclosed emphasis: far more than the time limit of work for the Markdown parser.
    const body = "_a".repeat(49_500);
    await page.getByLabel("Body (Markdown)").fill(body);
    const preview = page.getByRole("alert");
    await expect(preview).toContainText("could not be turned into a page", { timeout: 20_000 });
    await expect(preview).toContainText("close them or put them in `code`");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("alert").first()).toContainText("could not be turned into a page", { timeout: 20_000 });
    // What was typed is kept, and nothing was saved.
    await expect(page.getByLabel("Body (Markdown)")).toHaveValue(body);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`Slow ${t}`);
    const db = await testDb();
    expect(await db.kysely.selectFrom("posts").select("id").where("title", "=", `Slow ${t}`).executeTakeFirst()).toBeUndefined();
    // A body fixed by hand previews again.
    await page.getByLabel("Body (Markdown)").fill("Fixed **now**.");
    await expect(page.getByTestId("post-preview").locator("strong")).toHaveText("now", { timeout: 20_000 });
  });

  test("a sales account gets 403 on every content screen and action", async ({ context }) => {
    await signIn(context, await createStaff("sales"));
    const db = await testDb();
    const any = await db.kysely.selectFrom("posts").select("id").limit(1).executeTakeFirstOrThrow();
    for (const path of ["/desk/posts", "/desk/posts/new", `/desk/posts/${any.id}`, `/desk/posts/${any.id}/markdown`, "/desk/images"]) {
      const res = await context.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(403);
    }
    for (const path of ["/desk/posts/new", `/desk/posts/${any.id}`, "/desk/posts/preview", "/desk/images"]) {
      const res = await context.request.post(path, { headers: sameSite, form: { intent: "delete", confirm: "yes", body: "x" }, maxRedirects: 0 });
      expect(res.status(), `POST ${path}`).toBe(403);
    }
    expect(await db.kysely.selectFrom("posts").select("id").where("id", "=", any.id).executeTakeFirst()).toBeDefined();
  });

  test("a file post edited in the desk survives a restart; the desk shows that file and database differ; the download loads back", async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = tag();
    const id = `e2e-restart-${t}`;
    const file = resolve("content/posts", `${id}.md`);
    const write = (title: string) =>
      writeFileSync(
        file,
        [
          "---",
          `id: ${id}`,
          "kind: event",
          `title: ${title}`,
          "subTitle: Loaded from a file.",
          "date: 2027-04-01",
          "image: /media/blog/a-night-with-a-fuel-tech.svg",
          "---",
          "From the file.",
          "",
        ].join("\n"),
      );
    try {
      write(`From the file ${t}`);
      await restartServer();
      await signIn(context, await createStaff("editor"));
      await page.goto(`/desk/posts/${id}`);
      await hydrated(page);
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`From the file ${t}`);
      await page.getByLabel("Title", { exact: true }).fill(`Edited in the desk ${t}`);
      // A post from before alt text was asked for gets it at its first save in the desk.
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByRole("alert").getByText("Describe the image (its alt text) for people who cannot see it")).toBeVisible();
      await page.getByLabel("Image alt text").fill("A picture");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("File and database differ.")).toBeVisible();

      // The file changes too, and the server starts again: the desk's version stays.
      write(`Changed in the repository ${t}`);
      await restartServer();
      const shown = await request.get(`/blogdetail/${id}`);
      expect(await shown.text()).toContain(`Edited in the desk ${t}`);
      await page.goto(`/desk/posts?q=${t}`);
      await expect(page.getByRole("row", { name: new RegExp(`Edited in the desk ${t}`) })).toContainText("File and database differ");

      const download = await context.request.get(`/desk/posts/${id}/markdown`);
      expect(download.headers()["content-disposition"]).toBe(`attachment; filename="${id}.md"`);
      const back = parsePostFile(await download.text());
      expect(back).toMatchObject({ id, kind: "event", title: `Edited in the desk ${t}`, body: "From the file.\n" });
    } finally {
      rmSync(file, { force: true });
      const db = await testDb();
      await db.kysely.deleteFrom("posts").where("id", "=", id).execute();
    }
  });

  for (const theme of ["light", "dark"] as const) {
    test(`axe finds nothing on the posts list, editor, delete confirmation and images (${theme})`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ colorScheme: theme });
      await signIn(context, await createStaff("editor"));
      const page = await context.newPage();
      await uploadImage(page, `axe-${theme}-${tag()}.png`, await png(640, 480));
      const db = await testDb();
      const any = await db.kysely.selectFrom("posts").select("id").where("id", "=", "a-night-with-a-fuel-tech").executeTakeFirstOrThrow();
      for (const url of [
        "/desk/posts",
        "/desk/posts?status=draft&kind=blog&q=zzz",
        "/desk/posts/new",
        `/desk/posts/${any.id}`,
        `/desk/posts/${any.id}?confirm=delete`,
        "/desk/images",
      ]) {
        await page.goto(url);
        await hydrated(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
        const r = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        expect(r.violations, `${url} ${theme}`).toEqual([]);
      }
      await context.close();
    });
  }
});

/**
 * What a restart of the site does to posts: the start loads content/posts into the
 * database (syncPosts, as app/server/main.server.ts runs it). Run here on the test database
 * itself: a second server on the same SQLite file is refused (one server per file), and
 * the running server sees the change as it sees any write.
 */
async function restartServer() {
  await syncPosts(await testDb(), {
    dir: resolve("content/posts"),
    publicDir: resolve("public"),
    mediaDir: process.env.E2E_MEDIA_DIR,
  });
}
