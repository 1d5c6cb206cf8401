import { page as home } from "./page-info/home";
import { page as edmPa } from "./page-info/edm-pa";
import { page as automatedFleet } from "./page-info/automated-fleet";
import { page as saasHome } from "./page-info/saas-home";
import { page as saasGeofence } from "./page-info/saas-geofence";
import { page as saasFuelmanagement } from "./page-info/saas-fuelmanagement";
import { page as saasFleetmanagement } from "./page-info/saas-fleetmanagement";
import { page as businessFleets } from "./page-info/business-fleets";
import { page as campuses } from "./page-info/campuses";
import { page as retail } from "./page-info/retail";
import { page as fuelManagementSoftware } from "./page-info/fuel-management-software";
import { page as guiFleet } from "./page-info/gui-fleet";
import { page as geofencing } from "./page-info/geofencing";
import { page as dieselOnDemand } from "./page-info/diesel-on-demand";
import { page as gasoline } from "./page-info/gasoline";
import { page as autonomousFleet } from "./page-info/autonomous-fleet";
import { page as fuelTechsSafety } from "./page-info/fuel-techs-safety";
import { page as environmentalImpact } from "./page-info/environmental-impact";
import { page as ourProcess } from "./page-info/our-process";
import { page as leadershipTeam } from "./page-info/leadership-team";
import { page as fuelingTheFuture } from "./page-info/fueling-the-future";
import { page as chargeitup } from "./page-info/chargeitup";
import { page as getafleet } from "./page-info/getafleet";
import { page as faq } from "./page-info/faq";
import { page as careers } from "./page-info/careers";
import { page as news } from "./page-info/news";
import { page as investors } from "./page-info/investors";
import { page as blog } from "./page-info/blog";
import { page as privacyPolicy } from "./page-info/privacy-policy";
import { page as terms } from "./page-info/terms";
import type { PageInfo } from "./page-info/types";

export type { PageInfo };

/**
 * Title, description and main heading of every page, by path (spec 2.1), in the order of
 * the route table. Each page's entry is a module of its own under page-info/, which is
 * what the page's route imports: a page's script carries its own words, not every page's.
 */
const all = [
  home,
  edmPa,
  automatedFleet,
  saasHome,
  saasGeofence,
  saasFuelmanagement,
  saasFleetmanagement,
  businessFleets,
  campuses,
  retail,
  fuelManagementSoftware,
  guiFleet,
  geofencing,
  dieselOnDemand,
  gasoline,
  autonomousFleet,
  fuelTechsSafety,
  environmentalImpact,
  ourProcess,
  leadershipTeam,
  fuelingTheFuture,
  chargeitup,
  getafleet,
  faq,
  careers,
  news,
  investors,
  blog,
  privacyPolicy,
  terms,
] as const;

export type PagePath = (typeof all)[number]["path"];
export const pages = Object.fromEntries(all.map((p) => [p.path, p])) as Record<PagePath, PageInfo>;
export const pagePaths: PagePath[] = all.map((p) => p.path);
