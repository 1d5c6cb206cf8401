import type { PageInfo } from "./types";

export const page = {
  path: "/gasoline",
  title: "Gasoline Delivery",
  description: "Regular and premium gasoline delivered to your car or fleet wherever it is parked.",
  h1: "Gasoline, delivered",
} as const satisfies PageInfo;
