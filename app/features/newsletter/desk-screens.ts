import type { DeskScreen } from "../staff/desk-screen";

/** The newsletter's desk screens: the subscribers and their export. */
export const newsletterScreens: DeskScreen[] = [
  { path: "subscribers", file: "features/newsletter/routes/desk/subscribers.tsx", access: ["admin", "sales"], nav: { label: "Subscribers", order: 20 } },
  { path: "subscribers/export.csv", file: "features/newsletter/routes/desk/subscribers-export.ts", access: ["admin", "sales"], readOnly: true },
];
