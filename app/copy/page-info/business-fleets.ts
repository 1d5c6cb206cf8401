import type { PageInfo } from "./types";

export const page = {
  path: "/business-fleets-trucking-and-construction-companies",
  title: "Fuel Delivery for Business Fleets, Trucking and Construction",
  description: "On-site diesel, gasoline and DEF for trucking, construction, healthcare, government and delivery fleets.",
  h1: "Fuel for fleets that can't stop",
} as const satisfies PageInfo;
