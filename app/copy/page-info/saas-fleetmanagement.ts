import { brand } from "../brand";
import type { PageInfo } from "./types";

export const page = {
  path: "/saas/fleetmanagement",
  title: `Fleet Management, ${brand.cloud.name}`,
  description: "Track trucks, technicians, meters and maintenance across your whole delivery fleet.",
  h1: "Fleet management software",
} as const satisfies PageInfo;
