import { brand } from "../brand";
import type { PageInfo } from "./types";

export const page = {
  path: "/fueling-the-future",
  title: `${brand.foundation.name}: ${brand.foundation.motto}`,
  description: "Our foundation funds STEM education for the engineers and technicians of tomorrow.",
  h1: "Changing the future",
} as const satisfies PageInfo;
