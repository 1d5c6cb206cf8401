import type { PageInfo } from "./types";

export const page = {
  path: "/geofencing",
  title: "Geofencing Technology",
  description: "Geofencing guides each fuel technician to the exact parked vehicle and confirms every delivery.",
  h1: "Geofencing: the exact spot, every time",
} as const satisfies PageInfo;
