import type { PageInfo } from "./types";

export const page = {
  path: "/faq",
  title: "Frequently Asked Questions",
  description: "Answers about deliveries, payments, the app, fleets, safety and our software.",
  h1: "Frequently asked questions",
} as const satisfies PageInfo;
