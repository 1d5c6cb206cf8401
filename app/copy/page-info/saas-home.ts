import { brand } from "../brand";
import type { PageInfo } from "./types";

export const page = {
  path: "/saas/home",
  title: `${brand.cloud.name}: Fuel Software for Fuel Sellers`,
  description: `License ${brand.cloud.name}, the software that runs our own deliveries: fuel management, geofencing and fleet management.`,
  h1: "Run your fuel business on our software",
} as const satisfies PageInfo;
