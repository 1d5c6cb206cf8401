import { apiUrl } from "~/shared/forms/api";

/** One answer of GET /web/getData2?flag=3 (section 3's location suggestion, plus address parts). */
export interface LocationSuggestion {
  city: string;
  /** ZIP codes of the city (or those matching the typed prefix); the first is used. */
  zipCode: string[];
  stateId: { _id: string; name: string };
  county: string;
  lat: string;
  long: string;
  country: string;
}

export type LocationMode = "city" | "zip";

/** Suggestions for what the visitor has typed so far; [] when there is nothing to look up. */
export async function fetchLocations(mode: LocationMode, text: string, signal?: AbortSignal, limit = 8): Promise<LocationSuggestion[]> {
  const q = text.trim();
  if (!q || (mode === "zip" && !/^\d{1,5}$/.test(q))) return [];
  const param = mode === "city" ? "citySearch" : "search";
  const res = await fetch(apiUrl(`/web/getData2?flag=3&${param}=${encodeURIComponent(q)}&limit=${limit}`), { signal, headers: { Accept: "application/json" } });
  if (!res.ok) return [];
  const body = (await res.json()) as { data?: { data?: LocationSuggestion[] } };
  return body.data?.data ?? [];
}

/** The county of a 5-digit ZIP (GET /common/getCountyUsingZipCode), or undefined. */
export async function fetchCounty(zip: string, signal?: AbortSignal): Promise<string | undefined> {
  if (!/^\d{5}$/.test(zip)) return undefined;
  const res = await fetch(apiUrl(`/common/getCountyUsingZipCode?zipcode=${zip}`), { signal, headers: { Accept: "application/json" } });
  if (!res.ok) return undefined;
  const body = (await res.json()) as { data?: unknown };
  return typeof body.data === "string" ? body.data : undefined;
}
