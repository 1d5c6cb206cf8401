import { DESK_HEADERS } from "~/features/staff/auth.server";
import { PeriodForm } from "~/ui/desk/kit";
import { PageTitle } from "~/ui/desk/ui";
import { NewSince } from "~/features/leads/components/desk/new-since";
import { PERIODS } from "~/features/leads/overview-periods";
import { CountTable, PerDayChart } from "~/features/leads/components/desk/overview-charts";
import { ResponseChart } from "~/features/leads/components/desk/response-chart";
import type { Route } from "./+types/index";
import { loadDeskHome } from "~/features/leads/desk/overview.server";

export const meta = () => [{ title: "At a glance · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadDeskHome(args);

export default function DeskHome({ loaderData }: Route.ComponentProps) {
  const { errors, period, periodLabel, kinds, perDay, byStatus, byPage, fresh, response } = loaderData;
  return (
    <div>
      <PageTitle>At a glance</PageTitle>
      <NewSince fresh={fresh} />

      <section aria-labelledby="per-day" className="mb-8">
        <h2 id="per-day" className="mb-2 text-lg font-semibold">
          Leads per day, last 90 days
        </h2>
        <PerDayChart perDay={perDay} kinds={kinds} zone={loaderData.zone} />
      </section>

      <ResponseChart data={response} />

      <section aria-labelledby="counts">
        <h2 id="counts" className="mb-2 text-lg font-semibold">
          Counts for {periodLabel.toLowerCase()}
        </h2>
        <PeriodForm id="g-days" period={period} options={PERIODS} errors={errors} className="mb-4" />
        <div className="grid gap-6 md:grid-cols-2">
          <CountTable caption={`By status, ${periodLabel.toLowerCase()}`} rows={byStatus} />
          <CountTable caption={`By page, ${periodLabel.toLowerCase()}`} rows={byPage} />
        </div>
      </section>
    </div>
  );
}
