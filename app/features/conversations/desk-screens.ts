import type { DeskScreen } from "../staff/desk-screen";

/**
 * The conversations feature's desk screens: the e-mail templates sales writes from, and
 * the replies no lead was found for (sales and admins see them; admins file them).
 */
export const conversationsScreens: DeskScreen[] = [
  {
    path: "templates",
    file: "features/conversations/routes/desk/templates.tsx",
    access: ["admin"],
    readOnly: true,
    nav: { label: "Templates", order: 59 },
  },
  { path: "templates/:id", file: "features/conversations/routes/desk/template.tsx", access: ["admin"] },
  { path: "replies", file: "features/conversations/routes/desk/unmatched.tsx", access: ["admin", "sales"], nav: { label: "Unmatched replies", order: 13 } },
];
