import { loadVisit } from "~/features/insight/desk.server";
import type { Route } from "./+types/visit";

/** GET /desk/insights/visit/:lead: the visit that brought a lead, for its page (components/lead-visit.tsx). */
export const loader = (args: Route.LoaderArgs) => loadVisit(args);
