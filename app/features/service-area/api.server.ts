import { waitlistSpec } from "~/features/leads/forms/kinds/waitlist";
import { ZIP_UNKNOWN_MESSAGE, zipProblem } from "~/features/service-area/service-area";
import { submissionHandler } from "~/features/leads/api.server";
import type { Services } from "~/platform/services.server";
import { serviceForZip } from "./service-area.server";
import { zipIndex } from "./zip-data.server";
import type { ApiRoute } from "~/platform/api/router.server";
import { type ApiRequest, type ApiResponse, json } from "~/platform/api/types";

/**
 * "Do we deliver to you?" on the JSON API.
 * `GET /api/service-area?zip=75201` → `{ zip, city, state, status, market, distanceMiles }`
 * (`status`: served, coming-soon or not-served; for not-served, `market` is the nearest
 * market), 422 for a malformed ZIP code, 404 for one that does not exist.
 * `POST /api/waitlist` stores "Tell me when you arrive" (e-mail, ZIP code, page type) as
 * a lead of kind `waitlist`, with the ZIP code's market.
 */
export async function serviceArea(req: ApiRequest): Promise<ApiResponse> {
  const zip = req.query.get("zip") ?? "";
  const problem = zipProblem(zip);
  if (problem) return json(422, { message: problem, errors: { zip: [problem] } });
  const answer = serviceForZip(await zipIndex(), zip.trim());
  if (!answer) return json(404, { message: ZIP_UNKNOWN_MESSAGE });
  // The answer changes only when a market does (a deploy).
  return json(200, answer, { "Cache-Control": "public, max-age=3600" });
}

export function serviceAreaRoutes(services: Services): ApiRoute[] {
  return [
    { method: "GET", path: "/api/service-area", handler: serviceArea },
    { method: "POST", path: "/api/waitlist", handler: submissionHandler(services, waitlistSpec) },
  ];
}
