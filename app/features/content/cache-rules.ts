import type { PageCacheRules } from "~/platform/http/page-cache.server";
import { HELD_PARAM } from "./comment-spec";
import { contentVersion } from "./publish-clock.server";
import { COMMENTS_PAGE_PARAM } from "./types";

/**
 * The content's pages that are rendered once per content version and served from memory
 * (platform/http/page-cache.server.ts): each depends only on its URL and the stored posts
 * and comments. This is the one list of them; the server hands it to the page cache.
 */
export const contentCacheRules: PageCacheRules = {
  pages: [
    // The list: category, search, page number (pages.server.ts, loadBlogList).
    { path: /^\/blog$/, params: ["sort", "search", "page"] },
    // A post: its comment page, the comment being answered (?replyTo=, components/comments.tsx) and the note after a held comment.
    { path: /^\/blogdetail\/[^/]+$/, params: [COMMENTS_PAGE_PARAM, "replyTo", HELD_PARAM] },
    { path: /^\/news$/ },
    { path: /^\/(sitemap|rss)\.xml$|^\/sitemap\/\d+\.xml$/ },
  ],
  // A post, a comment or a moderation decision moves the content version (and a scheduled post's time passing).
  version: (services) => contentVersion(services.db),
};
