import { data } from "react-router";
import { type BlogItem, type CardItem, COMMENTS_PAGE_PARAM, type CommentPage } from "~/features/content/types";
import { BLOG_PAGE_SIZE, type BlogSort, blogCategory, isBlogSort, NEWS_TAB_SIZE, newsTabs, RECENT_SIZE, SEARCH_MIN_CHARS } from "~/copy/news";
import type { Services } from "~/platform/services.server";
import { commentPage, getPost, listPosts, type PagePost } from "./posts.server";

/** What the news and blog pages load; route modules stay short and only render. */

const card = ({ description: _d, comments: _c, ...rest }: BlogItem): CardItem => rest;

function requireServices(services: Services | undefined): Services {
  // Only absent while pre-rendering, and these pages are never pre-rendered.
  if (!services) throw data(null, { status: 503 });
  return services;
}

export async function recentPosts(services: Pick<Services, "db">): Promise<CardItem[]> {
  const { items } = await listPosts(services.db, { isPublished: true, isArticle: false, limit: RECENT_SIZE, offset: 0, cards: true, total: false });
  return items.map(card);
}

export interface NewsTab {
  sort: (typeof newsTabs)[number]["sort"];
  items: CardItem[];
  count: number;
  /** The list could not be read: the tab says Coming Soon like an empty one (spec 8). */
  failed: boolean;
}

export async function loadNews(maybe: Services | undefined): Promise<{ tabs: NewsTab[] }> {
  const services = requireServices(maybe);
  const tabs = await Promise.all(
    newsTabs.map(async (t): Promise<NewsTab> => {
      try {
        const { items, count } = await listPosts(services.db, { ...blogCategory(t.sort).filter, limit: NEWS_TAB_SIZE, offset: 0, cards: true });
        return { sort: t.sort, items: items.map(card), count, failed: false };
      } catch (error) {
        services.log.error({ err: error, tab: t.sort }, "news tab could not be loaded");
        return { sort: t.sort, items: [], count: 0, failed: true };
      }
    }),
  );
  return { tabs };
}

export interface BlogListData {
  sort: BlogSort;
  /** What the visitor typed (trimmed, capped); a search runs only when it is long enough. */
  search: string;
  searching: boolean;
  page: number;
  pageCount: number;
  items: CardItem[];
  count: number;
  recent: CardItem[];
}

const MAX_SEARCH = 100;

/**
 * /blog?sort=…&search=…&page=N. The sort is read in any letter case, as paths are
 * (`/Blog?sort=BLOG` is the blog posts); an unknown sort falls back to All (the spec's
 * default list); a page that is not a positive number or lies past the last page is a 404, so
 * every listed URL is a real page and nothing else is.
 */
export async function loadBlogList(maybe: Services | undefined, url: URL): Promise<BlogListData> {
  const services = requireServices(maybe);
  const rawSort = url.searchParams.get("sort")?.toLowerCase() ?? null;
  const sort: BlogSort = isBlogSort(rawSort) ? rawSort : "all";
  const search = Array.from((url.searchParams.get("search") ?? "").trim())
    .slice(0, MAX_SEARCH)
    .join("");
  const searching = Array.from(search).length >= SEARCH_MIN_CHARS;
  const rawPage = url.searchParams.get("page");
  if (rawPage !== null && !/^[1-9]\d{0,5}$/.test(rawPage)) throw data(null, { status: 404 });
  const page = rawPage === null ? 1 : Number(rawPage);

  const [{ items, count }, recent] = await Promise.all([
    listPosts(services.db, {
      ...blogCategory(sort).filter,
      ...(searching ? { search } : {}),
      limit: BLOG_PAGE_SIZE,
      offset: (page - 1) * BLOG_PAGE_SIZE,
      cards: true,
    }),
    recentPosts(services),
  ]);
  const pageCount = Math.max(1, Math.ceil(count / BLOG_PAGE_SIZE));
  if (page > pageCount) throw data(null, { status: 404 });
  return { sort, search, searching, page, pageCount, items: items.map(card), count, recent };
}

export interface BlogDetailData {
  post: PagePost;
  /** One page of its comments (`?comments=N`, page 1 without it). */
  comments: CommentPage;
  recent: CardItem[];
}

/** Ids from post files are kebab-case; a back office may use other simple ids. */
const ID = /^[A-Za-z0-9][\w-]{0,99}$/;

/**
 * /blogdetail/:id[?comments=N]: the post with one page of its comments; an unknown id, or
 * a comment page that is not a number or lies past the last one, is a real 404.
 */
export async function loadBlogDetail(maybe: Services | undefined, id: string | undefined, url?: URL): Promise<BlogDetailData> {
  const services = requireServices(maybe);
  if (!id || !ID.test(id)) throw data(null, { status: 404 });
  const rawPage = url?.searchParams.get(COMMENTS_PAGE_PARAM) ?? null;
  if (rawPage !== null && !/^[1-9]\d{0,5}$/.test(rawPage)) throw data(null, { status: 404 });
  const page = rawPage === null ? 1 : Number(rawPage);
  const [post, comments, recent] = await Promise.all([
    getPost(services.db, id, { comments: false }),
    commentPage(services.db, id, page),
    recentPosts(services),
  ]);
  if (!post || !comments) throw data(null, { status: 404 });
  return { post, comments, recent };
}
