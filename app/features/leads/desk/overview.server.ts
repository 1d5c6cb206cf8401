import { PERIODS } from "~/features/leads/overview-periods";
import { shownZone } from "~/features/staff/time-zone.server";
import { data, redirect } from "react-router";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { kindLabel, leadKinds, statusLabels, type LeadStatus } from "~/features/leads/desk/labels.server";
import { countsBy, leadsPerDay } from "~/features/leads/desk/stats.server";
import { newSinceLastVisit } from "~/features/leads/desk/last-visit.server";
import type { DeskArgs } from "~/features/staff/desk-guard.server";
import { responseTimes } from "~/features/leads/routing/response-stats.server";

/** The desk's overview (routes/desk/index.tsx): the figures of each role's work. */

export async function loadDeskHome({ request, context }: DeskArgs) {
  const me = signedIn(context);
  // The glance is about leads: an editor starts at the posts.
  if (me.role === "editor") throw redirect("/desk/posts", { headers: DESK_HEADERS });
  const { db } = deskServices(context);
  const url = new URL(request.url);
  const period = url.searchParams.get("days") ?? "30";
  const known = PERIODS.find((p) => p.value === period);
  const errors = known ? null : [`The period must be one of ${PERIODS.map((p) => p.value).join(", ")} days`];
  const days = known ? Number(period) : 30;
  // The member's days, from the first render (their setting, else their browser's zone, else UTC).
  const zone = shownZone(request, me) ?? "UTC";
  const [perDay, byStatus, byPage, fresh, response] = await Promise.all([
    leadsPerDay(db, 90, new Date(), zone),
    countsBy(db, "status", days),
    countsBy(db, "page_path", days),
    newSinceLastVisit(db, me.id, shownZone(request, me)),
    responseTimes(db),
  ]);
  return data(
    {
      errors,
      period: known ? period : "30",
      periodLabel: (known ?? PERIODS[1])?.label ?? "",
      kinds: leadKinds.map((k) => ({ key: k, label: kindLabel(k) })),
      perDay,
      zone,
      byStatus: byStatus.map((c) => ({ label: statusLabels[c.key as LeadStatus] ?? c.key, n: c.n })),
      byPage: byPage.map((c) => ({ label: c.key || "Not known", n: c.n })),
      response,
      fresh,
    },
    { status: errors ? 400 : 200, headers: DESK_HEADERS },
  );
}
