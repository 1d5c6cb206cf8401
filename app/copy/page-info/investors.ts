import type { PageInfo } from "./types";

export const page = {
  path: "/investors",
  title: "Investors",
  description: "Fillway's investor relations: our market, our model and how to reach us.",
  h1: "Investors",
} as const satisfies PageInfo;
