import { z } from "zod";
import { data, Form, useLocation } from "react-router";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { audit } from "~/features/staff/audit.server";
import { parseSubscriberFilters, rawFilters } from "~/features/leads/desk/filters.server";
import { messages } from "~/features/leads/desk/forms.server";
import { subscriberStatusLabels, subscriberTypeLabels, subscriberTypes, type SubscriberType } from "~/features/leads/desk/labels.server";
import { countMatching, listSubscribers, unsubscribeRow } from "~/features/leads/desk/query.server";
import { When } from "~/ui/desk/time";
import { ListTotal } from "~/ui/desk/total";
import { any, type Column, DeskTable, dateFields, FilterBar, keysetLinks, Pager } from "~/ui/desk/kit";
import { deskSecondary, ErrorList, Notice, PageTitle, StatusBadge } from "~/ui/desk/ui";
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
  if (!parsed.ok)
    return data({ raw, types, statuses, errors: parsed.errors, rows: [], next: null, prev: null, total: null }, { status: 400, headers: DESK_HEADERS });
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
    { raw, types, statuses, errors: null as string[] | null, rows, next: page.next, prev: page.prev, total: total as typeof total | null },
    { headers: DESK_HEADERS },
  );
}

// Staff can unsubscribe an address (asked by e-mail or phone); only the address itself can confirm one.
const changeSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, "This is not a subscription")
    .transform(Number),
  status: z.literal("unsubscribed", "Staff can only unsubscribe: an address subscribes by confirming the e-mail we send it"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  const form = await request.formData();
  const parsed = changeSchema.safeParse({ id: String(form.get("id") ?? ""), status: String(form.get("status") ?? "") });
  if (!parsed.success) return data({ errors: messages(parsed.error), done: null }, { status: 422, headers: DESK_HEADERS });
  const found = await unsubscribeRow(db, parsed.data.id, me.id);
  if (!found) return data({ errors: ["There is no such subscription"], done: null }, { status: 404, headers: DESK_HEADERS });
  await audit(db, {
    staffId: me.id,
    action: "subscriber.status",
    subject: String(parsed.data.id),
    detail: { status: parsed.data.status, rows: found.changed },
  });
  const done = found.changed
    ? `${found.email} is now unsubscribed (${found.changed} ${found.changed === 1 ? "sign-up" : "sign-ups"}).`
    : `${found.email} was unsubscribed already.`;
  return data({ errors: null as string[] | null, done }, { headers: DESK_HEADERS });
}

type SubscriberRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: Column<SubscriberRow>[] = [
  { header: "Signed up", cell: (r) => <When iso={r.when} /> },
  { header: "E-mail", className: "break-all", cell: (r) => r.email },
  { header: "Type", cell: (r) => r.type },
  { header: "Page", cell: (r) => r.page },
  { header: "Status", cell: (r) => <StatusBadge status={r.status} label={r.statusLabel} /> },
  {
    header: "Change",
    srOnly: true,
    cell: (r) =>
      r.status === "unsubscribed" ? null : (
        <Form method="post">
          <input type="hidden" name="id" value={r.id} />
          <input type="hidden" name="status" value="unsubscribed" />
          <button type="submit" className={deskSecondary} aria-label={`Unsubscribe ${r.email} (${r.type})`}>
            Unsubscribe
          </button>
        </Form>
      ),
  },
];

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { raw, types, statuses, errors, rows, next, prev, total } = loaderData;
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
      <DeskTable caption="Newsletter subscriptions, newest first" columns={columns} rows={rows} empty={errors ? null : "No subscribers match these filters."} />
      <Pager label="Pages of subscribers" links={keysetLinks(location.search, prev, next)} />
    </div>
  );
}
