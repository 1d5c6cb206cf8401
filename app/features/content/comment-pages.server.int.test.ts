import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMENT_PAGE_SIZE } from "~/features/content/types";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../../../tests/helpers/test-db";
import { syncPosts } from "./content.server";
import { loadBlogDetail } from "./pages.server";
import { commentPage, threadPage } from "./posts.server";
import { postFolder, testServices } from "../../../tests/helpers/content";

/**
 * A post page shows one page of its comments: the newest threads first across pages,
 * oldest first within a page (spec order), replies with their parent, and the count of
 * every visible comment. Runs on SQLite here and on PostgreSQL with DATABASE_URL.
 */

const POST = "cp-busy";
const THREADS = COMMENT_PAGE_SIZE * 2 + 7;
let db: Db;

const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
const row = (id: string, i: number, parent: string | null, state = "visible") => ({
  id,
  submission_id: null,
  post_id: POST,
  parent_id: parent,
  comment_by: `Visitor ${i}`,
  email: `v${i}@fleet.example`,
  company_name: "Porter",
  text: `Comment ${id}`,
  created_on: at(i),
  ip_hash: null,
  state,
});

beforeAll(async () => {
  db = await openTestDb();
  const { dir, publicDir } = postFolder([
    { id: POST, kind: "blog", date: "2026-01-01" },
    { id: "cp-quiet", kind: "blog", date: "2026-01-02" },
  ]);
  await syncPosts(db, { dir, publicDir });
  const threads = Array.from({ length: THREADS }, (_, i) => row(`t${String(i).padStart(3, "0")}`, i * 10, null));
  // Replies to the oldest thread and to one on page 1, a held and a hidden comment, a held reply.
  const more = [
    row("r-old-1", 5, "t000"),
    row("r-old-2", 6, "t000"),
    row("r-new", THREADS * 10 - 5, `t${String(THREADS - 2).padStart(3, "0")}`),
    row("held", THREADS * 10 + 1, null, "held"),
    row("hidden", THREADS * 10 + 2, null, "hidden"),
    row("held-reply", 7, "t000", "held"),
  ];
  for (let i = 0; i < threads.length; i += 50)
    await db.kysely
      .insertInto("comments")
      .values(threads.slice(i, i + 50))
      .execute();
  await db.kysely.insertInto("comments").values(more).execute();
});
afterAll(() => db.close());

describe("a post's comment pages", () => {
  it("page 1 holds the newest threads, oldest first, with every visible comment counted", async () => {
    const p = await commentPage(db, POST, 1);
    expect(p?.page).toBe(1);
    expect(p?.pageCount).toBe(3);
    expect(p?.total).toBe(THREADS + 3);
    const ids = p?.items.map((c) => c._id) ?? [];
    expect(ids).toHaveLength(COMMENT_PAGE_SIZE);
    expect(ids[0]).toBe(`t${String(THREADS - COMMENT_PAGE_SIZE).padStart(3, "0")}`);
    expect(ids.at(-1)).toBe(`t${String(THREADS - 1).padStart(3, "0")}`);
    expect(ids).not.toContain("held");
    expect(ids).not.toContain("hidden");
    expect(p?.items.find((c) => c._id === `t${String(THREADS - 2).padStart(3, "0")}`)?.childComments.map((r) => r._id)).toEqual(["r-new"]);
  });

  it("the last page holds the oldest threads, each with its visible replies in order", async () => {
    const p = await commentPage(db, POST, 3);
    expect(p?.items.map((c) => c._id)).toEqual(Array.from({ length: 7 }, (_, i) => `t${String(i).padStart(3, "0")}`));
    expect(p?.items[0]?.childComments.map((r) => r._id)).toEqual(["r-old-1", "r-old-2"]);
  });

  it("a page past the last is none; a post without comments has one empty page", async () => {
    expect(await commentPage(db, POST, 4)).toBeNull();
    expect(await commentPage(db, "cp-quiet", 1)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });

  it("finds the page that shows a thread", async () => {
    expect(await threadPage(db, POST, `t${String(THREADS - 1).padStart(3, "0")}`)).toBe(1);
    expect(await threadPage(db, POST, `t${String(THREADS - COMMENT_PAGE_SIZE - 1).padStart(3, "0")}`)).toBe(2);
    expect(await threadPage(db, POST, "t000")).toBe(3);
  });

  it("the page loader reads ?comments=N and answers 404 for a page that is not one", async () => {
    const services = testServices(db) as Parameters<typeof loadBlogDetail>[0];
    const url = (q: string) => new URL(`http://x/blogdetail/${POST}${q}`);
    expect((await loadBlogDetail(services, POST, url(""))).comments.page).toBe(1);
    expect((await loadBlogDetail(services, POST, url("?comments=2"))).comments.items[0]?._id).toBe(
      `t${String(THREADS - 2 * COMMENT_PAGE_SIZE).padStart(3, "0")}`,
    );
    for (const bad of ["?comments=4", "?comments=0", "?comments=two", "?comments=-1"])
      await expect(loadBlogDetail(services, POST, url(bad))).rejects.toMatchObject({ init: { status: 404 } });
  });
});
