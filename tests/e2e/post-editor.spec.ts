import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { createStaff, signIn, testDb } from "./desk-fixtures";
import { expect, freezeClock, hydrated, test } from "./fixtures";

/**
 * The post editor as an editor uses it, on a desktop and a phone: what was typed survives
 * following a link away; images are uploaded and inserted with alt text; a time typed in
 * the editor's own zone is stored in UTC; a draft's preview link opens signed out.
 */

const tag = () => randomBytes(4).toString("hex");
const png = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .png()
    .toBuffer();

async function editorIn(zone: string | null) {
  const staff = await createStaff("editor", { name: "Dana Reyes" });
  if (zone) await (await testDb()).kysely.updateTable("staff").set({ time_zone: zone }).where("id", "=", staff.id).execute();
  return staff;
}

for (const width of [1280, 390]) {
  test.describe(`post editor at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("what was typed survives following a link away and coming back", async ({ page, context }) => {
      await signIn(context, await editorIn(null));
      const t = tag();
      await page.goto("/desk/posts/new");
      await hydrated(page);
      await page.getByLabel("Title", { exact: true }).fill(`Kept ${t}`);
      await page.getByLabel("Body (Markdown)").fill(`Words that must not be lost ${t}`);
      await expect(page.getByText("Changes kept (not published).")).toBeVisible();
      await page.getByRole("link", { name: "images page" }).click();
      // The desk's own link asks first.
      await expect(page.getByRole("alertdialog", { name: "Unsaved changes" })).toBeVisible();
      await page.getByRole("button", { name: "Leave" }).click();
      await expect(page).toHaveURL(/\/desk\/images$/);
      await page.goBack();
      await hydrated(page);
      await expect(page.getByText(/Restored your unsaved changes from/)).toBeVisible();
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`Kept ${t}`);
      await expect(page.getByLabel("Body (Markdown)")).toHaveValue(`Words that must not be lost ${t}`);
      // Kept, never published.
      expect((await page.request.get("/rss.xml", { headers: { Cookie: "" } }).then((r) => r.text())).includes(`Kept ${t}`)).toBe(false);
      await page.getByRole("button", { name: "Discard them" }).click();
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
    });

    test("a new post typed a moment before the phone switches app is on the server, and opens in another browser", async ({ page, context, browser }) => {
      const editor = await editorIn(null);
      await signIn(context, editor);
      const t = tag();
      // Timers stand still: the two-second autosave never comes, only leaving sends.
      await freezeClock(page);
      await page.goto("/desk/posts/new");
      await hydrated(page);
      await page.getByLabel("Title", { exact: true }).fill(`Last second ${t}`);
      await page.getByLabel("Body (Markdown)").fill(`Typed just before leaving ${t}`);
      // The page is hidden before the two-second timer: what it holds goes at once.
      const sent = page.waitForRequest((r) => r.url().endsWith("/desk/posts/new/autosave") && r.method() === "POST");
      await page.evaluate(() => {
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
        document.dispatchEvent(new Event("visibilitychange"));
      });
      await (await sent).response();
      // Another browser (no copy in its storage) signed in as the same editor.
      const other = await browser.newContext({ viewport: { width, height: 900 } });
      await signIn(other, editor);
      const elsewhere = await other.newPage();
      await elsewhere.goto("/desk/posts/new");
      await hydrated(elsewhere);
      await expect(elsewhere.getByText(/Restored your unsaved changes from/)).toBeVisible();
      await expect(elsewhere.getByLabel("Title", { exact: true })).toHaveValue(`Last second ${t}`);
      await expect(elsewhere.getByLabel("Body (Markdown)")).toHaveValue(`Typed just before leaving ${t}`);
      await other.close();
    });

    test("a banner and a body image are uploaded from the editor with their alt text; a title-only draft saves", async ({ page, context }) => {
      await signIn(context, await editorIn(null));
      const t = tag();
      await page.goto("/desk/posts/new");
      await hydrated(page);
      await page.getByLabel("Title", { exact: true }).fill(`e2e images ${t}`);
      await page.getByLabel("Address (optional)").fill(`e2e-images-${t}`);
      await page.getByLabel(/Or upload a new image/).setInputFiles({ name: `banner-${t}.png`, mimeType: "image/png", buffer: await png() });
      await expect(page.getByText(`Uploaded banner-${t}.png and chosen as the image.`)).toBeVisible();
      await expect(page.getByLabel("Image", { exact: true })).toHaveValue(/^\/media\/uploads\//);
      await page.getByLabel("Body (Markdown)").fill("Before. ");
      await page.getByRole("button", { name: "Insert image" }).click();
      await page.getByLabel(/Image file \(JPEG/).setInputFiles({ name: `body-${t}.png`, mimeType: "image/png", buffer: await png() });
      await page.getByRole("button", { name: "Upload and insert" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Describe the image" })).toBeVisible();
      await page.getByLabel("Alt text (what the image shows)").fill("Vans at dawn");
      await page.getByRole("button", { name: "Upload and insert" }).click();
      // The body's picture keeps its own shape and size (900×600), neither cropped to a banner nor enlarged.
      await expect(page.getByLabel("Body (Markdown)")).toHaveValue(/^Before\. !\[Vans at dawn\]\(\/media\/uploads\/[a-f0-9]+-900x600\.webp\)$/);
      const inline = page.getByTestId("post-preview").getByRole("img", { name: "Vans at dawn" });
      await expect(inline).toBeVisible();
      await expect(inline).toHaveAttribute("width", "900");
      await expect(inline).toHaveAttribute("height", "600");
      // The banner needs its alt text: one message says so.
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByRole("alert").getByText("Describe the image (its alt text) for people who cannot see it")).toHaveCount(1);
      await page.getByLabel("Image alt text").fill("A fuel truck");
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page).toHaveURL(new RegExp(`/desk/posts/e2e-images-${t}\\?saved$`));
    });

    test("a time typed in Chicago is scheduled for the right UTC time; the draft's preview link opens signed out", async ({ page, context, browser }) => {
      await signIn(context, await editorIn("America/Chicago"));
      const t = tag();
      await page.goto("/desk/posts/new");
      await hydrated(page);
      await page.getByLabel("Title", { exact: true }).fill(`e2e zoned ${t}`);
      await page.getByLabel("Address (optional)").fill(`e2e-zoned-${t}`);
      await page.getByLabel("Subtitle").fill("In Chicago's time.");
      await page.getByLabel("Body (Markdown)").fill("Scheduled **body**.");
      await page.getByLabel("Image", { exact: true }).selectOption({ index: 1 });
      await page.getByLabel("Image alt text").fill("A picture");
      await page.getByLabel("Publish at (America/Chicago)").fill("2030-01-15T09:30:00");
      await page.getByRole("button", { name: "Schedule" }).click();
      await expect(page).toHaveURL(new RegExp(`/desk/posts/e2e-zoned-${t}\\?saved$`));
      const row = await (await testDb()).kysely.selectFrom("posts").select("publish_at").where("id", "=", `e2e-zoned-${t}`).executeTakeFirst();
      expect(row?.publish_at).toBe("2030-01-15T15:30:00.000Z");
      await expect(page.getByLabel("Publish at (America/Chicago)")).toHaveValue(/^2030-01-15T09:30(:00)?$/);

      // A time already past asks before publishing.
      await page.getByLabel("Publish at (America/Chicago)").fill("2020-01-15T09:30:00");
      await page.getByRole("button", { name: "Schedule" }).click();
      await expect(page.getByText(/has already passed\. Publish now\?/)).toBeVisible();
      const still = await (await testDb()).kysely.selectFrom("posts").select("publish_at").where("id", "=", `e2e-zoned-${t}`).executeTakeFirst();
      expect(still?.publish_at).toBe("2030-01-15T15:30:00.000Z");

      const href = await page.getByRole("link", { name: /Preview link/ }).getAttribute("href");
      const visitor = await browser.newContext({ viewport: { width, height: 900 } });
      const other = await visitor.newPage();
      const res = await other.goto(href ?? "");
      expect(res?.status()).toBe(200);
      expect(res?.headers()["x-robots-tag"]).toContain("noindex");
      await expect(other.getByText("Preview: not published")).toBeVisible();
      await expect(other.getByText(`e2e zoned ${t}`).first()).toBeVisible();
      await expect(other.getByText("Posted By Dana Reyes")).toBeVisible();
      // One character of the signature changed, well before its end (the last character of
      // a base64 signature carries padding bits, so changing it may decode to the same bytes).
      const link = href ?? "";
      const at = link.length - 10;
      const tampered = await other.goto(`${link.slice(0, at)}${link[at] === "A" ? "B" : "A"}${link.slice(at + 1)}`);
      expect(tampered?.status()).toBe(404);
      await visitor.close();
    });
  });
}
