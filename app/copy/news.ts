import { brand, type SocialName } from "./brand";

/**
 * The three kinds of news item (spec 4) and the blog list's categories: one table read by
 * the /news tabs, the /blog sidebar and breadcrumb, and the server's filters.
 */
export type BlogSort = "all" | "upcoming" | "related" | "blog";

export interface KindFilter {
  isPublished?: boolean;
  isArticle?: boolean;
}

export interface BlogCategory {
  sort: BlogSort;
  /** The sidebar and breadcrumb name. */
  label: string;
  filter: KindFilter;
}

export const blogCategories: readonly BlogCategory[] = [
  { sort: "all", label: "All", filter: {} },
  { sort: "upcoming", label: "Upcoming Events", filter: { isPublished: false } },
  { sort: "related", label: "Related Articles", filter: { isPublished: true, isArticle: true } },
  { sort: "blog", label: "Blog Posts", filter: { isPublished: true, isArticle: false } },
];

export const isBlogSort = (s: string | null | undefined): s is BlogSort => blogCategories.some((c) => c.sort === s);

export const blogCategory = (sort: BlogSort): BlogCategory => blogCategories.find((c) => c.sort === sort) ?? (blogCategories[0] as BlogCategory);

/** The /news tabs, in the order of the specification. */
export const newsTabs: readonly { sort: Exclude<BlogSort, "all">; label: string; empty: string }[] = [
  { sort: "related", label: "Related Articles", empty: "Press coverage of Fillway will appear here." },
  { sort: "blog", label: "Blog Posts", empty: "Our next stories from the road will appear here." },
  { sort: "upcoming", label: "Upcoming Events", empty: "Conferences and demo days we attend will appear here." },
];

/** Items a news tab shows; View More appears when a kind has more (spec 9). */
export const NEWS_TAB_SIZE = 6;
/** Posts on one page of the blog list (docs/deviations.md: real page links). */
export const BLOG_PAGE_SIZE = 5;
/** Items of the sidebar's Recent Blog list. */
export const RECENT_SIZE = 4;
/** Characters of the subtitle a card shows (spec 9). */
export const PREVIEW_CHARS = 121;
/** The sidebar search switches to results above this many characters (spec 4). */
export const SEARCH_MIN_CHARS = 2;

export const blogAuthor = "Admin";

/** The social panels of /news: what each network carries for us. */
export const socialPanels: readonly { name: Extract<SocialName, "Facebook" | "Twitter" | "Instagram">; handle: string; blurb: string }[] = [
  {
    name: "Facebook",
    handle: "fillway.example",
    blurb: "Delivery-day photos from our crews, new service areas as they open, and Fillway Foundation classroom visits.",
  },
  {
    name: "Twitter",
    handle: "@fillway_example",
    blurb: "Service notices, storm-week fuel updates and quick answers from our support team.",
  },
  {
    name: "Instagram",
    handle: "@fillway.example",
    blurb: "Our trucks, our fuel techs and the 2 a.m. views they get while the rest of the city sleeps.",
  },
];

export const socialUrl = (name: SocialName): string => brand.social.find((s) => s.name === name)?.url ?? brand.siteUrl;
