import type { PageInfo } from "./types";

export const page = {
  path: "/automated-fleet",
  title: "Automated Fleet Fueling",
  description: "Scheduled, hands-off fueling for fleets: no fuel cards, no detours, no idle drivers at the pump.",
  h1: "Automated fleet fueling that pays for itself",
} as const satisfies PageInfo;
