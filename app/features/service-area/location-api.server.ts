import type { LocationSuggestion } from "~/features/leads/forms/location";
import type { ApiRoute } from "~/platform/api/router.server";
import { type ApiRequest, type ApiResponse, json } from "~/platform/api/types";
import type { Services } from "~/platform/services.server";
import { type City, searchCities, searchZips, zipIndex, zipPlaces } from "./zip-data.server";

/**
 * The location calls of section 7: `GET /web/getData2?flag=3` with `citySearch` (city
 * name) or `search` (ZIP prefix), and `GET /common/getCountyUsingZipCode?zipcode=`.
 */

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;

/**
 * One suggestion, in the shape of section 3 (city, zipCode list whose first element is
 * used, stateId with _id and name) plus what the business address fills from it: the
 * county, the coordinates of the first ZIP (as text, like the quote payload) and the country.
 */
export function suggestion(c: City): LocationSuggestion {
  const first = c.places[0];
  return {
    city: c.city,
    zipCode: c.places.map((p) => p.zip),
    stateId: { _id: c.stateCode, name: c.stateName },
    county: first?.county ?? "",
    lat: first ? String(first.lat) : "",
    long: first ? String(first.long) : "",
    country: "US",
  };
}

const bad = (message: string, errors?: Record<string, string[]>) => json(400, { message, ...(errors ? { errors } : {}) });

/** `GET /web/getData2?flag=3…`: suggestions for the city and ZIP autocomplete. */
export async function locationSearch(req: ApiRequest): Promise<ApiResponse> {
  const q = req.query;
  const citySearch = q.get("citySearch");
  const search = q.get("search");
  const limitText = q.get("limit")?.trim() ?? null;
  let limit = DEFAULT_LIMIT;
  if (limitText !== null && limitText !== "") {
    if (!/^\d{1,3}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_LIMIT) {
      return bad("Some parameters are not valid.", { limit: [`limit must be a whole number from 1 to ${MAX_LIMIT}`] });
    }
    limit = Number(limitText);
  }
  const index = await zipIndex();
  let found: City[];
  if (citySearch !== null && citySearch.trim() !== "") {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    if (citySearch.length > 100 || /[\u0000-\u001f\u007f]/.test(citySearch)) {
      return bad("Some parameters are not valid.", { citySearch: ["citySearch must be at most 100 characters of text"] });
    }
    found = searchCities(index, citySearch);
  } else if (search !== null && search.trim() !== "") {
    if (!/^\d{1,5}$/.test(search.trim())) return bad("Some parameters are not valid.", { search: ["search must be 1 to 5 digits of a ZIP code"] });
    found = searchZips(index, search.trim());
  } else {
    return bad("Say what to look for: citySearch (a city name) or search (the start of a ZIP code).");
  }
  return json(200, { data: { data: found.slice(0, limit).map(suggestion), count: found.length } });
}

/** `GET /common/getCountyUsingZipCode?zipcode=75201` → `{ data: "Dallas County" }`. */
export async function countyByZip(req: ApiRequest): Promise<ApiResponse> {
  const zip = req.query.get("zipcode")?.trim() ?? "";
  if (!/^\d{5}$/.test(zip)) return bad("Some parameters are not valid.", { zipcode: ["zipcode must be a 5-digit ZIP code"] });
  const place = (await zipIndex()).byZip.get(zip);
  if (!place) return json(404, { message: `We have no county for ZIP code ${zip}.` });
  return json(200, { data: place.county });
}

type BlogList = (services: Services, req: ApiRequest) => Promise<ApiResponse>;

/**
 * `/web/getData2` serves two lists, told apart by `flag`: 3 locations (here), 4 blog
 * posts (the blog module's handler, passed in).
 */
export function getData2Handler(services: Services, blogList?: BlogList) {
  return async (req: ApiRequest): Promise<ApiResponse> => {
    const flag = req.query.get("flag")?.trim();
    if (flag === "3") return locationSearch(req);
    if (flag === "4" && blogList) return blogList(services, req);
    return bad("flag must be 3 (locations) or 4 (blog posts).", { flag: ["flag must be 3 or 4"] });
  };
}

export function zipRoutes(services: Services, blogList?: BlogList): ApiRoute[] {
  // Index the ZIP data right after start-up rather than on the first visitor's keystroke
  // (or the first lead, whose city may come from its ZIP code).
  setImmediate(() => {
    zipIndex().then(zipPlaces, (err) => services.log.error({ err }, "could not load the ZIP code data"));
  });
  return [
    { method: "GET", path: "/web/getData2", handler: getData2Handler(services, blogList) },
    { method: "GET", path: "/common/getCountyUsingZipCode", handler: countyByZip },
  ];
}
