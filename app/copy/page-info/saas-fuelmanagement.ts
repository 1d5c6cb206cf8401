import { brand } from "../brand";
import type { PageInfo } from "./types";

export const page = {
  path: "/saas/fuelmanagement",
  title: `Fuel Management, ${brand.cloud.name}`,
  description: "Orders, dispatch, inventory and invoicing for fuel sellers in one licensed platform.",
  h1: "Fuel management software",
} as const satisfies PageInfo;
