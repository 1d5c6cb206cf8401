import { brand } from "../brand";
import type { PageInfo } from "./types";

export const page = {
  path: "/",
  title: `Welcome to ${brand.name}`,
  description: brand.description,
  h1: "Fuel delivered to wherever you park",
} as const satisfies PageInfo;
