import type { PageInfo } from "./types";

export const page = {
  path: "/blog",
  title: "Blog",
  description: "Articles, news and events from the Fillway team.",
  h1: "Blog",
} as const satisfies PageInfo;
