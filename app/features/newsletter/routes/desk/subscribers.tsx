import { data, useLocation } from "react-router";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { parseSubscriberFilters, rawFilters } from "~/features/leads/desk/filters.server";
import { subscriberStatusLabels, subscriberTypeLabels, subscriberTypes, type SubscriberType } from "~/features/leads/desk/labels.server";
import { countMatching, listSubscribers } from "~/features/leads/desk/query.server";
import { SubscriberTotals, subscriberColumns } from "~/features/newsletter/components/subscriber-columns";
import { subscriberTotals } from "~/features/newsletter/resend.server";
import { subscribersAction } from "~/features/newsletter/subscribers-screen.server";
import { ListTotal } from "~/ui/desk/total";
import { any, DeskTable, dateFields, FilterBar, keysetLinks, Pager } from "~/ui/desk/kit";
import { deskSecondary, ErrorList, Notice, PageTitle } from "~/ui/desk/ui";
import type { Route } from "./+types/subscribers";

export const meta = () => [{ title: "Newsletter subscribers · Fillway desk" }];
export const headers = () => DESK_HEADERS;

const statusWords: Record<string, string> = subscriberStatusLabels;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = deskServices(context);
  const url = new URL(request.url);
  const raw = rawFilters(url.searchParams);
  const types = Object.entries(subscriberTypeLabels).map(([value, label]) => ({ value, label }));
  const statuses = Object.entries(subscriberStatusLabels).map(([value, label]) => ({ value, label }));
  const parsed = parseSubscriberFilters(url.searchParams);
  const totals = await subscriberTotals(db);
  if (!parsed.ok)
    return data({ raw, types, statuses, totals, errors: parsed.errors, rows: [], next: null, prev: null, total: null }, { status: 400, headers: DESK_HEADERS });
  const typeByCode = new Map<number, SubscriberType>(Object.entries(subscriberTypes).map(([k, v]) => [v, k as SubscriberType]));
  const [page, total] = await Promise.all([listSubscribers(db, parsed.filters), countMatching(db, { subscribers: parsed.filters })]);
  const rows = page.rows.map((r) => {
    const type = typeByCode.get(r.type);
    return {
      id: r.id,
      email: r.email,
      type: type ? subscriberTypeLabels[type] : `Type ${r.type}`,
      page: r.page,
      when: r.createdAt,
      status: r.status,
      statusLabel: statusWords[r.status] ?? r.status,
    };
  });
  return data(
    { raw, types, statuses, totals, errors: null as string[] | null, rows, next: page.next, prev: page.prev, total: total as typeof total | null },
    { headers: DESK_HEADERS },
  );
}

export const action = (args: Route.ActionArgs) => subscribersAction(args);

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { raw, types, statuses, totals, errors, rows, next, prev, total } = loaderData;
  const location = useLocation();
  return (
    <div>
      <PageTitle
        actions={
          <a className={deskSecondary} href={`/desk/subscribers/export.csv${location.search}`} download>
            Export confirmed subscribers (CSV)
          </a>
        }
      >
        Newsletter subscribers
      </PageTitle>
      <SubscriberTotals totals={totals} />
      <FilterBar
        label="Filter subscribers"
        idPrefix="s"
        values={raw}
        grid="grid-cols-2 gap-3 sm:grid-cols-5"
        clear={{ to: "/desk/subscribers", label: "Clear" }}
        fields={[
          { type: "search", name: "q", label: "E-mail starts with", maxLength: 120, span: "col-span-2 sm:col-span-1" },
          { type: "select", name: "type", label: "Type", first: any("All types"), options: types },
          { type: "select", name: "status", label: "Status", first: any("Any status"), options: statuses },
          ...dateFields(),
        ]}
      />
      <ErrorList errors={errors} title="These filters cannot be used" />
      <ErrorList errors={actionData?.errors} title="Nothing was changed" />
      {actionData?.done ? <Notice>{actionData.done}</Notice> : null}
      <ListTotal total={total} one="subscription" many="subscriptions" />
      <DeskTable
        caption="Newsletter subscriptions, newest first"
        columns={subscriberColumns}
        rows={rows}
        empty={errors ? null : "No subscribers match these filters."}
      />
      <Pager label="Pages of subscribers" links={keysetLinks(location.search, prev, next)} />
    </div>
  );
}
