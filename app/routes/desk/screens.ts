import { contentScreens } from "../../features/content/desk-screens";
import { conversationsScreens } from "../../features/conversations/desk-screens";
import { insightScreens } from "../../features/insight/desk-screens";
import { leadsScreens } from "../../features/leads/desk-screens";
import { newsletterScreens } from "../../features/newsletter/desk-screens";
import type { DeskScreen } from "../../features/staff/desk-screen";
import { staffScreens } from "../../features/staff/desk-screens";

/**
 * The shell's own screens: the overview (editors may open it; their menu starts at Posts), the system page, the deliveries.
 */
const shellScreens: DeskScreen[] = [
  {
    file: "routes/desk/index.tsx",
    access: ["admin", "sales", "editor"],
    readOnly: true,
    nav: { label: "At a glance", order: 0, end: true, roles: ["admin", "sales"] },
  },
  { path: "system", file: "routes/desk/system.tsx", access: ["admin"], nav: { label: "System", order: 100 } },
  { path: "deliveries", file: "routes/desk/deliveries.tsx", access: ["admin"], nav: { label: "Deliveries", order: 70 } },
];

/** An unknown address under /desk: signed-in staff see "not found" inside the desk. */
const notFound: DeskScreen = { path: "*", file: "routes/desk/not-found.tsx", access: "staff" };

/**
 * Every desk screen, declared once by its feature. app/routes.ts makes each a child of
 * /desk, the layout's menu lists those with `nav`, and the layout's middleware lets a
 * request through only to a declared screen and only for its roles.
 */
export const deskScreens: readonly DeskScreen[] = [
  ...staffScreens,
  ...shellScreens,
  ...leadsScreens,
  ...conversationsScreens,
  ...newsletterScreens,
  ...contentScreens,
  ...insightScreens,
  notFound,
];
