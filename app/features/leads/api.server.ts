import { readJsonObject } from "~/platform/api/json-body";
import type { ApiRoute } from "~/platform/api/router.server";
import { type ApiRequest, type ApiResponse, json } from "~/platform/api/types";
import { limitPost } from "~/platform/rate-limit.server";
import type { Services } from "~/platform/services.server";
import type { FormSpec } from "~/shared/forms/form-spec";
import { acceptedBody, acceptSubmission, type Endpoint, pathFromReferer, specForBody } from "./accept.server";

const header = (req: ApiRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

export const INVALID_MESSAGE = "Some fields are not valid.";

/** POST handler of one submission endpoint of section 7 (or of one form's own endpoint). */
export function submissionHandler(services: Services, endpoint: Endpoint | FormSpec) {
  return async (req: ApiRequest): Promise<ApiResponse> => {
    const limited = await limitPost(services, req.ip);
    if (limited) return limited;
    const read = readJsonObject(req);
    if (!read.ok) return read.response;
    const picked = typeof endpoint === "string" ? specForBody(endpoint, read.body) : { spec: endpoint };
    if ("errors" in picked) return json(422, { message: INVALID_MESSAGE, errors: picked.errors });
    const outcome = await acceptSubmission(services, picked.spec, read.body, {
      wire: true,
      ip: req.ip,
      userAgent: header(req, "user-agent"),
      pagePath: pathFromReferer(header(req, "referer")),
    });
    switch (outcome.status) {
      case "invalid":
        return json(422, { message: INVALID_MESSAGE, errors: outcome.errors });
      case "honeypot":
        return json(201, acceptedBody(outcome.submissionId, picked.spec.kind));
      case "stored":
        return json(outcome.replay ? 200 : 201, acceptedBody(outcome.submissionId, picked.spec.kind));
    }
  };
}

/** The write calls of section 7 for leads: newsletter, lead/contact and fleet forms, quotes. */
export function leadRoutes(services: Services): ApiRoute[] {
  return [
    { method: "POST", path: "/web/suscribe", handler: submissionHandler(services, "/web/suscribe") },
    { method: "POST", path: "/web/form", handler: submissionHandler(services, "/web/form") },
    { method: "POST", path: "/campaign/createCampaign", handler: submissionHandler(services, "/campaign/createCampaign") },
  ];
}
