import type { PageInfo } from "./types";

export const page = {
  path: "/edm-pa",
  title: "Automated Fleet Fueling, Register Now",
  description: "Register your fleet for automated, scheduled fueling and see what you save on labor, fuel runs and downtime.",
  h1: "Automated fleet fueling, on your schedule",
} as const satisfies PageInfo;
