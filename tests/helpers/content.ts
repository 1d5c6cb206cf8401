import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ApiRequest } from "~/platform/api/types";
import type { Db } from "~/platform/db/db.server";
import { loadEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import type { Services } from "~/platform/services.server";
import { syncPosts } from "~/features/content/content.server";
import { openTestDb } from "./test-db";
import { testServices as withPausedOutbox } from "./services";

/** Test support for the blog: services over a test database, requests, and post folders. */

export function testServices(db: Db, env: Record<string, string> = {}): Services {
  const settings = loadEnv({ RATE_LIMIT_MAX: "10000", ...env });
  return withPausedOutbox({ db, env: { ...settings, IP_HASH_SALT: settings.IP_HASH_SALT ?? "blog-test-salt-0123456789" }, log: createLogger("silent") });
}

let ipCounter = 0;

export function get(query: Record<string, string | string[]>): ApiRequest {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
  return { method: "GET", path: "/web/getData2", query: q, headers: {}, body: Buffer.alloc(0), ip: "127.0.0.1" };
}

export function put(body: unknown, opts: { contentType?: string; raw?: string | Buffer; ip?: string } = {}): ApiRequest {
  return {
    method: "PUT",
    path: "/admin/addCommentBlog",
    query: new URLSearchParams(),
    headers: { "content-type": opts.contentType ?? "application/json" },
    body: Buffer.isBuffer(opts.raw) ? opts.raw : Buffer.from(opts.raw ?? JSON.stringify(body)),
    // Each request its own client unless a test says otherwise, so rate limits stay out of the way.
    ip: opts.ip ?? `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
  };
}

export interface FixturePost {
  id: string;
  kind: "blog" | "article" | "event";
  title?: string;
  subTitle?: string;
  date: string;
  publishedBy?: string;
  body?: string;
  articleUrl?: string;
}

/** A folder of post files and the public folder their images live in. */
export function postFolder(posts: FixturePost[], comments?: unknown): { dir: string; publicDir: string; write(p: FixturePost): void } {
  const root = mkdtempSync(join(tmpdir(), "fillway-posts-"));
  const dir = join(root, "posts");
  const publicDir = join(root, "public");
  mkdirSync(dir);
  mkdirSync(join(publicDir, "media", "blog"), { recursive: true });
  const write = (p: FixturePost) => {
    writeFileSync(join(publicDir, "media", "blog", `${p.id}.svg`), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const lines = [
      "---",
      `id: ${p.id}`,
      `kind: ${p.kind}`,
      `title: "${p.title ?? `Title of ${p.id}`}"`,
      `subTitle: "${p.subTitle ?? `Subtitle of ${p.id}`}"`,
      `date: ${p.date}`,
      p.publishedBy ? `publishedBy: ${p.publishedBy}` : "",
      `image: /media/blog/${p.id}.svg`,
      p.kind === "article" ? `articleUrl: ${p.articleUrl ?? `https://news.example/${p.id}`}` : "",
      "---",
      p.body ?? `Body of ${p.id}.`,
      "",
    ];
    writeFileSync(join(dir, `${p.id}.md`), lines.filter((l) => l !== "").join("\n"));
  };
  for (const p of posts) write(p);
  if (comments !== undefined) writeFileSync(join(dir, "comments.json"), JSON.stringify(comments));
  return { dir, publicDir, write };
}

/** A test database holding one blog post, `post`, and an editor: where the comment tests start. */
export async function blogWithEditor(post: string): Promise<{ db: Db; staffId: number }> {
  const db = await openTestDb();
  const { dir, publicDir } = postFolder([{ id: post, kind: "blog", date: "2026-03-01" }]);
  const { errors } = await syncPosts(db, { dir, publicDir });
  if (errors.length) throw new Error(`the test post did not load: ${JSON.stringify(errors)}`);
  const staff = await db.kysely
    .insertInto("staff")
    .values({ email: "editor@staff.test", name: null, role: "editor", password_hash: null, password_changed_at: null, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { db, staffId: Number(staff.id) };
}

/** A test database, and a public folder holding the image the desk's post tests point at: /media/blog/img-only.svg. */
export async function postImageDb(): Promise<{ db: Db; publicDir: string }> {
  return { db: await openTestDb(), publicDir: postFolder([{ id: "img-only", kind: "blog", date: "2026-01-01" }]).publicDir };
}
