import { greatCircleMiles, markets, serviceAt, type ZipAnswer } from "~/features/service-area/service-area";
import type { ServiceAreaTable } from "~/features/service-area/service-area-table";
import type { ZipIndex } from "./zip-data.server";

/** The answer for one ZIP code, or null for a ZIP code that does not exist. */
export function serviceForZip(index: ZipIndex, zip: string): ZipAnswer | null {
  const place = index.byZip.get(zip);
  if (!place) return null;
  const { status, market, distanceMiles } = serviceAt(place.lat, place.long);
  return { zip, city: place.city, state: place.stateCode, status, market: market.name, distanceMiles };
}

/**
 * The browser's copy of what it needs to answer without asking the server: which ZIP
 * codes exist (a bitmap of the 100,000 five-digit codes) and, for those within reach of a
 * market, city and position (exactly as the ZIP data gives them, 4 decimals), so that the
 * browser's serviceAt gives the server's answer.
 */
export function buildServiceAreaTable(index: ZipIndex): ServiceAreaTable {
  const known = new Uint8Array(100_000 / 8);
  const cities: string[] = [];
  const cityIds = new Map<string, number>();
  const near: number[] = [];
  let previous = { zip: 0, lat: 0, long: 0 };
  for (const place of index.zips) {
    const n = Number(place.zip);
    known[n >> 3] = (known[n >> 3] ?? 0) | (1 << (n & 7));
    if (!markets.some((m) => greatCircleMiles(place.lat, place.long, m.lat, m.long) <= m.radiusMiles)) continue;
    const city = `${place.city}, ${place.stateCode}`;
    let id = cityIds.get(city);
    if (id === undefined) {
      id = cities.length;
      cities.push(city);
      cityIds.set(city, id);
    }
    const lat = Math.round(place.lat * 10_000);
    const long = Math.round(place.long * 10_000);
    near.push(n - previous.zip, id, lat - previous.lat, long - previous.long);
    previous = { zip: n, lat, long };
  }
  return { known: Buffer.from(known).toString("base64"), cities, near };
}
