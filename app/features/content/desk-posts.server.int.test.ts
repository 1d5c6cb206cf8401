import { sql } from "kysely";
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "~/platform/db/db.server";
import { blogList } from "./api.server";
import { syncPosts } from "./content.server";
import {
  deletePost,
  fieldsOf,
  fileState,
  getDeskPost,
  listDeskPosts,
  type PostForm,
  postDownload,
  postFormSchema,
  savePost,
  setPublished,
} from "./desk-posts.server";
import { rssXml, sitemapXml } from "./feeds.server";
import { parsePostFile, postToFile, sameContent } from "./post-file.server";
import { getPost, listPosts, postIndex } from "./posts.server";
import { get, postFolder, postImageDb } from "../../../tests/helpers/content";
import { contentVersion } from "./publish-clock.server";

/** The desk's side of posts, against a real database (SQLite, or PostgreSQL in CI). */

let db: Db;
let publicDir: string;
beforeAll(async () => {
  ({ db, publicDir } = await postImageDb());
});
afterAll(() => db.close());

const raw = (over: Partial<Record<string, string>> = {}) => ({
  id: "",
  kind: "blog",
  title: "Night fueling for delivery vans",
  subTitle: "Why the vans are full before the drivers arrive.",
  body: "## Why at night\n\nThe depot is **quiet**.",
  date: "2026-05-01",
  publishedBy: "",
  image: "/media/blog/img-only.svg",
  imageAlt: "A fuel truck beside a row of vans",
  articleUrl: "",
  video: "",
  intent: "draft",
  publishAt: "",
  ...over,
});
const form = (over: Partial<Record<string, string>> = {}) => postFormSchema.parse(raw(over));

async function visibleEverywhere(id: string) {
  const services = { db };
  const [list, one, index, api, sitemap, rss, search] = await Promise.all([
    listPosts(db, { limit: 50, offset: 0 }),
    getPost(db, id),
    postIndex(db),
    blogList(services, get({ flag: "4", blogId: id })),
    sitemapXml(services),
    rssXml(services),
    listPosts(db, { search: "vans quiet", limit: 50, offset: 0 }),
  ]);
  return {
    list: list.items.some((p) => p._id === id),
    page: one !== null,
    index: index.some((p) => p.id === id),
    api: api.status === 200,
    sitemap: sitemap.includes(`/blogdetail/${id}<`),
    rss: rss.includes(`/blogdetail/${id}<`),
    search: search.items.some((p) => p._id === id),
  };
}

const nowhere = { list: false, page: false, index: false, api: false, sitemap: false, rss: false, search: false };
const everywhere = { list: true, page: true, index: true, api: true, sitemap: true, rss: true, search: true };

describe("posts written in the desk", () => {
  it("a draft is nowhere public; publishing shows it everywhere; unpublishing takes it away; the address stays", async () => {
    const saved = await savePost(db, null, form(), { publicDir });
    expect(saved).toMatchObject({ ok: true, id: "night-fueling-for-delivery-vans", status: "draft", created: true });
    expect(await visibleEverywhere("night-fueling-for-delivery-vans")).toEqual(nowhere);

    const published = await savePost(db, "night-fueling-for-delivery-vans", form({ intent: "publish", title: "Night fueling, explained" }), { publicDir });
    expect(published).toMatchObject({ ok: true, id: "night-fueling-for-delivery-vans", status: "published" });
    expect(await visibleEverywhere("night-fueling-for-delivery-vans")).toEqual(everywhere);
    expect((await getPost(db, "night-fueling-for-delivery-vans"))?.title).toBe("Night fueling, explained");
    expect((await getPost(db, "night-fueling-for-delivery-vans"))?.description).toBe("<h2>Why at night</h2>\n<p>The depot is <strong>quiet</strong>.</p>");

    expect(await setPublished(db, "night-fueling-for-delivery-vans", false)).toBe(true);
    expect(await visibleEverywhere("night-fueling-for-delivery-vans")).toEqual(nowhere);
    // A comment cannot be added to a post the public cannot see.
    expect((await blogList({ db }, get({ flag: "4", blogId: "night-fueling-for-delivery-vans" }))).status).toBe(404);
  });

  it("a scheduled post appears after its time with no write, and the content version moves then", async () => {
    const at = new Date(Date.now() + 1500);
    const publishAt = at.toISOString().slice(0, 23);
    const saved = await savePost(db, null, form({ id: "scheduled-one", intent: "schedule", publishAt: publishAt.slice(0, 19) }), { publicDir });
    expect(saved).toMatchObject({ ok: true, status: "scheduled" });
    const before = await contentVersion(db);
    expect((await visibleEverywhere("scheduled-one")).page).toBe(false);
    expect((await listDeskPosts(db, { status: "scheduled" })).map((r) => r.id)).toContain("scheduled-one");
    await new Promise((r) => setTimeout(r, Math.max(0, at.getTime() - Date.now()) + 1100));
    expect(await visibleEverywhere("scheduled-one")).toMatchObject({ list: true, page: true, api: true, sitemap: true, rss: true });
    expect(await contentVersion(db)).not.toBe(before);
  });

  it("another instance on the same database sees a change made in the desk within about a second", async () => {
    const url = db.dialect === "postgres" ? process.env.DATABASE_URL : `file:${db.describe.slice("sqlite:".length)}`;
    const other = await openDb(url);
    try {
      await savePost(db, null, form({ id: "seen-elsewhere", intent: "publish" }), { publicDir });
      const before = await other.contentVersion();
      await new Promise((r) => setTimeout(r, 1100));
      expect(await setPublished(db, "seen-elsewhere", false)).toBe(true);
      await expect.poll(() => other.contentVersion(), { timeout: 2500, interval: 100 }).not.toBe(before);
      expect(await getPost(other, "seen-elsewhere")).toBeNull();
    } finally {
      await other.close();
    }
  });

  it("another instance sees the very first change to a new database too", async () => {
    // A new database's change counter (PostgreSQL) has never moved: its first step sets a flag, not the value.
    if (db.dialect === "postgres") await sql`ALTER SEQUENCE content_changes RESTART`.execute(db.kysely);
    const url = db.dialect === "postgres" ? process.env.DATABASE_URL : `file:${db.describe.slice("sqlite:".length)}`;
    const other = await openDb(url);
    try {
      const before = await other.contentVersion();
      await new Promise((r) => setTimeout(r, 1100));
      // PostgreSQL: the counter's step alone; SQLite sees any committed write (data_version), so one is made.
      if (db.dialect === "postgres") await db.contentChanged();
      else expect(await setPublished(db, "seen-elsewhere", true)).toBe(true);
      await expect.poll(() => other.contentVersion(), { timeout: 2500, interval: 100 }).not.toBe(before);
    } finally {
      await other.close();
    }
  });

  it("answers messages that name the limits, and refuses players that are not allowed", () => {
    const bad = postFormSchema.safeParse({
      ...raw(),
      title: "x".repeat(201),
      subTitle: "y".repeat(401),
      body: "z".repeat(100_001),
      video: "https://evil.example/embed/abc",
      kind: "article",
      articleUrl: "",
    });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        "Title must be at most 200 characters",
        "Subtitle must be at most 400 characters",
        "The body must be at most 100,000 characters",
        expect.stringContaining("other players are not allowed"),
        "A related article needs the article URL",
      ]),
    );
    expect(postFormSchema.safeParse(raw({ intent: "schedule", publishAt: "" })).error?.issues[0]?.message).toBe("Choose the publish time to schedule");
  });

  it("renders hostile Markdown harmless", async () => {
    const body = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      "[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)",
      '<iframe src="https://evil.example/"></iframe>',
      '![x](javascript:alert(1)) <a href="#" onclick="alert(1)">a</a>',
    ].join("\n\n");
    const saved = await savePost(db, null, form({ id: "hostile", body, intent: "publish" }), { publicDir });
    expect(saved.ok).toBe(true);
    const html = (await getPost(db, "hostile"))?.description ?? "";
    // Raw HTML shows as text; no element, handler or script link survives.
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toMatch(/<(script|iframe|img)\b|<[^>]+\son\w+=|href="(javascript|data):/i);
  });

  it("refuses an image that is not in the list and an address already used, and saves nothing", async () => {
    const bad = await savePost(db, null, form({ id: "no-image", image: "/media/blog/nope.svg" }), { publicDir });
    expect(bad).toEqual({ ok: false, status: 422, errors: ["Choose an image from the list"] });
    expect(await getDeskPost(db, "no-image")).toBeNull();
    const taken = await savePost(db, null, form({ id: "hostile" }), { publicDir });
    expect(taken).toMatchObject({ ok: false, status: 409 });
    expect(postFormSchema.safeParse(raw({ id: "new" })).error?.issues[0]?.message).toBe("That address is reserved for the desk: choose another");
    expect(await savePost(db, null, form({ title: "New" }), { publicDir })).toMatchObject({ ok: true, id: "new-post" });
    // Without an address, a title already used gets -2.
    const again = await savePost(db, null, form(), { publicDir });
    expect(again).toMatchObject({ ok: true, id: "night-fueling-for-delivery-vans-2" });
  });
});

describe("post files and the desk", () => {
  it("a file post edited in the desk is not overwritten by its file; the desk says they differ; delete stays deleted", async () => {
    const folder = postFolder([{ id: "from-file", kind: "blog", date: "2026-02-01", body: "From the file." }]);
    await syncPosts(db, { dir: folder.dir, publicDir: folder.publicDir });
    const row = await getDeskPost(db, "from-file");
    expect(row?.body_markdown).toBe("From the file.");
    // source_file is relative to the working directory; the desk reads it from there.
    expect(row && fileState(row)).toBe("same");

    const edited = await savePost(
      db,
      "from-file",
      form({ id: "from-file", title: "Edited in the desk", body: "From the desk.", intent: "save", image: "/media/blog/from-file.svg" }),
      { publicDir: folder.publicDir },
    );
    expect(edited).toMatchObject({ ok: true, status: "published" });
    const afterEdit = await getDeskPost(db, "from-file");
    expect(afterEdit && fileState(afterEdit)).toBe("differs");

    // The file changes too; the next start keeps the desk's version.
    folder.write({ id: "from-file", kind: "blog", date: "2026-02-01", title: "Changed in the repository", body: "From the changed file." });
    const report = await syncPosts(db, { dir: folder.dir, publicDir: folder.publicDir });
    expect(report.kept).toEqual(["from-file"]);
    expect((await getPost(db, "from-file"))?.title).toBe("Edited in the desk");

    // Deleted in the desk: the same file does not bring it back; a changed file does.
    expect(await deletePost(db, "from-file")).toMatchObject({ title: "Edited in the desk" });
    await syncPosts(db, { dir: folder.dir, publicDir: folder.publicDir });
    expect(await getDeskPost(db, "from-file")).toBeNull();
    folder.write({ id: "from-file", kind: "blog", date: "2026-02-01", title: "Back again", body: "New text." });
    await syncPosts(db, { dir: folder.dir, publicDir: folder.publicDir });
    expect((await getDeskPost(db, "from-file"))?.title).toBe("Back again");
    expect(relative(process.cwd(), join(folder.dir, "from-file.md"))).toBe((await getDeskPost(db, "from-file"))?.source_file);
  });

  it("a downloaded post loads back identically (round trip), whatever its title holds", async () => {
    const tricky: PostForm = form({
      id: "round-trip",
      kind: "article",
      title: 'Fuel: "the 2 a.m. shift" #1 — no',
      subTitle: "- starts with a dash, ends with a colon:",
      body: "Line one.\n\n> quoted\n\n- a\n- b\n",
      articleUrl: "https://news.example/story?a=1&b=2",
      video: "https://player.vimeo.com/video/123456",
      publishedBy: "2026-05-03",
      intent: "publish",
    });
    const saved = await savePost(db, null, tricky, { publicDir });
    expect(saved.ok).toBe(true);
    const row = await getDeskPost(db, "round-trip");
    if (!row) throw new Error("not saved");
    const file = postDownload(row);
    expect(file.name).toBe("round-trip.md");
    const back = parsePostFile(file.text);
    expect(sameContent(back, fieldsOf(row))).toBe(true);
    expect(back.descriptionHtml).toBe(row.description_html);
    // And the file written back into a folder loads as the same post.
    const folder = postFolder([]);
    writeFileSync(join(folder.dir, file.name), file.text);
    expect(readFileSync(join(folder.dir, file.name), "utf8")).toBe(postToFile(fieldsOf(row)));
    await setPublished(db, "round-trip", false);
    expect(postDownload((await getDeskPost(db, "round-trip"))!).name).toBe("_round-trip.md");
  });
});
