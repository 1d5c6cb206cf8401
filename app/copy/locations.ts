import { brand } from "./brand";

/** Where Fillway delivers today, where it launches next, and Fillway Charge sites. */
export type LocationStatus = "active" | "future" | "ev";

export interface MapLocation {
  city: string;
  state: string;
  lat: number;
  long: number;
  status: LocationStatus;
  /**
   * Fuel delivery markets (active and future): how far from the centre we deliver, in
   * miles of great-circle distance. Fillway Charge sites have none.
   */
  radiusMiles?: number;
}

const at =
  (status: LocationStatus) =>
  (city: string, state: string, lat: number, long: number, radiusMiles?: number): MapLocation => ({
    city,
    state,
    lat,
    long,
    status,
    ...(radiusMiles ? { radiusMiles } : {}),
  });
const active = at("active");
const future = at("future");
const ev = at("ev");

export const locations: MapLocation[] = [
  active("Dallas", "TX", 32.7767, -96.797, 35),
  active("Fort Worth", "TX", 32.7555, -97.3308, 30),
  active("Houston", "TX", 29.7604, -95.3698, 40),
  active("Austin", "TX", 30.2672, -97.7431, 30),
  active("San Antonio", "TX", 29.4241, -98.4936, 30),
  active("Oklahoma City", "OK", 35.4676, -97.5164, 25),
  active("Phoenix", "AZ", 33.4484, -112.074, 35),
  active("Atlanta", "GA", 33.749, -84.388, 35),
  active("Denver", "CO", 39.7392, -104.9903, 30),
  active("Los Angeles", "CA", 34.0522, -118.2437, 40),
  future("Chicago", "IL", 41.8781, -87.6298, 35),
  future("New York", "NY", 40.7128, -74.006, 30),
  future("Miami", "FL", 25.7617, -80.1918, 30),
  future("Seattle", "WA", 47.6062, -122.3321, 30),
  future("Nashville", "TN", 36.1627, -86.7816, 25),
  future("Charlotte", "NC", 35.2271, -80.8431, 25),
  future("Las Vegas", "NV", 36.1699, -115.1398, 25),
  future("Kansas City", "MO", 39.0997, -94.5786, 25),
  future("Detroit", "MI", 42.3314, -83.0458, 30),
  future("Boston", "MA", 42.3601, -71.0589, 25),
  ev("San Diego", "CA", 32.7157, -117.1611),
  ev("Colorado Springs", "CO", 38.8339, -104.8214),
  ev("Orlando", "FL", 28.5383, -81.3792),
  ev("Ann Arbor", "MI", 42.2808, -83.743),
  ev("Plano", "TX", 33.0198, -96.6989),
  ev("Albany", "NY", 42.6526, -73.7562),
];

export type LocationFilter = "all" | LocationStatus;

export const statusLabel: Record<LocationStatus, string> = {
  active: "Active",
  future: "Coming soon",
  ev: brand.charge.name,
};

/** The filter buttons of the map (spec 2.3): All, Active, Future and the EV offering. */
export const locationFilters: { id: LocationFilter; label: string }[] = [
  { id: "all", label: "All" },
  { id: "active", label: "Active" },
  { id: "future", label: "Future" },
  { id: "ev", label: `EV (${brand.charge.name})` },
];

export function filterLocations(filter: LocationFilter): MapLocation[] {
  return filter === "all" ? locations : locations.filter((l) => l.status === filter);
}

/** Default view (spec 9): centre 32.78, -96.80, zoom 4. */
export const mapDefaultView = { center: [32.78, -96.8] as [number, number], zoom: 4 };
