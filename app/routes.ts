import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * Every path of the site (spec 2.1), spelling included. The JSON API of spec section 7
 * is served by server.ts (app/server/api), not by this table.
 */
export default [
  index("routes/home.tsx"),
  route("edm-pa", "routes/edm-pa.tsx"),
  route("automated-fleet", "routes/automated-fleet.tsx"),
  route("saas/home", "routes/saas-home.tsx"),
  route("saas/geofence", "routes/saas-geofence.tsx"),
  route("saas/fuelmanagement", "routes/saas-fuelmanagement.tsx"),
  route("saas/fleetmanagement", "routes/saas-fleetmanagement.tsx"),
  route("business-fleets-trucking-and-construction-companies", "routes/business-fleets.tsx"),
  route("corporate-and-college-campuses-stadiums-and-arenas", "routes/campuses.tsx"),
  route("retail-and-rurface-parking-lots", "routes/retail.tsx"),
  route("fuel-management-software", "routes/fuel-management-software.tsx"),
  route("gui-fleet", "routes/gui-fleet.tsx"),
  route("geofencing", "routes/geofencing.tsx"),
  route("diesel-on-demand", "routes/diesel-on-demand.tsx"),
  route("gasoline", "routes/gasoline.tsx"),
  route("autonomous-fleet-equipment", "routes/autonomous-fleet.tsx"),
  route("our-fuel-techs-and-sefaty", "routes/fuel-techs-safety.tsx"),
  route("environmental-impact", "routes/environmental-impact.tsx"),
  route("our-process", "routes/our-process.tsx"),
  route("leaderShip-team", "routes/leadership-team.tsx"),
  route("fueling-the-future", "routes/fueling-the-future.tsx"),
  route("chargeitup", "routes/chargeitup.tsx"),
  route("getafleet", "routes/getafleet.tsx"),
  route("faq", "routes/faq.tsx"),
  route("careers", "routes/careers.tsx"),
  route("news", "routes/news.tsx"),
  route("investors", "routes/investors.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blogdetail/:id", "routes/blog-detail.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("termsandcondition", "routes/terms.tsx"),
  // The ZIP check's answer without JavaScript (the check on the home page, /getafleet and the FAQ).
  route("service-area", "routes/service-area.tsx"),
  // Links in newsletter e-mails, /newsletter/confirm and /newsletter/unsubscribe: a button that confirms
  // or unsubscribes (noindex, not in the sitemap).
  route("newsletter/:step", "routes/newsletter-link.tsx"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("rss.xml", "routes/rss-xml.ts"),
  // The desk: staff only, never pre-rendered, indexed or linked from a public page.
  route("desk", "routes/desk/layout.tsx", [
    route("sign-in", "routes/desk/sign-in.tsx"),
    route("sign-out", "routes/desk/sign-out.tsx"),
    route("set-password/:token", "routes/desk/set-password.tsx"),
    route("forgot-password", "routes/desk/forgot-password.tsx"),
    route("account", "routes/desk/account.tsx"),
    route("accounts", "routes/desk/accounts.tsx"),
    route("audit", "routes/desk/audit.tsx"),
    index("routes/desk/index.tsx"),
    route("leads", "routes/desk/leads.tsx"),
    route("leads/export.csv", "routes/desk/leads-export.ts"),
    route("leads/:id", "routes/desk/lead.tsx"),
    route("subscribers", "routes/desk/subscribers.tsx"),
    route("subscribers/export.csv", "routes/desk/subscribers-export.ts"),
    route("privacy", "routes/desk/privacy.tsx"),
    route("deliveries", "routes/desk/deliveries.tsx"),
    route("posts", "routes/desk/posts.tsx"),
    route("posts/preview", "routes/desk/post-preview.ts"),
    // "new" is the editor of a post not yet saved (no post has that address).
    route("posts/:id", "routes/desk/post-edit.tsx"),
    route("posts/:id/markdown", "routes/desk/post-markdown.ts"),
    route("images", "routes/desk/images.tsx"),
    route("*", "routes/desk/not-found.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
