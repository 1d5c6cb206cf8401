import type { DeskScreen } from "../staff/desk-screen";

/** The insight screen (decision record 031), its CSV views, and the visit box of a lead's page. */
export const insightScreens: DeskScreen[] = [
  {
    path: "insights",
    file: "features/insight/routes/desk/insights.tsx",
    access: ["admin", "sales", "editor"],
    readOnly: true,
    nav: { label: "Insight", order: 15 },
  },
  { path: "insights/export.csv", file: "features/insight/routes/desk/insights-export.ts", access: ["admin", "sales", "editor"], readOnly: true },
  { path: "insights/visit/:lead", file: "features/insight/routes/desk/visit.ts", access: ["admin", "sales"], readOnly: true },
];
