import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { syncPosts } from "./content.server";
import { parsePostFile } from "./post-file.server";
import { listPosts } from "./posts.server";

/** The posts that ship in content/posts: enough of each kind, valid, and loadable. */

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

describe("the shipped content", () => {
  const dir = "content/posts";
  const files = readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "README.md");
  const posts = files.map((f) => ({ file: f, post: parsePostFile(readFileSync(join(dir, f), "utf8")) }));

  it("holds at least 12 blog posts, 8 related articles and 4 upcoming events", () => {
    const kinds = { blog: 0, article: 0, event: 0 };
    for (const { post } of posts) kinds[!post.isPublished ? "event" : post.isArticle ? "article" : "blog"]++;
    expect(kinds.blog).toBeGreaterThanOrEqual(12);
    expect(kinds.article).toBeGreaterThanOrEqual(8);
    expect(kinds.event).toBeGreaterThanOrEqual(4);
  });

  it("names each file after its id, with an image that ships, and articles on fictional .example domains", () => {
    for (const { file, post } of posts) {
      expect(file).toBe(`${post.id}.md`);
      expect(existsSync(join("public", post.imageOriginal)), post.imageOriginal).toBe(true);
      if (post.isArticle) expect(new URL(post.articleUrl ?? "").hostname).toMatch(/\.example$/);
    }
  });

  it("has subtitles longer than the 121-character preview and some shorter", () => {
    expect(posts.some((p) => p.post.subTitle.length > 121)).toBe(true);
    expect(posts.some((p) => p.post.subTitle.length <= 121)).toBe(true);
  });

  it("loads completely, with its demo comments and replies", async () => {
    const report = await syncPosts(db, { dir });
    expect(report.errors).toEqual([]);
    expect(report.inserted).toHaveLength(files.length);
    const { items } = await listPosts(db, { limit: 100, offset: 0 });
    const withComments = items.filter((i) => i.comments.length > 0);
    expect(withComments.length).toBeGreaterThanOrEqual(4);
    expect(items.some((i) => i.comments.some((c) => c.childComments.length > 0))).toBe(true);
  });
});
