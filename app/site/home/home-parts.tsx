import { deferred } from "~/ui/widgets/deferred";

/**
 * The home page's parts below its hero, hydrated as the visitor nears them (decision
 * record 003) rather than in the one long task that hydrated the whole page: the clip,
 * the stepper, the logo band, the map and the static lists each come alive in a task of
 * their own once their code is there, and those far below the first screen only when
 * scrolled near. Their server HTML is on screen and works (links, the stepper's steps as
 * text) meanwhile. The business benefits hydrate with the page: the pop-up's fleets Know
 * More moves focus to their heading, which a part coming alive would replace.
 */
export const HomeVideo = deferred(() => import("./home-sections").then((m) => m.HomeVideo));
export const HomeMore = deferred(() => import("./home-sections").then((m) => m.HomeMore));
export const Stepper = deferred(() => import("./stepper").then((m) => m.Stepper));
export const EvSection = deferred(() => import("./ev-section").then((m) => m.EvSection));
export const PartnerLogos = deferred(() => import("~/ui/widgets/logo-wall").then((m) => m.PartnerLogos));
export const TrustedByCarousel = deferred(() => import("~/ui/widgets/logo-wall").then((m) => m.TrustedByCarousel));
export const LocationsMap = deferred(() => import("~/ui/map/locations-map").then((m) => m.LocationsMap));
