import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { postImageDb } from "../../../tests/helpers/content";
import { clearAutosave, loadAutosave, saveAutosave } from "./autosave.server";
import { getDeskPost, postFormSchema, savePost } from "./desk-posts.server";
import { rssXml } from "./feeds.server";
import { checkPreview, previewSecret, signPreview } from "./preview-link.server";
import { getPost, listPosts } from "./posts.server";
import { POST_FALLBACK_IMAGE } from "./types";
import { localInputToUtc, utcToLocalInput } from "~/shared/zoned-input";

/** The editor's drafts, publishing in the editor's time, preview links and bylines, against a real database. */

let db: Db;
let publicDir: string;
beforeAll(async () => {
  ({ db, publicDir } = await postImageDb());
});
afterAll(() => db.close());

const raw = (over: Record<string, string> = {}) => ({
  id: "",
  kind: "blog",
  title: "Fuel on the night shift",
  subTitle: "Why the vans are full at dawn.",
  body: "The depot is quiet.",
  date: "2026-05-01",
  publishedBy: "",
  image: "/media/blog/img-only.svg",
  imageAlt: "A fuel truck beside vans",
  articleUrl: "",
  video: "",
  intent: "draft",
  publishAt: "",
  timeZone: "",
  confirmPast: "",
  ...over,
});
const parse = (over: Record<string, string> = {}) => postFormSchema.safeParse(raw(over));
const form = (over: Record<string, string> = {}) => postFormSchema.parse(raw(over));

describe("drafts", () => {
  it("a draft saves with its title alone; publishing it asks for the rest, one message each", async () => {
    const draft = form({ title: "Only a title", subTitle: "", body: "", image: "", imageAlt: "" });
    const saved = await savePost(db, null, draft, { publicDir });
    expect(saved).toMatchObject({ ok: true, status: "draft" });
    if (!saved.ok) return;
    const row = await getDeskPost(db, saved.id);
    expect(row?.image_original).toBeNull();
    const publish = await savePost(db, saved.id, { ...draft, intent: "publish" }, { publicDir });
    expect(publish).toEqual({
      ok: false,
      status: 422,
      errors: ["Subtitle is required to publish", "The body is required to publish"],
    });
  });

  it("a post is scheduled without a banner, and the site shows Fillway's own picture for it", async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString().slice(0, 16);
    const post = form({ title: "No banner needed", subTitle: "A short one", body: "Words.", image: "", imageAlt: "", intent: "publish", publishAt: later });
    const saved = await savePost(db, null, post, { publicDir });
    expect(saved).toMatchObject({ ok: true });
    if (!saved.ok) return;
    expect((await getDeskPost(db, saved.id))?.image_original).toBeNull();
    expect((await getPost(db, saved.id))?.imageUrl).toEqual(POST_FALLBACK_IMAGE);
  });

  it("an image without alt text is refused, and each body image without alt is named", () => {
    const banner = parse({ imageAlt: "" });
    expect(banner.success).toBe(false);
    expect(banner.error?.issues.map((i) => i.message)).toEqual(["Describe the image (its alt text) for people who cannot see it"]);
    const body = parse({ body: "![](/media/uploads/a.webp)\n\n![ok](/media/b.webp)\n\n![ ](/media/c.webp)" });
    expect(body.error?.issues.map((i) => i.message)).toEqual([
      "The image /media/uploads/a.webp in the body needs alt text: write it between the brackets, ![like this](/media/uploads/a.webp)",
      "The image /media/c.webp in the body needs alt text: write it between the brackets, ![like this](/media/c.webp)",
    ]);
  });

  it("an unknown image is one message, not two", () => {
    expect(parse({ image: "/elsewhere.png" }).error?.issues.map((i) => i.message)).toEqual(["Choose an image from the list"]);
  });

  it("autosave keeps what was typed for that member of staff and never publishes it", async () => {
    const saved = await savePost(db, null, form({ title: "Kept while typing", intent: "publish" }), { publicDir, author: "Dana Reyes" });
    if (!saved.ok) throw new Error("not saved");
    const later = new Date(Date.now() + 60_000);
    await saveAutosave(db, 7, saved.id, { title: "A new title not yet saved", body: "Draft words" }, later);
    await saveAutosave(db, 7, "new", { title: "Another post" }, later);
    const post = await getPost(db, saved.id);
    expect(post?.title).toBe("Kept while typing");
    const { items } = await listPosts(db, { limit: 100, offset: 0 });
    expect(items.map((i) => i.title)).not.toContain("Another post");
    const row = await getDeskPost(db, saved.id);
    expect(await loadAutosave(db, 7, saved.id, row?.updated_at ?? null)).toMatchObject({ fields: { title: "A new title not yet saved" } });
    expect(await loadAutosave(db, 8, saved.id, row?.updated_at ?? null)).toBeNull();
    // Saved since: the kept changes are older than the post and are dropped.
    expect(await loadAutosave(db, 7, saved.id, new Date(later.getTime() + 1000).toISOString())).toBeNull();
    await clearAutosave(db, 7, "new");
    expect(await loadAutosave(db, 7, "new", null)).toBeNull();
  });
});

describe("publishing in the editor's time", () => {
  it("a time typed in New York is stored in UTC and shown back in that zone", async () => {
    expect(localInputToUtc("2026-12-01T09:30", "America/New_York")).toBe("2026-12-01T14:30:00.000Z");
    expect(localInputToUtc("2026-07-01T09:30:00", "America/New_York")).toBe("2026-07-01T13:30:00.000Z");
    expect(utcToLocalInput("2026-12-01T14:30:00.000Z", "America/New_York")).toBe("2026-12-01T09:30:00");
    const now = new Date("2026-11-20T12:00:00Z");
    const saved = await savePost(
      db,
      null,
      form({ title: "Scheduled in New York", intent: "schedule", publishAt: "2026-12-01T09:30", timeZone: "America/New_York" }),
      {
        publicDir,
        now,
      },
    );
    expect(saved).toMatchObject({ ok: true, status: "scheduled" });
    if (saved.ok) expect((await getDeskPost(db, saved.id))?.publish_at).toBe("2026-12-01T14:30:00.000Z");
  });

  it("a time that has passed asks Publish now? and publishes nothing until confirmed", async () => {
    const now = new Date("2026-11-20T12:00:00Z");
    const past = form({ title: "Too late", intent: "schedule", publishAt: "2026-11-20T06:00", timeZone: "America/Chicago" });
    const asked = await savePost(db, null, past, { publicDir, now });
    expect(asked).toMatchObject({ ok: false, status: 422, errors: ["That publish time has already passed. Publish now?"] });
    expect(await getDeskPost(db, "too-late")).toBeNull();
    const confirmed = await savePost(db, null, { ...past, confirmPast: "yes" }, { publicDir, now });
    expect(confirmed).toMatchObject({ ok: true, status: "published" });
  });
});

describe("preview links", () => {
  it("are valid for the post until they expire; a changed one is refused", async () => {
    const secret = await previewSecret(db);
    const now = new Date("2026-11-20T12:00:00Z");
    const { token } = signPreview(secret, "a-draft", now);
    expect(checkPreview(secret, token, now)).toEqual({ ok: true, id: "a-draft" });
    expect(checkPreview(secret, token, new Date("2026-11-27T11:59:00Z"))).toEqual({ ok: true, id: "a-draft" });
    expect(checkPreview(secret, token, new Date("2026-11-27T12:00:01Z"))).toEqual({ ok: false, reason: "expired" });
    const other = token.replace("a-draft", "b-draft");
    expect(checkPreview(secret, other, now)).toEqual({ ok: false, reason: "invalid" });
    const [id, exp, sig] = token.split(".");
    expect(checkPreview(secret, `${id}.${Number(exp) + 86_400}.${sig}`, now)).toEqual({ ok: false, reason: "invalid" });
    expect(checkPreview("another-secret", token, now)).toEqual({ ok: false, reason: "invalid" });
    expect(checkPreview(secret, "nonsense", now)).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("bylines and feed dates", () => {
  it("the byline is the author's name, Fillway Team without one, and the site's own for posts from files", async () => {
    const named = await savePost(db, null, form({ title: "By Dana", intent: "publish" }), { publicDir, author: "Dana Reyes" });
    const team = await savePost(db, null, form({ title: "By the team", intent: "publish" }), { publicDir, author: "Fillway Team" });
    if (!named.ok || !team.ok) throw new Error("not saved");
    expect((await getPost(db, named.id))?.author).toBe("Dana Reyes");
    expect((await getPost(db, team.id))?.author).toBe("Fillway Team");
    expect((await getPost(db, named.id))?.imageAlt).toBe("A fuel truck beside vans");
    expect((await getPost(db, "img-only"))?.author ?? null).toBeNull();
  });

  it("the RSS feed dates a post by when it was published, not noon of the shown date", async () => {
    const at = new Date("2026-11-21T17:45:10Z");
    const saved = await savePost(db, null, form({ title: "Dated by publishing", date: "2026-04-03", intent: "publish" }), { publicDir, now: at });
    if (!saved.ok) throw new Error("not saved");
    const xml = await rssXml({ db });
    const item = xml.split("<item>").find((i) => i.includes("Dated by publishing")) ?? "";
    expect(item).toContain("<pubDate>Sat, 21 Nov 2026 17:45:10 GMT</pubDate>");
  });
});
