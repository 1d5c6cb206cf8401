import { deskServices, requireStaff } from "~/server/desk/auth.server";
import { audit } from "~/server/desk/audit.server";
import { badFiltersResponse, csvResponse, csvStream } from "~/server/desk/leads/export.server";
import { parseSubscriberFilters } from "~/server/desk/leads/filters.server";
import type { Route } from "./+types/subscribers-export";

/** GET /desk/subscribers/export.csv?<the list's filters>: every matching subscription, streamed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, ["admin", "sales"]);
  const { db } = deskServices(context);
  const url = new URL(request.url);
  const parsed = parseSubscriberFilters(url.searchParams);
  if (!parsed.ok) return badFiltersResponse(parsed.errors);
  const { after: _a, before: _b, ...filters } = parsed.filters;
  await audit(db, { staffId: me.id, action: "subscribers.export", subject: url.search || "all subscribers", detail: { filters } });
  return csvResponse(csvStream(db, { subscribers: filters }, new Map()), "subscribers");
}
