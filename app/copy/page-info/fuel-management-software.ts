import type { PageInfo } from "./types";

export const page = {
  path: "/fuel-management-software",
  title: "Telematics and Fuel Management Software",
  description: "Live fuel data, telematics integration and per-vehicle reports for every gallon we deliver.",
  h1: "Fuel management software with telematics",
} as const satisfies PageInfo;
