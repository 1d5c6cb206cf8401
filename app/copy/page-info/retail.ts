import type { PageInfo } from "./types";

export const page = {
  path: "/retail-and-rurface-parking-lots",
  title: "Fuel Delivery for Retail and Surface Parking Lots",
  description: "Give shoppers and commuters a full tank while they park, with no new infrastructure on your lot.",
  h1: "Retail and surface parking lots",
} as const satisfies PageInfo;
