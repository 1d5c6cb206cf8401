import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { deskScreens } from "./routes/desk/screens";

/**
 * Every path of the site (spec 2.1), spelling included. The JSON API of spec section 7
 * is served by the application server (app/server, app/platform/api), not by this table.
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
  route("blog", "features/content/routes/blog.tsx"),
  route("blogdetail/:id", "features/content/routes/blog-detail.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("termsandcondition", "routes/terms.tsx"),
  // The ZIP check's answer without JavaScript (the check on the home page, /getafleet and the FAQ).
  route("service-area", "features/service-area/routes/service-area.tsx"),
  // Links in newsletter e-mails, /newsletter/confirm and /newsletter/unsubscribe: a button that confirms
  // or unsubscribes (noindex, not in the sitemap).
  route("newsletter/:step", "features/newsletter/routes/newsletter-link.tsx"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("sitemap/:part", "routes/sitemap-part-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("rss.xml", "features/content/routes/rss-xml.ts"),
  // The desk: staff only, never pre-rendered, indexed or linked from a public page. Its
  // screens are declared by their features (desk-screens.ts) and collected in routes/desk/screens.ts.
  route(
    "desk",
    "routes/desk/layout.tsx",
    deskScreens.map((s) => (s.path === undefined ? index(s.file) : route(s.path, s.file))),
  ),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
