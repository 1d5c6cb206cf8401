import { deskServices } from "~/features/staff/auth.server";
import { shownZone } from "~/features/staff/time-zone.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { audit } from "~/features/staff/audit.server";
import { badFiltersResponse, csvResponse, csvStream } from "~/features/leads/desk/export.server";
import { parseLeadFilters } from "~/features/leads/desk/filters.server";
import { staffDirectory } from "~/features/staff/people.server";
import type { Route } from "./+types/leads-export";

/** GET /desk/leads/export.csv?<the inbox's filters>: every matching lead, streamed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = signedIn(context);
  const { db, log } = deskServices(context);
  const url = new URL(request.url);
  const parsed = parseLeadFilters(url.searchParams);
  if (!parsed.ok) return badFiltersResponse(parsed.errors);
  const { after: _a, before: _b, ...filters } = parsed.filters;
  await audit(db, { staffId: me.id, action: "leads.export", subject: url.search || "all leads", detail: { filters } });
  const staff = await staffDirectory(db);
  // Times in the exporter's zone (named in the header), else UTC.
  const zone = shownZone(request, me) ?? "UTC";
  const stream = csvStream(db, { leads: filters }, staff, (rows) => log.info({ staffId: me.id, rows }, "desk: leads exported"), zone);
  return csvResponse(stream, "leads");
}
