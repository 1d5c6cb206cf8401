import type { DeskScreen } from "../staff/desk-screen";

/** The conversations feature's desk screen: replies no lead was found for (sales and admins see them; admins file them). */
export const conversationScreens: DeskScreen[] = [
  { path: "replies", file: "features/conversations/routes/desk/unmatched.tsx", access: ["admin", "sales"], nav: { label: "Unmatched replies", order: 13 } },
];
