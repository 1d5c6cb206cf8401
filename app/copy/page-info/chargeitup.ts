import { brand } from "../brand";
import type { PageInfo } from "./types";

export const page = {
  path: "/chargeitup",
  title: `${brand.charge.name}: Electric Vehicle Charging`,
  description: "Mobile, home, public and robotic EV charging from Fillway Charge, coming soon.",
  h1: "Keep it Positive",
} as const satisfies PageInfo;
