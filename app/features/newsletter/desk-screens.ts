import type { DeskScreen } from "../staff/desk-screen";

const EDITORS = ["admin", "editor"] as const;

/** The newsletter's desk screens: the subscribers and their export, the issues and their editor. */
export const newsletterScreens: DeskScreen[] = [
  { path: "subscribers", file: "features/newsletter/routes/desk/subscribers.tsx", access: ["admin", "sales"], nav: { label: "Subscribers", order: 20 } },
  { path: "subscribers/export.csv", file: "features/newsletter/routes/desk/subscribers-export.ts", access: ["admin", "sales"], readOnly: true },
  { path: "newsletters", file: "features/newsletter/routes/desk/newsletters.tsx", access: EDITORS, readOnly: true, nav: { label: "Newsletters", order: 35 } },
  // "new" is the editor of an issue not yet saved.
  { path: "newsletters/:id", file: "features/newsletter/routes/desk/newsletter.tsx", access: EDITORS },
];
