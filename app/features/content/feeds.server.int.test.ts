import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pagePaths } from "~/copy/pages";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { syncPosts } from "./content.server";
import { sitemapPartXml, sitemapXml } from "./feeds.server";
import { postFolder } from "../../../tests/helpers/content";

/** The sitemap stays one file up to the protocol's limit and becomes an index past it. */

let db: Db;
const posts = Array.from({ length: 23 }, (_, i) => ({
  id: `map-${String(i).padStart(2, "0")}`,
  kind: "blog" as const,
  date: `2026-01-${String(i + 1).padStart(2, "0")}`,
}));

beforeAll(async () => {
  db = await openTestDb();
  const { dir, publicDir } = postFolder(posts);
  expect((await syncPosts(db, { dir, publicDir })).errors).toEqual([]);
});
afterAll(() => db.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
const total = () => pagePaths.length + posts.length;

describe("sitemap", () => {
  it("is one urlset of every page and post while within the limit", async () => {
    const xml = await sitemapXml({ db }, total());
    expect(xml).toContain("<urlset");
    expect(xml).not.toContain("<sitemapindex");
    expect(locs(xml)).toHaveLength(total());
    expect(await sitemapPartXml({ db }, 1, total())).toBeNull();
  });

  it("past the limit is an index of parts that together list every URL once, all absolute", async () => {
    const limit = 10;
    const whole = locs(await sitemapXml({ db }, total()));
    const index = await sitemapXml({ db }, limit);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const parts = locs(index);
    expect(parts).toHaveLength(Math.ceil(total() / limit));
    for (const [i, url] of parts.entries()) expect(new URL(url).pathname).toBe(`/sitemap/${i + 1}.xml`);
    const listed: string[] = [];
    for (let n = 1; n <= parts.length; n++) {
      const part = await sitemapPartXml({ db }, n, limit);
      expect(part).toContain("<urlset");
      const urls = locs(part ?? "");
      expect(urls.length).toBeLessThanOrEqual(limit);
      listed.push(...urls);
    }
    expect(listed).toEqual(whole);
    for (const url of [...parts, ...listed]) expect(url).toMatch(/^https?:\/\/[^/]+\//);
    expect(await sitemapPartXml({ db }, parts.length + 1, limit)).toBeNull();
    expect(await sitemapPartXml({ db }, 0, limit)).toBeNull();
  });
});
