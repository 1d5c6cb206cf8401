import type { ApiRoute } from "~/platform/api/router.server";
import type { Services } from "~/platform/services.server";
import { acceptEvents } from "./ingest.server";
import { EVENTS_PATH } from "./wire";

/** The insight script's one endpoint. */
export function insightRoutes(services: Services): ApiRoute[] {
  return [{ method: "POST", path: EVENTS_PATH, handler: (req) => acceptEvents(services, req) }];
}
