/**
 * The blog at scale: fills a throw-away database (SQLite, or PostgreSQL through
 * DATABASE_URL) with 10,000 posts and 100,000 comments (one post with 500), serves the
 * production build in this process, and times each page's first rendering (a miss of the
 * page cache) and the next request (a hit). Figures only, no budget: run it on a quiet
 * machine. `--posts N --comments N` for other sizes.
 *
 *   node --import tsx scripts/bench-scale.ts [--posts 10000] [--comments 100000]
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import type { ServerBuild } from "react-router";
import { type Db, openDb } from "../app/server/db/db.server";
import { loadEnv } from "../app/server/env.server";
import { createApp } from "../app/server/http/app.server";
import { createLogger } from "../app/server/logger.server";
import { withIpHashSalt } from "../app/server/settings.server";
import { benchArgs, buildDir, ensureBuild, positive, tempDbFile } from "./bench-lib";

const args = benchArgs({ posts: { type: "string" }, comments: { type: "string" } });
const POSTS = positive(args.posts, "posts", 10_000);
const COMMENTS = positive(args.comments, "comments", 100_000);
const BIG_POST = "scale-post-with-500-comments";

async function seed(db: Db) {
  if (db.dialect === "postgres") await sql`TRUNCATE leads, comments, posts RESTART IDENTITY CASCADE`.execute(db.kysely);
  const day = 86_400_000;
  const start = Date.now() - POSTS * day;
  const posts = Array.from({ length: POSTS }, (_, i) => {
    const at = new Date(start + i * day).toISOString();
    return {
      id: i === POSTS - 1 ? BIG_POST : `scale-post-${i}`,
      title: `Fleet fuelling note ${i}`,
      sub_title: `What we learned on route ${i % 97}`,
      description_html: `<p>Route ${i} ran ${i % 13} trucks overnight.</p><p>${"Diesel and DEF, delivered where the vehicles park. ".repeat(8)}</p>`,
      body_text: `Route ${i} ran ${i % 13} trucks overnight. Diesel and DEF, delivered where the vehicles park.`,
      created_on: at,
      is_published: i % 10 === 0 ? 0 : 1,
      is_article: i % 7 === 0 ? 1 : 0,
      article_url: i % 7 === 0 ? `https://example.com/articles/${i}` : null,
      updated_at: at,
    };
  });
  for (let i = 0; i < posts.length; i += 500) await db.kysely.insertInto("posts").values(posts.slice(i, i + 500) as never).execute();
  const comments = Array.from({ length: COMMENTS }, (_, i) => ({
    id: randomUUID(),
    submission_id: null,
    post_id: i < 500 ? BIG_POST : `scale-post-${i % (POSTS - 1)}`,
    parent_id: null,
    comment_by: "Sam Porter",
    email: "sam@fleet.example",
    company_name: "Porter Logistics",
    text: `Comment ${i}: does the overnight window work for yard trucks?`,
    created_on: new Date(start + i * 1000).toISOString(),
    ip_hash: null,
  }));
  for (let i = 0; i < comments.length; i += 1000) await db.kysely.insertInto("comments").values(comments.slice(i, i + 1000) as never).execute();
}

async function main() {
  ensureBuild(args["no-build"]);
  const db = await openDb(process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : `file:${tempDbFile("scale")}`);
  const t0 = performance.now();
  await seed(db);
  console.log(`seeded ${POSTS} posts and ${COMMENTS} comments in ${((performance.now() - t0) / 1000).toFixed(1)} s (${db.describe})`);
  const build = (await import(pathToFileURL(join(buildDir, "server/index.js")).href)) as ServerBuild;
  const env = await withIpHashSalt(loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", LOG_REQUESTS: "false" }), db);
  const server = http.createServer(createApp({ services: { env, db, log: createLogger("silent") }, build, clientDir: join(buildDir, "client") }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const time = async (path: string) => {
    const t = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { "accept-encoding": "br" } });
    const bytes = (await res.arrayBuffer()).byteLength;
    return { status: res.status, ms: performance.now() - t, bytes };
  };
  const paths = ["/blog", "/blog?page=500", "/blog?sort=blog&page=2", "/news", `/blogdetail/${BIG_POST}`, "/blogdetail/scale-post-42", "/blog?search=route%2042", "/sitemap.xml", "/rss.xml", "/no-such-page"];
  // Warm the code paths (first use loads modules), on pages not measured below.
  await time("/blog?page=3");
  await time("/blogdetail/scale-post-7");
  console.log("| Page | status | first rendering (miss) | next request (hit) | bytes (br) |");
  console.log("|---|---|---|---|---|");
  for (const path of paths) {
    const miss = await time(path);
    const hit = await time(path);
    console.log(`| \`${path}\` | ${miss.status} | ${miss.ms.toFixed(1)} ms | ${hit.ms.toFixed(1)} ms | ${hit.bytes} |`);
  }
  await new Promise((r) => server.close(r));
  await db.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
