import type { PageInfo } from "./types";

export const page = {
  path: "/environmental-impact",
  title: "Environmental Impact and CO2 Calculator",
  description: "See how much CO2 your fleet saves when the fuel comes to you instead of the other way round.",
  h1: "Environmental impact",
} as const satisfies PageInfo;
