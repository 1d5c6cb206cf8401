import { data } from "react-router";
import { csvLine } from "~/features/leads/desk/export.server";
import { submissionOf } from "~/features/leads/attribution-counts.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import type { DeskArgs } from "~/features/staff/desk-guard.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { shownZone } from "~/features/staff/time-zone.server";
import { audit } from "~/features/staff/audit.server";
import type { Db } from "~/platform/db/db.server";
import type { Services } from "~/platform/services.server";
import { flushEvents } from "./ingest.server";
import { type Insight, loadInsight } from "./queries.server";
import { discardedLabel } from "./discarded";
import { INSIGHT_PERIODS } from "./wire";
import { CONVERSION_NONE, type Conversion } from "./conversion";
import { rollUp } from "./rollup.server";

/** The events sent so far are written and counted before the screen reads the rollups. */
async function upToDate(services: Services) {
  await flushEvents(services);
  await rollUp(services.db);
}

function periodFrom(url: URL) {
  const value = url.searchParams.get("days") ?? "30";
  const known = INSIGHT_PERIODS.find((p) => p.value === value);
  return { known, days: known ? Number(value) : 30, value: known ? value : "30" };
}

/** /desk/insights */
export async function loadInsightScreen({ request, context }: DeskArgs) {
  const services = deskServices(context);
  const period = periodFrom(new URL(request.url));
  await upToDate(services);
  // The member's days, from the first render (their setting, else their browser's zone, else UTC).
  const insight = await loadInsight(services.db, period.days, new Date(), shownZone(request, signedIn(context)) ?? "UTC");
  const errors = period.known ? null : [`The period must be one of ${INSIGHT_PERIODS.map((p) => p.value).join(", ")} days`];
  const perAddress = services.env.INSIGHT_VISITORS_PER_ADDRESS;
  return data({ errors, period: period.value, insight, perAddress }, { status: errors ? 400 : 200, headers: DESK_HEADERS });
}

const pct = (c: Conversion) => ("rate" in c ? (c.rate * 100).toFixed(1) : CONVERSION_NONE[c.none]);
const n = (v: number | null) => (v === null ? "" : v);
const fields = (xs: { field: string; n: number }[]) => xs.map((x) => `${x.field} (${x.n})`).join("; ");

/** The CSV of one view of the screen; the top lists ranked by leads, "" where no visit was counted. */
export const CSV_VIEWS: Record<string, (i: Insight, perAddress: number) => unknown[][]> = {
  days: (i) => [[`Day (${i.zone})`, "Visitors", "Views", "Leads"], ...i.perDay.map((d) => [d.day, d.visitors, d.views, d.leads])],
  pages: (i) => [
    ["Page", "Leads landed here", "Views", "Landing visits", "Conversion %"],
    ...i.pages.map((r) => [r.key, r.leads, n(r.views), n(r.visitors), pct(r.rate)]),
  ],
  sources: (i) => [["Source", "Leads", "Visits", "Conversion %"], ...i.sources.map((r) => [r.key, r.leads, n(r.visitors), pct(r.rate)])],
  referrers: (i) => [["Referrer", "Leads", "Visits", "Conversion %"], ...i.referrers.map((r) => [r.key, r.leads, n(r.visitors), pct(r.rate)])],
  campaigns: (i) => [["Campaign", "Leads", "Visits", "Conversion %"], ...i.campaigns.map((r) => [r.key, r.leads, n(r.visitors), pct(r.rate)])],
  forms: (i) => [
    ["Form", "Seen", "Started", "Failed checks", "Submitted", "Refused", "Stored", "Fields failing most", "Gave up", "Gave up after", "Form name"],
    ...i.forms.map((f) => [f.form, f.seen, f.started, f.failed, f.submitted, f.refused, f.stored, fields(f.failing), f.gaveUp, fields(f.left), f.label]),
  ],
  vitals: (i) => [
    ["Page", "Device", "Metric", "75th percentile", "Rating", "Samples"],
    ...i.vitals.map((v) => [v.path, v.device, v.metric, v.p75, v.rating, v.n]),
  ],
  discarded: (i, perAddress) => [
    ["Not counted as traffic", "Kind", "Count"],
    ...i.discarded.map((d) => [discardedLabel(d.reason, perAddress), d.automated ? "Suspected automated" : "Discarded", d.n]),
  ],
};

/** /desk/insights/export.csv?days=30&view=pages */
export async function exportInsight({ request, context }: DeskArgs) {
  const me = signedIn(context);
  const services = deskServices(context);
  const url = new URL(request.url);
  const period = periodFrom(url);
  const view = url.searchParams.get("view") ?? "";
  const make = CSV_VIEWS[view];
  if (!period.known || !make) {
    return new Response(`Choose days (${INSIGHT_PERIODS.map((p) => p.value).join(", ")}) and view (${Object.keys(CSV_VIEWS).join(", ")}).\n`, {
      status: 400,
      headers: { ...DESK_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  await upToDate(services);
  const insight = await loadInsight(services.db, period.days, new Date(), shownZone(request, me) ?? "UTC");
  await audit(services.db, { staffId: me.id, action: "insight.export", subject: `${view}, ${period.days} days`, detail: { view, days: period.days } });
  return new Response(make(insight, services.env.INSIGHT_VISITORS_PER_ADDRESS).map(csvLine).join(""), {
    headers: {
      ...DESK_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="fillway-insight-${view}-${insight.from}-${insight.to}.csv"`,
    },
  });
}

/** The visit that brought a lead: its pages up to the form, from the form's "stored" event. */
export async function visitOfLead(db: Db, leadId: number) {
  const lead = await submissionOf(db, leadId);
  if (!lead?.submissionId) return null;
  const stored = await db.kysely
    .selectFrom("insight_events")
    .select(["visitor", "day", "id"])
    .where("submission_id", "=", lead.submissionId)
    .where("kind", "=", "form")
    .orderBy("id")
    .executeTakeFirst();
  if (!stored) return null;
  const views = await db.kysely
    .selectFrom("insight_events")
    .select(["path", "at", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "device", "browser", "os"])
    .where("visitor", "=", stored.visitor)
    .where("day", "=", stored.day)
    .where("kind", "=", "view")
    .where("id", "<", stored.id)
    .orderBy("id")
    .limit(50)
    .execute();
  const first = views[0];
  if (!first) return null;
  return {
    landing: first.path,
    source: first.utm_source ?? first.referrer_host ?? "(direct)",
    campaign: first.utm_campaign,
    medium: first.utm_medium,
    device: `${first.device}, ${first.browser} on ${first.os}`,
    // Each page's time as stored (UTC): the lead page shows it in the member's zone.
    pages: views.map((v) => ({ path: v.path, at: v.at })),
  };
}

/** /desk/insights/visit/:lead (JSON for the lead page's visit box). */
export async function loadVisit({ params, context }: DeskArgs<{ lead?: string }>) {
  const id = Number(params.lead);
  if (!Number.isSafeInteger(id) || id < 1) return data({ visit: null }, { status: 404, headers: DESK_HEADERS });
  return data({ visit: await visitOfLead(deskServices(context).db, id) }, { headers: DESK_HEADERS });
}
