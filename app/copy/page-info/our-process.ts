import type { PageInfo } from "./types";

export const page = {
  path: "/our-process",
  title: "Our Process",
  description: "How Fillway works: download the app, schedule a delivery and relax. Plans from $4.99.",
  h1: "Our process",
} as const satisfies PageInfo;
