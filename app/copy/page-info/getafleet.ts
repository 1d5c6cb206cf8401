import type { PageInfo } from "./types";

export const page = {
  path: "/getafleet",
  title: "Get a Fleet Quote",
  description: "Tell us about your fleet and get a fuel delivery quote from our sales team within one business day.",
  h1: "Get a Fleet Quote",
} as const satisfies PageInfo;
