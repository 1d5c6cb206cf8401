import type { PageInfo } from "./types";

export const page = {
  path: "/corporate-and-college-campuses-stadiums-and-arenas",
  title: "Fuel Delivery for Campuses, Stadiums and Arenas",
  description: "A fuel perk for employees and students, and on-site fueling for venue fleets and generators.",
  h1: "Campuses, stadiums and arenas",
} as const satisfies PageInfo;
