import { DESK_HEADERS, deskServices, requireStaff } from "~/server/desk/auth.server";
import { audit } from "~/server/desk/audit.server";
import { csvFileName, csvStream } from "~/server/desk/leads/export.server";
import { parseSubscriberFilters } from "~/server/desk/leads/filters.server";
import type { Route } from "./+types/subscribers-export";

/** GET /desk/subscribers/export.csv?<the list's filters>: every matching subscription, streamed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, ["admin", "sales"]);
  const { db } = deskServices(context);
  const url = new URL(request.url);
  const parsed = parseSubscriberFilters(url.searchParams);
  if (!parsed.ok) {
    return new Response(`These filters cannot be used: ${parsed.errors.join("; ")}\n`, {
      status: 400,
      headers: { ...DESK_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { after: _a, before: _b, ...filters } = parsed.filters;
  await audit(db, { staffId: me.id, action: "subscribers.export", subject: url.search || "all subscribers", detail: { filters } });
  return new Response(csvStream(db, { subscribers: filters }, new Map()), {
    headers: {
      ...DESK_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName("subscribers")}"`,
    },
  });
}
