import type { PageInfo } from "./types";

export const page = {
  path: "/gui-fleet",
  title: "Our Fleet of Fueling Trucks",
  description: "Meet the trucks behind every delivery, from 400-gallon pickups to 5,000-gallon tankers.",
  h1: "Built to Get You Pumped Up",
} as const satisfies PageInfo;
