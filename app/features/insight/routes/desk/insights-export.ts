import { exportInsight } from "~/features/insight/desk.server";
import type { Route } from "./+types/insights-export";

/** GET /desk/insights/export.csv?days=30&view=pages: one view of the insight screen as CSV. */
export const loader = (args: Route.LoaderArgs) => exportInsight(args);
