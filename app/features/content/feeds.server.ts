import { brand } from "~/copy/brand";
import { pagePaths } from "~/copy/pages";
import type { Services } from "~/platform/services.server";
import { listPosts, postCount, postIndex, publishTimes } from "./posts.server";

/** /sitemap.xml, /rss.xml and /robots.txt, built from the route table and the posts table. */

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const abs = (path: string) => new URL(path, brand.siteUrl).toString();
const day = (iso: string) => iso.slice(0, 10);
/** A post changed last when it was saved or, scheduled, when it went public: the later. */
const lastChange = (p: { updatedAt: string; publishAt: string | null }) => (p.publishAt && p.publishAt > p.updatedAt ? p.publishAt : p.updatedAt);

/** The sitemap protocol's limit of URLs in one sitemap file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;

/** The URLs from `offset` on (at most `limit`): the fixed pages of the route table, then every post, newest first. */
async function sitemapUrls(services: Pick<Services, "db">, offset: number, limit: number): Promise<string[]> {
  const fixed = pagePaths.slice(offset, offset + limit).map((p) => `  <url><loc>${xml(abs(p))}</loc></url>`);
  const postOffset = Math.max(0, offset - pagePaths.length);
  const postLimit = limit - fixed.length;
  const posts = postLimit > 0 ? await postIndex(services.db, { limit: postLimit, offset: postOffset }) : [];
  return [
    ...fixed,
    ...posts.map((p) => `  <url><loc>${xml(abs(`/blogdetail/${encodeURIComponent(p.id)}`))}</loc><lastmod>${day(lastChange(p))}</lastmod></url>`),
  ];
}

const sitemapParts = async (services: Pick<Services, "db">, limit: number) => Math.ceil((pagePaths.length + (await postCount(services.db))) / limit);

/**
 * /sitemap.xml: every fixed page and every post; past `limit` URLs (the protocol's 50,000)
 * a sitemap index of /sitemap/1.xml, /sitemap/2.xml, … instead.
 */
export async function sitemapXml(services: Pick<Services, "db">, limit = SITEMAP_MAX_URLS): Promise<string> {
  const parts = await sitemapParts(services, limit);
  if (parts <= 1) return urlset(await sitemapUrls(services, 0, limit));
  const entries = Array.from({ length: parts }, (_, i) => `  <sitemap><loc>${xml(abs(`/sitemap/${i + 1}.xml`))}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

/** /sitemap/N.xml, one part of a split sitemap; null when there is no such part. */
export async function sitemapPartXml(services: Pick<Services, "db">, part: number, limit = SITEMAP_MAX_URLS): Promise<string | null> {
  const parts = await sitemapParts(services, limit);
  if (parts <= 1 || !Number.isInteger(part) || part < 1 || part > parts) return null;
  return urlset(await sitemapUrls(services, (part - 1) * limit, limit));
}

export const RSS_ITEMS = 50;

/** An RSS 2.0 feed of the blog posts (not the external articles or the events). */
export async function rssXml(services: Pick<Services, "db">): Promise<string> {
  const { items } = await listPosts(services.db, { isPublished: true, isArticle: false, limit: RSS_ITEMS, offset: 0, cards: true });
  // Dated by when each post went public, not the date it shows.
  const published = await publishTimes(
    services.db,
    items.map((p) => p._id),
  );
  const dateOf = (p: (typeof items)[number]) => new Date(published.get(p._id) ?? p.publishedBy ?? p.createdOn).toUTCString();
  const entries = items.map((p) => {
    const link = abs(`/blogdetail/${encodeURIComponent(p._id)}`);
    return [
      "    <item>",
      `      <title>${xml(p.title)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="true">${xml(link)}</guid>`,
      `      <pubDate>${dateOf(p)}</pubDate>`,
      `      <description>${xml(p.subTitle)}</description>`,
      "    </item>",
    ].join("\n");
  });
  const newest = items.length > 0 ? new Date(Math.max(...items.map((p) => new Date(dateOf(p)).getTime()))).toUTCString() : new Date(0).toUTCString();
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
