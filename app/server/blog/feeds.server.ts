import { brand } from "~/content/brand";
import { pagePaths } from "~/content/pages";
import type { Services } from "../services.server";
import { listPosts, postIndex } from "./posts.server";

/** /sitemap.xml, /rss.xml and /robots.txt, built from the route table and the posts table. */

const xml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const abs = (path: string) => new URL(path, brand.siteUrl).toString();
const day = (iso: string) => iso.slice(0, 10);

/** Every fixed page of the route table and every post. */
export async function sitemapXml(services: Pick<Services, "db">): Promise<string> {
  const posts = await postIndex(services.db);
  const urls = [
    ...pagePaths.map((p) => `  <url><loc>${xml(abs(p))}</loc></url>`),
    ...posts.map((p) => `  <url><loc>${xml(abs(`/blogdetail/${encodeURIComponent(p.id)}`))}</loc><lastmod>${day(p.updatedAt)}</lastmod></url>`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export const RSS_ITEMS = 50;

/** An RSS 2.0 feed of the blog posts (not the external articles or the events). */
export async function rssXml(services: Pick<Services, "db">): Promise<string> {
  const { items } = await listPosts(services.db, { isPublished: true, isArticle: false, limit: RSS_ITEMS, offset: 0 });
  const entries = items.map((p) => {
    const link = abs(`/blogdetail/${encodeURIComponent(p._id)}`);
    return [
      "    <item>",
      `      <title>${xml(p.title)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="true">${xml(link)}</guid>`,
      `      <pubDate>${new Date(p.publishedBy ?? p.createdOn).toUTCString()}</pubDate>`,
      `      <description>${xml(p.subTitle)}</description>`,
      "    </item>",
    ].join("\n");
  });
  const newest = items[0] ? new Date(items[0].publishedBy ?? items[0].createdOn).toUTCString() : new Date(0).toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${xml(`${brand.name} Blog`)}</title>`,
    `    <link>${xml(abs("/blog?sort=blog"))}</link>`,
    `    <atom:link href="${xml(abs("/rss.xml"))}" rel="self" type="application/rss+xml" />`,
    `    <description>${xml(`Stories from the road, the depot and the engineering team at ${brand.name}.`)}</description>`,
    "    <language>en-us</language>",
    `    <lastBuildDate>${newest}</lastBuildDate>`,
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

export function robotsTxt(): string {
  return [
    "User-agent: *",
    "Allow: /",
    // The JSON API and endless search-result variations are not pages to index.
    "Disallow: /web/",
    "Disallow: /admin/",
    "Disallow: /campaign/",
    "Disallow: /common/",
    // The staff back office.
    "Disallow: /desk",
    "Disallow: /blog?*search=",
    "",
    `Sitemap: ${abs("/sitemap.xml")}`,
    "",
  ].join("\n");
}
