import type { PageInfo } from "./types";

export const page = {
  path: "/news",
  title: "News",
  description: "Fillway in the press, on our blog and at upcoming events.",
  h1: "News",
} as const satisfies PageInfo;
