import type { PageInfo } from "./types";

export const page = {
  path: "/diesel-on-demand",
  title: "Diesel and DEF on Demand",
  description: "Clear and red diesel plus DEF delivered to your trucks and equipment overnight or on site.",
  h1: "Diesel and DEF on demand",
} as const satisfies PageInfo;
