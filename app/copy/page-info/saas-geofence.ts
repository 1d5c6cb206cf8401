import { brand } from "../brand";
import type { PageInfo } from "./types";

export const page = {
  path: "/saas/geofence",
  title: `Geofencing, ${brand.cloud.name}`,
  description: "Draw delivery zones, verify every fill at the exact parked location and alert drivers automatically.",
  h1: "Geofencing for fuel delivery",
} as const satisfies PageInfo;
