import { type Market, markets, serviceAt, type ZipAnswer } from "./service-area";

/**
 * The compact table the browser answers from (app/features/service-area/service-area-table.json, made by
 * `npm run service-area` from the ZIP data and the markets; a unit test keeps it current).
 * `known`: base64 bitmap of the ZIP codes that exist. `near`: for each ZIP code within
 * reach of a market (in ZIP order), four numbers: its difference from the previous one, its
 * city's index in `cities`, and its latitude and longitude times 10,000 as differences from
 * the previous ones (small numbers: neighbouring ZIP codes lie close together).
 */
export interface ServiceAreaTable {
  known: string;
  cities: string[];
  near: number[];
}

export interface ServiceAreaLookup {
  /** The answer, or null for a ZIP code that does not exist. */
  answer(zip: string): ZipAnswer | null;
}

export function lookupFrom(table: ServiceAreaTable, among: readonly Market[] = markets): ServiceAreaLookup {
  const bits = Uint8Array.from(atob(table.known), (c) => c.charCodeAt(0));
  const near = new Map<number, [city: number, lat: number, long: number]>();
  let zip = 0;
  let lat = 0;
  let long = 0;
  for (let i = 0; i + 3 < table.near.length; i += 4) {
    zip += table.near[i] as number;
    lat += table.near[i + 2] as number;
    long += table.near[i + 3] as number;
    near.set(zip, [table.near[i + 1] as number, lat / 10_000, long / 10_000]);
  }
  return {
    answer(text) {
      const n = Number(text);
      if (!/^\d{5}$/.test(text) || !((bits[n >> 3] ?? 0) & (1 << (n & 7)))) return null;
      const place = near.get(n);
      if (!place) return { zip: text, city: "", state: "", status: "not-served", market: "", distanceMiles: 0 };
      const [cityIndex, lat, long] = place;
      const [city = "", state = ""] = (table.cities[cityIndex] ?? "").split(", ");
      const { status, market, distanceMiles } = serviceAt(lat, long, among);
      return { zip: text, city, state, status, market: market.name, distanceMiles };
    },
  };
}
