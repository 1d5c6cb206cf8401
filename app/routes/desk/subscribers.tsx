import { z } from "zod";
import { data, Form, useLocation } from "react-router";
import { DESK_HEADERS, deskServices, requireStaff } from "~/server/desk/auth.server";
import { audit } from "~/server/desk/audit.server";
import { parseSubscriberFilters, rawFilters } from "~/server/desk/leads/filters.server";
import { messages } from "~/server/desk/leads/forms.server";
import { formatWhen, subscriberStatusLabels, subscriberTypeLabels, subscriberTypes, type SubscriberType } from "~/server/desk/leads/labels.server";
import { listSubscribers, unsubscribeRow } from "~/server/desk/leads/query.server";
import {
  DateRange,
  deskInput,
  deskSecondary,
  deskTable,
  deskTd,
  ErrorList,
  Field,
  FilterActions,
  HeaderRow,
  Notice,
  PageTitle,
  Pager,
  SelectField,
  StatusBadge,
} from "~/components/desk/ui";
import type { Route } from "./+types/subscribers";

export const meta = () => [{ title: "Newsletter subscribers · Fillway desk" }];
export const headers = () => DESK_HEADERS;

const ROLES: ("admin" | "sales")[] = ["admin", "sales"];
const statusWords: Record<string, string> = subscriberStatusLabels;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ROLES);
  const { db } = deskServices(context);
  const url = new URL(request.url);
  const raw = rawFilters(url.searchParams);
  const types = Object.entries(subscriberTypeLabels).map(([value, label]) => ({ value, label }));
  const statuses = Object.entries(subscriberStatusLabels).map(([value, label]) => ({ value, label }));
  const parsed = parseSubscriberFilters(url.searchParams);
  if (!parsed.ok) return data({ raw, types, statuses, errors: parsed.errors, rows: [], next: null, prev: null }, { status: 400, headers: DESK_HEADERS });
  const typeByCode = new Map<number, SubscriberType>(Object.entries(subscriberTypes).map(([k, v]) => [v, k as SubscriberType]));
  const page = await listSubscribers(db, parsed.filters);
  const rows = page.rows.map((r) => {
    const type = typeByCode.get(r.type);
    return {
      id: r.id,
      email: r.email,
      type: type ? subscriberTypeLabels[type] : `Type ${r.type}`,
      page: r.page,
      when: formatWhen(r.createdAt),
      status: r.status,
      statusLabel: statusWords[r.status] ?? r.status,
    };
  });
  return data({ raw, types, statuses, errors: null as string[] | null, rows, next: page.next, prev: page.prev }, { headers: DESK_HEADERS });
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
  const me = await requireStaff(request, context, ROLES);
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

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { raw, types, statuses, errors, rows, next, prev } = loaderData;
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
      <Form method="get" aria-label="Filter subscribers" className="mb-4 rounded-md border border-slate-300 p-3 dark:border-slate-600" key={location.search}>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <div className="col-span-2 sm:col-span-1">
            <Field id="s-q" label="E-mail starts with">
              <input id="s-q" name="q" type="search" defaultValue={raw.q ?? ""} maxLength={120} className={deskInput} />
            </Field>
          </div>
          <SelectField id="s-type" name="type" label="Type" first={[{ value: "", label: "All types" }]} options={types} defaultValue={raw.type ?? ""} />
          <SelectField
            id="s-status"
            name="status"
            label="Status"
            first={[{ value: "", label: "Any status" }]}
            options={statuses}
            defaultValue={raw.status ?? ""}
          />
          <DateRange prefix="s" from={raw.from} to={raw.to} />
        </div>
        <FilterActions clearTo="/desk/subscribers" />
      </Form>
      <ErrorList errors={errors} title="These filters cannot be used" />
      <ErrorList errors={actionData?.errors} title="Nothing was changed" />
      {actionData?.done ? <Notice>{actionData.done}</Notice> : null}
      <div className="max-h-[70vh] overflow-auto rounded-md border border-slate-300 dark:border-slate-600">
        <table className={deskTable}>
          <caption className="sr-only">Newsletter subscriptions, newest first</caption>
          <thead>
            <HeaderRow labels={["Signed up", "E-mail", "Type", "Page", "Status", "Change"]} hidden={["Change"]} />
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td className={`${deskTd} whitespace-nowrap`}>{r.when}</td>
                <td className={`${deskTd} break-all`}>{r.email}</td>
                <td className={deskTd}>{r.type}</td>
                <td className={deskTd}>{r.page}</td>
                <td className={deskTd}>
                  <StatusBadge status={r.status} label={r.statusLabel} />
                </td>
                <td className={deskTd}>
                  {r.status === "unsubscribed" ? null : (
                    <Form method="post">
                      <input type="hidden" name="id" value={r.id} />
                      <input type="hidden" name="status" value="unsubscribed" />
                      <button type="submit" className={deskSecondary} aria-label={`Unsubscribe ${r.email} (${r.type})`}>
                        Unsubscribe
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && !errors ? <p className="p-4 text-sm">No subscribers match these filters.</p> : null}
      </div>
      <Pager search={location.search} prev={prev} next={next} label="Pages of subscribers" />
    </div>
  );
}
