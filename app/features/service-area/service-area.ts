import { locations, type MapLocation } from "~/copy/locations";

/**
 * "Do we deliver to you?": whether a place lies within a market's service radius, by
 * great-circle distance. The server answers `GET /api/service-area` with it, and the
 * browser runs the same function on the positions of the ZIP codes near our markets
 * (service-area-table), so both always give the same answer.
 */

export type ServiceStatus = "served" | "coming-soon" | "not-served";

export interface Market {
  /** "Dallas, TX": how the answer and the stored waitlist lead name the market. */
  name: string;
  lat: number;
  long: number;
  radiusMiles: number;
  status: "active" | "future";
}

const toMarket = (l: MapLocation): Market | null =>
  l.radiusMiles && l.status !== "ev" ? { name: `${l.city}, ${l.state}`, lat: l.lat, long: l.long, radiusMiles: l.radiusMiles, status: l.status } : null;

/** The fuel delivery markets of the map (active and future), with their radii. */
export const markets: Market[] = locations.map(toMarket).filter((m): m is Market => m !== null);

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function greatCircleMiles(aLat: number, aLong: number, bLat: number, bLong: number): number {
  const dLat = rad(bLat - aLat);
  const dLong = rad(bLong - aLong);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface ServiceAnswer {
  status: ServiceStatus;
  /** The market that serves the place (or will), else the nearest market. */
  market: Market;
  distanceMiles: number;
}

/**
 * Served when the place lies within an active market's radius (the nearest such market),
 * coming soon when within a future market's radius, otherwise not served; `market` is
 * then the nearest market of all.
 */
export function serviceAt(lat: number, long: number, among: readonly Market[] = markets): ServiceAnswer {
  let best: { market: Market; d: number } | undefined;
  let nearest: { market: Market; d: number } | undefined;
  for (const market of among) {
    const d = greatCircleMiles(lat, long, market.lat, market.long);
    if (!nearest || d < nearest.d) nearest = { market, d };
    if (d > market.radiusMiles) continue;
    const rank = (m: Market) => (m.status === "active" ? 0 : 1);
    if (!best || rank(market) < rank(best.market) || (rank(market) === rank(best.market) && d < best.d)) best = { market, d };
  }
  const pick = best ?? nearest;
  if (!pick) throw new Error("No markets to answer from");
  const status: ServiceStatus = !best ? "not-served" : best.market.status === "active" ? "served" : "coming-soon";
  return { status, market: pick.market, distanceMiles: Math.round(pick.d * 10) / 10 };
}

// --- What the visitor reads ---

export const ZIP_PATTERN = /^\d{5}$/;
/** The message of the site's other ZIP inputs (spec 5). */
export const ZIP_DIGITS_MESSAGE = "Must be only digits";
export const ZIP_REQUIRED_MESSAGE = "ZipCode is required";
export const ZIP_LENGTH_MESSAGE = "Please enter a 5-digit ZIP code";
export const ZIP_UNKNOWN_MESSAGE = "We don't know that ZIP code. Please check it.";

/** Why a typed ZIP code cannot be looked up, or null when it can. */
export function zipProblem(zip: string): string | null {
  const z = zip.trim();
  if (!z) return ZIP_REQUIRED_MESSAGE;
  if (!/^\d+$/.test(z)) return ZIP_DIGITS_MESSAGE;
  if (!ZIP_PATTERN.test(z)) return ZIP_LENGTH_MESSAGE;
  return null;
}

export interface ZipAnswer {
  zip: string;
  city: string;
  state: string;
  status: ServiceStatus;
  market: string;
  distanceMiles: number;
}

/** The sentence the check answers with (the three answers). */
export function answerSentence(a: Pick<ZipAnswer, "status" | "city" | "state" | "market">): string {
  if (a.status === "served") return `Yes, Fillway delivers in ${a.city}, ${a.state}`;
  if (a.status === "coming-soon") return `Coming soon to ${a.market}`;
  return "Not in your area yet";
}
