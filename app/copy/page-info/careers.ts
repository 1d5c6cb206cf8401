import type { PageInfo } from "./types";

export const page = {
  path: "/careers",
  title: "Careers",
  description: "Join Fillway as a fuel technician, engineer or operator and help change how the world fuels.",
  h1: "Careers at Fillway",
} as const satisfies PageInfo;
