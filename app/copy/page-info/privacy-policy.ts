import type { PageInfo } from "./types";

export const page = {
  path: "/privacy-policy",
  title: "Privacy Policy",
  description: "How Fillway collects, uses and protects personal information.",
  h1: "Privacy policy",
} as const satisfies PageInfo;
