import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import type net from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/platform/db/db.server";
import { openTestDb } from "../helpers/test-db";
import { loadEnv } from "~/platform/env.server";
import { withIpHashSalt } from "~/platform/settings.server";
import { createSiteApp } from "~/server/compose.server";
import { createPageCache, type PageCache, pageCacheKey, preparePage } from "~/platform/http/page-cache.server";
import { contentCacheRules } from "~/features/content/cache-rules";
import { REPLY_PARAM } from "~/features/content/types";
import { HELD_PARAM } from "~/features/content/comment-spec";
import { COMMENTS_PAGE_PARAM } from "~/features/content/types";
import { createLogger } from "~/platform/logger.server";
import { inlineScriptHashes } from "~/platform/http/security-headers.server";
import type { Services } from "~/platform/services.server";
import { buildDir } from "../../scripts/bench-lib";
import { testServices } from "../helpers/services";

/**
 * Pages rendered once per content version (app/platform/http/page-cache.server.ts), through
 * the real request listener and build over a test database: what changes the content
 * shows on the very next request, nothing of one visitor reaches another, 304 for a
 * matching ETag, a CSP by hash that allows exactly the page's inline scripts, and memory
 * bounded whatever the URLs.
 */

let db: Db;
let server: http.Server;
let base: string;
let cache: PageCache;
const POST = "cache-test-post";
const MAX_ENTRIES = 60;

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function get(path: string, headers: Record<string, string> = {}, method = "GET", body?: string): Promise<Got> {
  return new Promise((resolve, reject) => {
    const h = body === undefined ? headers : { "content-length": String(Buffer.byteLength(body)), ...headers };
    const req = http.request(`${base}${path}`, { method, headers: h }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

beforeAll(async () => {
  const serverBuild = join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) throw new Error(`no build in ${buildDir}: run the build first (npm run build)`);
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  db = await openTestDb();
  const env = await withIpHashSalt(loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", LOG_REQUESTS: "false", RATE_LIMIT_MAX: "100000" }), db);
  const services: Services = testServices({ env, db, log: createLogger("silent") });
  const now = new Date().toISOString();
  await db.kysely
    .insertInto("posts")
    .values({
      id: POST,
      title: "Fuel at two in the morning",
      sub_title: "Why we deliver at night",
      description_html: "<p>Night routes.</p>",
      body_text: "Night routes.",
      created_on: now,
      is_published: 1,
      is_article: 0,
      updated_at: now,
    } as never)
    .execute();
  cache = createPageCache(contentCacheRules, { maxEntries: MAX_ENTRIES });
  server = http.createServer(createSiteApp({ services, build, clientDir: join(buildDir, "client"), pageCache: cache }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await db?.close();
});

describe("pages rendered once per content version", () => {
  it("serves the same bytes again with a strong ETag, and 304 when the tag matches", async () => {
    const first = await get("/blog");
    const second = await get("/blog");
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.etag).toBe(etag);
    expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
    const revalidated = await get("/blog", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe("");
    expect((await get("/blog", { "if-none-match": '"something-else"' })).status).toBe(200);
  });

  it("allows exactly the page's inline scripts by hash, with no nonce", async () => {
    for (const path of ["/blog", "/news", `/blogdetail/${POST}`, "/no-such-page"]) {
      const page = await get(path);
      const csp = String(page.headers["content-security-policy"]);
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      expect(scriptSrc, path).not.toContain("nonce-");
      expect(scriptSrc, path).not.toContain("unsafe-inline");
      expect(page.text, path).not.toContain(" nonce=");
      const hashes = inlineScriptHashes(page.text);
      expect(hashes.length, path).toBeGreaterThan(0);
      for (const h of hashes) expect(scriptSrc, path).toContain(h);
    }
  });

  it("shows a new comment on the very next request", async () => {
    const before = await get(`/blogdetail/${POST}`);
    const text = `Night deliveries work for us ${randomUUID().slice(0, 8)}`;
    const put = await fetch(`${base}/admin/addCommentBlog`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text, email: "sam@fleet.example", commentBy: "Sam Porter", companyName: "Porter Logistics", blogId: POST }),
    });
    expect(put.status).toBe(201);
    const after = await get(`/blogdetail/${POST}`);
    expect(before.text).not.toContain(text);
    expect(after.text).toContain(text);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("shows an edited post at once in the list and on its page, and a removed one is gone at once", async () => {
    const title = "Fuel at two in the morning";
    expect((await get("/blog")).text).toContain(title);
    expect((await get(`/blogdetail/${POST}`)).text).toContain(title);
    await db.kysely.updateTable("posts").set({ title: "Fuel at three in the morning" }).where("id", "=", POST).execute();
    expect((await get("/blog")).text).toContain("Fuel at three in the morning");
    expect((await get(`/blogdetail/${POST}`)).text).toContain("Fuel at three in the morning");
    expect((await get("/rss.xml")).text).toContain("Fuel at three in the morning");
    await db.kysely.updateTable("posts").set({ title }).where("id", "=", POST).execute();
    const extra = `cache-extra-${randomUUID().slice(0, 8)}`;
    const now = new Date().toISOString();
    await db.kysely
      .insertInto("posts")
      .values({
        id: extra,
        title: "A post that comes and goes",
        sub_title: "Short-lived",
        description_html: "<p>Here.</p>",
        body_text: "Here.",
        created_on: now,
        is_published: 1,
        is_article: 0,
        updated_at: now,
      } as never)
      .execute();
    expect((await get(`/blogdetail/${extra}`)).status).toBe(200);
    expect((await get("/sitemap.xml")).text).toContain(extra);
    await db.kysely.deleteFrom("posts").where("id", "=", extra).execute();
    expect((await get(`/blogdetail/${extra}`)).status).toBe(404);
    expect((await get("/sitemap.xml")).text).not.toContain(extra);
  });

  it("never serves one visitor's form state or errors to another", async () => {
    const typed = `typed-${randomUUID().slice(0, 8)}@example.com`;
    // A comment without a name, without JavaScript: the page comes back with the errors and what was typed.
    const posted = await get(
      `/blogdetail/${POST}`,
      { "content-type": "application/x-www-form-urlencoded", origin: base },
      "POST",
      new URLSearchParams({
        _form: "comment",
        _formId: "comment-form",
        email: typed,
        text: "Hello",
        companyName: "Porter Logistics",
        commentBy: "",
      }).toString(),
    );
    expect(posted.status).toBe(422);
    expect(posted.text).toContain(typed);
    const next = await get(`/blogdetail/${POST}`);
    expect(next.status).toBe(200);
    expect(next.text).not.toContain(typed);
    // A visitor with a cookie gets a page rendered for them alone.
    const own = await get(`/blogdetail/${POST}`, { cookie: "theme=dark" });
    expect(String(own.headers["content-security-policy"])).toContain("nonce-");
  });

  it("writes the header's menus, the contact form and the footer from memory exactly as React renders them in full", async () => {
    // The layout as the visitor's browser hydrates it: the <header>, the contact form's section and the <footer>.
    const layout = (html: string) => {
      const clean = html.replace(/ nonce="[^"]*"/g, "");
      const part = (tag: string) => clean.slice(clean.indexOf(`<${tag}`), clean.indexOf(`</${tag}>`) + tag.length + 3);
      const contact = clean.indexOf('<section id="contact"');
      return { header: part("header"), footer: part("footer"), contact: contact === -1 ? "" : clean.slice(contact, clean.indexOf("</section>", contact)) };
    };
    // Each path rendered in full first, then again after a change of content, with the
    // parts kept from the first; against a page rendered for one visitor alone (a
    // cookie), which never takes parts from memory.
    for (const path of [`/blogdetail/${POST}`, "/blog", "/news"]) {
      await get(path);
      const put = await fetch(`${base}/admin/addCommentBlog`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: "Same menus?", email: "sam@fleet.example", commentBy: "Sam Porter", companyName: "Porter Logistics", blogId: POST }),
      });
      expect(put.status).toBe(201);
      const fromMemory = await get(path);
      const full = await get(path, { cookie: "theme=dark" });
      expect(fromMemory.status).toBe(200);
      expect(full.headers["content-security-policy"]).toMatch(/nonce-/);
      expect(layout(fromMemory.text).header.length).toBeGreaterThan(10_000);
      // The post page ends in the contact form (spec: type 2); the lists have none.
      if (path.startsWith("/blogdetail/")) expect(layout(fromMemory.text).contact.length).toBeGreaterThan(3_000);
      expect(layout(fromMemory.text)).toEqual(layout(full.text));
    }
  });

  it("keeps memory bounded under thousands of distinct search URLs", { timeout: 120_000 }, async () => {
    for (let i = 0; i < 150; i++) {
      const res = await get(`/blog?search=${encodeURIComponent(`query ${i} ${randomUUID()}`)}`);
      expect(res.status).toBeLessThan(500);
      expect(cache.size).toBeLessThanOrEqual(MAX_ENTRIES);
    }
    // The cache alone, at the scale of a crawler: 10,000 distinct keys.
    const small = createPageCache(contentCacheRules, { maxEntries: 500, maxBytes: 4 * 1024 * 1024 });
    const body = Buffer.from("<!doctype html><p>".padEnd(20_000, "x"));
    for (let i = 0; i < 10_000; i++) small.set(`/blog?search=${i}`, preparePage(200, [["content-type", "text/html; charset=utf-8"]], body, "1", []));
    expect(small.size).toBeLessThanOrEqual(500);
    expect(small.bytes).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(small.get("/blog?search=9999", "1")).toBeDefined();
    expect(small.get("/blog?search=0", "1")).toBeUndefined();
    expect(small.get("/blog?search=9999", "2")).toBeUndefined();
  });

  it("keys a page by the parameters it reads, in one order, and nothing else", () => {
    const key = (path: string) => pageCacheKey(contentCacheRules, new URL(path, "http://localhost"));
    expect(key("/news?r=123")).toBe("/news");
    expect(key("/rss.xml?utm_source=x")).toBe("/rss.xml");
    expect(key("/blog?page=2&r=1&sort=blog&utm_campaign=c")).toBe("/blog?sort=blog&page=2");
    expect(key("/blog?search=night+fuel&x=1")).toBe("/blog?search=night+fuel");
    expect(key("/blog?page=abc")).toBe("/blog?page=abc");
    expect(key("/blog?sort=blog&sort=event")).toBe("/blog?sort=blog");
    expect(key(`/blogdetail/a?fbclid=1&${REPLY_PARAM}=c1&${COMMENTS_PAGE_PARAM}=2&${HELD_PARAM}=held`)).toBe(
      `/blogdetail/a?${COMMENTS_PAGE_PARAM}=2&${REPLY_PARAM}=c1&${HELD_PARAM}=held`,
    );
  });

  it("serves junk query strings the page it already has, rendering nothing and pushing nothing out", { timeout: 60_000 }, async () => {
    const news = await get("/news");
    const post = await get(`/blogdetail/${POST}`);
    const list = await get("/blog?sort=blog");
    expect([news.status, post.status, list.status]).toEqual([200, 200, 200]);
    const entries = cache.size;
    for (let i = 0; i < 40; i++) {
      const junk = `r=${randomUUID()}&utm_source=mail${i}`;
      const a = await get(`/news?${junk}`);
      const b = await get(`/blogdetail/${POST}?${junk}`);
      const c = await get(`/blog?${junk}&sort=blog`);
      expect(a.headers.etag).toBe(news.headers.etag);
      expect(b.headers.etag).toBe(post.headers.etag);
      expect(c.headers.etag).toBe(list.headers.etag);
      // The parameter left out reaches no link on the page.
      expect(a.text).not.toContain(randomUUIDPrefix(junk));
    }
    expect(cache.size).toBe(entries);
    // The parameters the pages read still make pages of their own.
    const other = await get("/blog?sort=upcoming");
    expect(other.headers.etag).not.toBe(list.headers.etag);
  });
});

const randomUUIDPrefix = (junk: string) => junk.slice(2, 38);
