import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "../../app/platform/db/db.server";
import { loadBlogDetail, loadBlogList, loadNews } from "../../app/features/content/pages.server";
import { getPost, listPosts } from "../../app/features/content/posts.server";
import { rssXml } from "../../app/features/content/feeds.server";
import { initialState } from "../../app/features/content/moderation.server";
import { commentCounts, listComments } from "../../app/features/content/desk-comments.server";
import { createLogger } from "../../app/platform/logger.server";
import { loadInsight } from "../../app/features/insight/queries.server";
import { insightNaming } from "../../app/features/insight/privacy.server";
import type { Services } from "../../app/platform/services.server";
import { analyse, type Plan, plansOf, type RecordingDb, recordingDb } from "../../scripts/query-plans";

/**
 * Every query behind the post page, the lists, the feeds, the API and the comment desk is
 * read from an index on SQLite: no step reads a whole table of posts or comments, and only
 * a search's ranking sorts outside an index. The insight screen counts leads from an index alone. (bench-scale prints the same plans on
 * PostgreSQL at 10,000 posts.)
 */

const POSTS = 400;
const BIG = "plan-big";
let file: string;
let db: Db;
let rec: RecordingDb;

beforeAll(async () => {
  file = join(mkdtempSync(join(tmpdir(), "fillway-plans-")), "plans.db");
  db = await openDb(`file:${file}`);
  const day = 86_400_000;
  const posts = Array.from({ length: POSTS }, (_, i) => {
    const at = new Date(Date.UTC(2020, 0, 1) + i * day).toISOString();
    return {
      id: i === 0 ? BIG : `plan-${i}`,
      title: `Route note ${i}`,
      sub_title: `Subtitle ${i}`,
      description_html: `<p>Route ${i}</p>`,
      body_text: `Route ${i} diesel`,
      created_on: at,
      is_published: i % 10 === 0 ? 0 : 1,
      is_article: i % 7 === 0 ? 1 : 0,
      updated_at: at,
    };
  });
  await db.kysely.insertInto("posts").values(posts).execute();
  const comments = Array.from({ length: 3000 }, (_, i) => ({
    id: randomUUID(),
    submission_id: null,
    post_id: i < 500 ? BIG : `plan-${1 + (i % (POSTS - 1))}`,
    parent_id: null,
    comment_by: "Sam",
    email: `s${i % 40}@fleet.example`,
    company_name: "Porter",
    text: `Comment ${i}`,
    created_on: new Date(Date.UTC(2021, 0, 1) + i * 1000).toISOString(),
    ip_hash: null,
    state: i % 25 === 0 ? "held" : "visible",
  }));
  for (let i = 0; i < comments.length; i += 500)
    await db.kysely
      .insertInto("comments")
      .values(comments.slice(i, i + 500))
      .execute();
  await analyse(db);
  rec = recordingDb(file);
});
afterAll(async () => {
  await rec?.close();
  await db?.close();
});

const services = () => ({ db: rec.db, log: createLogger("silent") }) as unknown as Services;
const show = (plans: Plan[]) => plans.map((p) => `${p.sql}\n    ${p.plan.join("\n    ")}`).join("\n");

async function check(load: (db: Db) => Promise<unknown>, opts: { sorts?: boolean } = {}) {
  const plans = await plansOf(rec, load);
  expect(plans.length).toBeGreaterThan(0);
  expect(
    plans.flatMap((p) => p.fullScans),
    show(plans),
  ).toEqual([]);
  if (!opts.sorts)
    expect(
      plans.flatMap((p) => p.sorts),
      show(plans),
    ).toEqual([]);
}

describe("query plans (SQLite)", () => {
  it("the post page with 500 comments, its first and a later page of them", async () => {
    await check(() => loadBlogDetail(services(), BIG));
    await check(() => loadBlogDetail(services(), BIG, new URL(`http://x/blogdetail/${BIG}?comments=7`)));
  });
  it("the blog list, page 1 and a deep page, per category", async () => {
    await check(() => loadBlogList(services(), new URL("http://x/blog")));
    await check(() => loadBlogList(services(), new URL("http://x/blog?page=70")));
    await check(() => loadBlogList(services(), new URL("http://x/blog?sort=blog&page=2")));
  });
  it("the news page and the RSS feed", async () => {
    await check(() => loadNews(services()));
    await check(() => rssXml(services()));
  });
  it("a search ranks its matches (a sort of the matches only)", () =>
    check(() => loadBlogList(services(), new URL("http://x/blog?search=route")), { sorts: true }));
  it("the API's list with comments and one post", async () => {
    await check((d) => listPosts(d, { limit: 10, offset: 0 }), { sorts: true });
    await check((d) => getPost(d, BIG));
  });
  it("the comment desk: counts, held first, each state; a new comment's block check", async () => {
    await check(async (d) => listComments(d, "all", 1, await commentCounts(d)));
    await check(async (d) => listComments(d, "all", 3, await commentCounts(d)));
    // Past the held ones: the partial index of every other comment, newest first (migration 014).
    await check(async (d) => listComments(d, "all", 40, await commentCounts(d)));
    const deep = await plansOf(rec, async (d) => listComments(d, "all", 40, await commentCounts(d)));
    expect(deep.flatMap((p) => p.plan).join("\n")).toContain("comments_settled_created");
    await check(async (d) => listComments(d, "visible", 2, await commentCounts(d)));
    await check((d) => initialState(d, "links", { text: "plain", email: "s1@fleet.example", ipHash: "abc" }));
  });
  it("the insight screen counts a period's leads from the leads_touch index alone", async () => {
    const plans = (await plansOf(rec, (d) => loadInsight(d, 30))).filter((p) => /from "leads"/.test(p.sql));
    expect(plans.length).toBe(6);
    for (const p of plans) expect(p.plan.join("\n"), show([p])).toContain("USING COVERING INDEX leads_touch");
  });
  it("the insight screen reads where visitors gave up, and the visits of keys with leads, from indexes", async () => {
    const at = new Date().toISOString();
    const touch = { kind: "quote-short", type: 30, email: "plan@fleet.example", payload: "{}", created_at: at, landing_page: "/faq" };
    await db.kysely
      .insertInto("leads")
      .values([
        { ...touch, utm_source: "planned", utm_campaign: "planned" },
        { ...touch, referrer_host: "planned.example" },
      ])
      .execute();
    const plans = await plansOf(rec, (d) => loadInsight(d, 30));
    const exits = plans.filter((p) => /from "insight_form_exits"/.test(p.sql));
    expect(exits.length).toBe(1);
    expect(exits[0]?.plan.join("\n"), show(exits)).toContain("USING COVERING INDEX insight_form_exits_left");
    // The keys with leads that the top lists by visits left out: read by key from the rollup's primary key.
    const byKey = plans.filter((p) => /from "insight_rollup"/.test(p.sql) && /"key" in/.test(p.sql));
    expect(byKey.length).toBe(4);
    for (const p of byKey) {
      expect(p.fullScans, show([p])).toEqual([]);
      expect(p.plan.join("\n"), show([p])).toMatch(/USING (PRIMARY KEY|INDEX sqlite_autoindex_insight_rollup)/);
    }
  });
  it("the insight screen reads a member's own days from the hour rollup's primary key and the leads_touch index", async () => {
    const plans = await plansOf(rec, (d) => loadInsight(d, 90, new Date(), "America/Chicago"));
    const rollups = plans.filter((p) => /from "insight_rollup"/.test(p.sql) && !/"key" in/.test(p.sql));
    expect(rollups.length).toBeGreaterThanOrEqual(2);
    for (const p of rollups) {
      expect(p.fullScans, show([p])).toEqual([]);
      expect(p.plan.join("\n"), show([p])).toMatch(/USING (PRIMARY KEY|INDEX sqlite_autoindex_insight_rollup)/);
    }
    for (const p of plans.filter((x) => /from "leads"/.test(x.sql))) expect(p.plan.join("\n"), show([p])).toContain("USING COVERING INDEX leads_touch");
  });
  it("a privacy request reads insight's raw events from the partial index of values holding an @, not the whole table", async () => {
    const plans = (await plansOf(rec, (d) => insightNaming(d.kysely, "ana@fleet.example", []))).filter((p) => /from "insight_events"/.test(p.sql));
    expect(plans.length).toBe(1);
    expect(plans[0]?.fullScans, show(plans)).toEqual([]);
    expect(plans[0]?.plan.join("\n"), show(plans)).toContain("insight_events_touch_at");
  });
});
