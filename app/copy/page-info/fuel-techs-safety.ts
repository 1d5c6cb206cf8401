import type { PageInfo } from "./types";

export const page = {
  path: "/our-fuel-techs-and-sefaty",
  title: "Our Fuel Technicians and Safety",
  description: "Trained, certified fuel technicians and trucks built with vapor recovery, kill switches and overflow protection.",
  h1: "Our fuel techs and safety",
} as const satisfies PageInfo;
