import type { DeskScreen } from "../staff/desk-screen";

/** The leads feature's desk screens: the inbox, one lead, one contact, the export and privacy requests. */
export const leadsScreens: DeskScreen[] = [
  { path: "leads", file: "features/leads/routes/desk/leads.tsx", access: ["admin", "sales"], nav: { label: "Leads", order: 10 } },
  { path: "leads/export.csv", file: "features/leads/routes/desk/leads-export.ts", access: ["admin", "sales"], readOnly: true },
  { path: "leads/:id", file: "features/leads/routes/desk/lead.tsx", access: ["admin", "sales"] },
  { path: "tasks", file: "features/leads/routes/desk/tasks.tsx", access: ["admin", "sales"], nav: { label: "My tasks", order: 12 } },
  { path: "routing", file: "features/leads/routes/desk/routing.tsx", access: ["admin"], nav: { label: "Lead routing", order: 58 } },
  { path: "contacts/:id", file: "features/leads/routes/desk/contact.tsx", access: ["admin", "sales"] },
  { path: "privacy", file: "features/leads/routes/desk/privacy.tsx", access: ["admin"], nav: { label: "Privacy requests", order: 60 } },
];
