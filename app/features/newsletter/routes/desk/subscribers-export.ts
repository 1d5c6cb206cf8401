import { deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { shownZone } from "~/features/staff/time-zone.server";
import { audit } from "~/features/staff/audit.server";
import { badFiltersResponse, csvResponse, csvStream } from "~/features/leads/desk/export.server";
import { parseSubscriberFilters } from "~/features/leads/desk/filters.server";
import type { Route } from "./+types/subscribers-export";

/**
 * GET /desk/subscribers/export.csv?<the list's filters>: every matching subscription that
 * is confirmed, streamed. Only a confirmed address may be sent the newsletter, so the
 * export never holds a pending or unsubscribed one, whatever the status filter says.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  const url = new URL(request.url);
  const parsed = parseSubscriberFilters(url.searchParams);
  if (!parsed.ok) return badFiltersResponse(parsed.errors);
  const { after: _a, before: _b, status: _s, ...rest } = parsed.filters;
  const filters = { ...rest, status: "subscribed" as const };
  await audit(db, { staffId: me.id, action: "subscribers.export", subject: url.search || "all subscribers", detail: { filters } });
  // Times in the exporter's zone, named in the header.
  return csvResponse(csvStream(db, { subscribers: filters }, new Map(), undefined, shownZone(request, me) ?? "UTC"), "subscribers");
}
