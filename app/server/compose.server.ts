import { addCommentBlog, blogList } from "~/features/content/api.server";
import { ownsMedia, sendMedia } from "~/features/content/media-http.server";
import { mediaDir } from "~/features/content/media.server";
import { insightRoutes } from "~/features/insight/api.server";
import { leadRoutes } from "~/features/leads/api.server";
import { crossSiteOneClick } from "~/features/newsletter/one-click.server";
import { NEWSLETTER_PAGE_HEADERS } from "~/features/newsletter/pages.server";
import { serviceAreaRoutes } from "~/features/service-area/api.server";
import { zipRoutes } from "~/features/service-area/location-api.server";
import type { ApiRoute } from "~/platform/api/router.server";
import { contentCacheRules } from "~/features/content/cache-rules";
import { type AppOptions, createApp, type HttpFeatures } from "~/platform/http/app.server";
import { createPageCache } from "~/platform/http/page-cache.server";
import type { Services } from "~/platform/services.server";

/*
 * The composition root: the one place where the features register with the platform.
 * The platform (app/platform) knows no feature; it takes what is listed here.
 */

/** The JSON API of spec section 7: each feature's routes. */
export function apiRoutes(services: Services): ApiRoute[] {
  return [
    ...leadRoutes(services),
    // One /web/getData2 route: flag 3 locations, flag 4 blog posts.
    ...zipRoutes(services, blogList),
    { method: "PUT", path: "/admin/addCommentBlog", handler: (req) => addCommentBlog(services, req) },
    ...serviceAreaRoutes(services),
    ...insightRoutes(services),
  ];
}

/** Everything the features add to the HTTP app: the API, the uploaded images, the one-click unsubscribe. */
export function httpFeatures(services: Services): HttpFeatures {
  const uploads = mediaDir(services.env.MEDIA_DIR);
  return {
    api: apiRoutes(services),
    files: [{ group: "media", owns: ownsMedia, send: (req, res, path) => sendMedia(uploads, req, res, path) }],
    async crossSitePost(req, url) {
      const answer = await crossSiteOneClick(services, req, url);
      return answer && { status: answer.status, text: answer.text, headers: NEWSLETTER_PAGE_HEADERS };
    },
  };
}

/** The site's request listener: the platform's HTTP app with every feature registered. */
export function createSiteApp(options: Omit<AppOptions, "features">) {
  return createApp({ ...options, pageCache: options.pageCache ?? createPageCache(contentCacheRules), features: httpFeatures(options.services) });
}
