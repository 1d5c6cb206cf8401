import type { PageInfo } from "./types";

export const page = {
  path: "/termsandcondition",
  title: "Terms and Conditions",
  description: "The terms that govern the use of Fillway's app, website and services.",
  h1: "Terms and conditions",
} as const satisfies PageInfo;
