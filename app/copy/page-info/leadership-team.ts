import type { PageInfo } from "./types";

export const page = {
  path: "/leaderShip-team",
  title: "Leadership Team",
  description: "The executives, leaders, board and advisers behind Fillway.",
  h1: "Leadership team",
} as const satisfies PageInfo;
