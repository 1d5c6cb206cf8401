import type { PageInfo } from "./types";

export const page = {
  path: "/autonomous-fleet-equipment",
  title: "Autonomous Fleet and Equipment Fueling",
  description: "Fueling for driverless trucks and autonomous equipment, built with an autonomous-trucking partner.",
  h1: "Fueling autonomous fleets",
} as const satisfies PageInfo;
