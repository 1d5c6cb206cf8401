import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { syncPosts } from "./content.server";
import { listPosts, searchWords } from "./posts.server";
import { postFolder } from "../../../tests/helpers/content";

/** Full-text search of posts (migration 005-post-search) on SQLite here, PostgreSQL in CI. */

let db: Db;

beforeAll(async () => {
  db = await openTestDb();
  const { dir, publicDir, write } = postFolder([
    { id: "r-body", kind: "blog", date: "2026-05-01", body: "Once a week the crew fuels the vans at night." },
    { id: "r-title", kind: "blog", date: "2026-01-01", title: "Fueling at night", subTitle: "Why the trucks come after dark" },
    { id: "r-sub", kind: "blog", date: "2026-03-01", subTitle: "Night fueling for campus fleets" },
    { id: "r-article", kind: "article", date: "2026-06-01", title: "Night fueling cuts downtime" },
    { id: "r-event", kind: "event", date: "2027-02-01", title: "Night fueling summit" },
    { id: "r-none", kind: "blog", date: "2026-07-01", title: "Diesel exhaust fluid explained" },
  ]);
  await syncPosts(db, { dir, publicDir });
  // An edited post is found by its new words and no longer by its old ones.
  write({ id: "r-none", kind: "blog", date: "2026-07-01", title: "Diesel exhaust fluid, explained thoroughly" });
  await syncPosts(db, { dir, publicDir });
});
afterAll(() => db.close());

const search = async (text: string, filter: { isPublished?: boolean; isArticle?: boolean } = {}) =>
  (await listPosts(db, { ...filter, search: text, limit: 50, offset: 0 })).items.map((i) => i._id);

describe("post search", () => {
  it("splits a search into its words, any alphabet, without operators", () => {
    expect(searchWords(' "Night"  fueling* OR title:Café-2 ')).toEqual(["night", "fueling", "or", "title", "café", "2"]);
    expect(searchWords("%_!")).toEqual([]);
  });

  it("finds every word in any order with English stemming, best match first, published only", async () => {
    // Title first, then subtitle, then the body; the event (unpublished) never shows.
    expect(await search("night fueling", { isArticle: false })).toEqual(["r-title", "r-sub", "r-body"]);
    expect(await search("fueled nights", { isArticle: false })).toEqual(["r-title", "r-sub", "r-body"]);
    expect((await search("fueling night")).sort()).toEqual(["r-article", "r-body", "r-sub", "r-title"]);
    expect(await search("night fueling", { isPublished: false })).toEqual([]);
  });

  it("matches the last word as the start of a word, so a search typed part-way finds", async () => {
    expect((await search("fue")).sort()).toEqual(["r-article", "r-body", "r-sub", "r-title"]);
    expect((await search("nigh")).sort()).toEqual(["r-article", "r-body", "r-sub", "r-title"]);
    expect(await search("night fue", { isArticle: false })).toEqual(["r-title", "r-sub", "r-body"]);
    // The last word typed whole still matches by its stem; the words before it are never prefixes.
    expect(await search("night fueling", { isArticle: false })).toEqual(["r-title", "r-sub", "r-body"]);
    expect(await search("nigh fueling")).toEqual([]);
    expect(await search("thorough")).toEqual(["r-none"]);
    expect(await search("fuelx")).toEqual([]);
  });

  it("follows edits of a post", async () => {
    expect(await search("thoroughly")).toEqual(["r-none"]);
    expect(await search("explained")).toEqual(["r-none"]);
  });

  it("gives the count of all matches, not of one page", async () => {
    const page = await listPosts(db, { search: "night", limit: 2, offset: 0 });
    expect(page.items).toHaveLength(2);
    expect(page.count).toBe(4);
  });
});
