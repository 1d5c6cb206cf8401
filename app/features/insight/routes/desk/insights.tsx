import { loadInsightScreen } from "~/features/insight/desk.server";
import { INSIGHT_PERIODS } from "~/features/insight/wire";
import { CONVERSION_DEFINITION } from "~/features/insight/conversion";
import { CsvLink, PerDayChart, TopTable, TotalsList, UtcDaysNote } from "~/features/insight/components/insight-charts";
import { DiscardedTable, FormFunnels, VitalsTable } from "~/features/insight/components/insight-forms";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { PeriodForm } from "~/ui/desk/kit";
import { PageTitle } from "~/ui/desk/ui";
import type { Route } from "./+types/insights";

export const meta = () => [{ title: "Insight · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadInsightScreen(args);

/** /desk/insights: which pages and campaigns bring visitors and leads, how the forms and pages perform. */
export default function Insights({ loaderData }: Route.ComponentProps) {
  const { errors, period, insight, perAddress } = loaderData;
  const csv = (view: string) => `/desk/insights/export.csv?days=${period}&view=${view}`;
  return (
    <div>
      <PageTitle>Insight</PageTitle>
      <p className="mb-4 text-sm">
        Counted on the public site without cookies: a visitor is one browser on one day. Robots and signed-in staff are not counted, nor what the last section
        lists.{" "}
        <span data-zone-days>
          Days in {insight.zone}: from {insight.from} to {insight.to}, against the {period} days before.
        </span>
      </p>
      <PeriodForm id="i-days" period={period} options={INSIGHT_PERIODS} errors={errors} className="mb-6" />
      <TotalsList current={insight.current} previous={insight.previous} />
      <section aria-labelledby="i-per-day" className="mb-8">
        <h2 id="i-per-day" className="mb-2 text-lg font-semibold">
          Visitors and leads per day
        </h2>
        <PerDayChart perDay={insight.perDay} zone={insight.zone} />
        <CsvLink href={csv("days")} />
      </section>
      <section aria-labelledby="i-where" className="mb-8">
        <h2 id="i-where" className="mb-2 text-lg font-semibold">
          Where leads come from
        </h2>
        <p className="mb-3 text-sm">Ranked by leads, each lead by its own first touch. {CONVERSION_DEFINITION}</p>
        {insight.zone !== "UTC" ? <UtcDaysNote utcDays={insight.utcDays} /> : null}
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
          <TopTable
            caption="Top pages (leads by the page they landed on)"
            what="Page"
            rows={insight.pages}
            views
            none="Landing page not recorded"
            csv={csv("pages")}
          />
          <TopTable caption="Top sources" what="Source" rows={insight.sources} none="Not known" csv={csv("sources")} />
          <TopTable caption="Top referrers" what="Referrer" rows={insight.referrers} none="No referrer" csv={csv("referrers")} />
          <TopTable caption="Top campaigns" what="Campaign" rows={insight.campaigns} none="No campaign" csv={csv("campaigns")} />
        </div>
      </section>
      <section aria-labelledby="i-forms" className="mb-8">
        <h2 id="i-forms" className="mb-2 text-lg font-semibold">
          Forms
        </h2>
        <FormFunnels forms={insight.forms} csv={csv("forms")} />
      </section>
      <section aria-labelledby="i-vitals">
        <h2 id="i-vitals" className="mb-2 text-lg font-semibold">
          Web Vitals of real visitors
        </h2>
        <VitalsTable vitals={insight.vitals} csv={csv("vitals")} />
      </section>
      <section aria-labelledby="i-discarded" className="mt-8">
        <h2 id="i-discarded" className="mb-2 text-lg font-semibold">
          Discarded and suspected automated
        </h2>
        <DiscardedTable discarded={insight.discarded} perAddress={perAddress} csv={csv("discarded")} />
      </section>
    </div>
  );
}
