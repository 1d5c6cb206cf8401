import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { DESK_HEADERS, deskServices, requireStaff } from "~/server/desk/auth.server";
import { audit } from "~/server/desk/audit.server";
import { parseLeadFilters, rawFilters } from "~/server/desk/leads/filters.server";
import { bulkSchema, leadChoices, messages, resolveAssignee } from "~/server/desk/leads/forms.server";
import { formatWhen, statusLabels, type LeadStatus } from "~/server/desk/leads/labels.server";
import { changeLeads, listLeads } from "~/server/desk/leads/query.server";
import { staffDirectory, staffLabel } from "~/server/desk/leads/staff.server";
import {
  DateRange,
  deskInput,
  deskLink,
  deskPrimary,
  deskSecondary,
  deskTable,
  deskTd,
  ErrorList,
  Field,
  FilterActions,
  HeaderRow,
  NOBODY,
  Notice,
  PageTitle,
  Pager,
  SelectField,
  StatusBadge,
} from "~/components/desk/ui";
import type { Route } from "./+types/leads";

/** The attribution filters: exact values, as the desk shows them on a lead. */
const ATTRIBUTION_INPUTS = [
  { name: "landing", label: "Landing page", placeholder: "/getafleet" },
  { name: "referrer", label: "Referrer host", placeholder: "www.google.com" },
  { name: "utm_source", label: "utm_source", placeholder: "newsletter" },
  { name: "utm_medium", label: "utm_medium", placeholder: "email" },
  { name: "utm_campaign", label: "utm_campaign", placeholder: "spring-fleet" },
] as const;

export const meta = () => [{ title: "Leads · Fillway desk" }];
export const headers = () => DESK_HEADERS;

const ROLES: ("admin" | "sales")[] = ["admin", "sales"];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ROLES);
  const { db } = deskServices(context);
  const url = new URL(request.url);
  const staff = await staffDirectory(db);
  const choices = leadChoices(staff);
  const raw = rawFilters(url.searchParams);
  const parsed = parseLeadFilters(url.searchParams);
  if (!parsed.ok) {
    return data({ raw, errors: parsed.errors, rows: [], next: null, prev: null, choices }, { status: 400, headers: DESK_HEADERS });
  }
  const page = await listLeads(db, parsed.filters);
  const rows = page.rows.map((r) => ({
    ...r,
    when: formatWhen(r.createdAt),
    statusLabel: statusLabels[r.status as LeadStatus] ?? r.status,
    assignee: r.assigneeId === null ? "" : staffLabel(staff.get(r.assigneeId), r.assigneeId),
  }));
  return data({ raw, errors: null as string[] | null, rows, next: page.next, prev: page.prev, choices }, { headers: DESK_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, ROLES);
  const { db } = deskServices(context);
  const form = await request.formData();
  const values = { ids: form.getAll("id").map(String), status: String(form.get("status") ?? ""), assignee: String(form.get("assignee") ?? "") };
  const parsed = bulkSchema.safeParse(values);
  if (!parsed.success) return data({ errors: messages(parsed.error), values, done: null }, { status: 422, headers: DESK_HEADERS });
  const staff = await staffDirectory(db);
  const assignee = resolveAssignee(staff, parsed.data.assignee);
  if (!assignee.ok) return data({ errors: [assignee.error], values, done: null }, { status: 422, headers: DESK_HEADERS });
  const changed = await changeLeads(db, parsed.data.ids, { status: parsed.data.status, assigneeId: assignee.id }, me.id);
  await audit(db, {
    staffId: me.id,
    action: "leads.bulk-change",
    subject: parsed.data.ids.join(","),
    detail: { status: parsed.data.status ?? null, assigneeId: assignee.id ?? null, changed },
  });
  const what = changed === 1 ? "1 lead changed" : `${changed} leads changed`;
  return data({ errors: null as string[] | null, values: null, done: `${what} (${parsed.data.ids.length} selected).` }, { headers: DESK_HEADERS });
}

export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const { raw, errors, rows, next, prev, choices } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state !== "idle";
  const exportHref = `/desk/leads/export.csv${location.search}`;
  const values = actionData?.values;
  const selected = new Set(values?.ids ?? []);
  return (
    <div>
      <PageTitle
        actions={
          <a className={deskSecondary} href={exportHref} download>
            Export these leads (CSV)
          </a>
        }
      >
        Leads
      </PageTitle>

      <Form method="get" className="mb-4 rounded-md border border-slate-300 p-3 dark:border-slate-600" aria-label="Filter leads" key={location.search}>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-9">
          <div className="col-span-2 sm:col-span-4 xl:col-span-2">
            <Field id="f-q" label="Search (e-mail, name, business, phone, ZIP)">
              <input id="f-q" name="q" type="search" defaultValue={raw.q ?? ""} className={deskInput} maxLength={120} />
            </Field>
          </div>
          <SelectField id="f-kind" name="kind" label="Form" first={[{ value: "", label: "All forms" }]} options={choices.kinds} defaultValue={raw.kind ?? ""} />
          <SelectField
            id="f-type"
            name="type"
            label="Type code"
            first={[{ value: "", label: "All types" }]}
            options={choices.types}
            defaultValue={raw.type ?? ""}
          />
          <SelectField
            id="f-page"
            name="page"
            label="Page"
            first={[{ value: "", label: "All pages" }, ...(raw.page && !choices.pages.includes(raw.page) ? [{ value: raw.page, label: raw.page }] : [])]}
            options={choices.pages.map((p) => ({ value: p, label: p }))}
            defaultValue={raw.page ?? ""}
          />
          <SelectField
            id="f-status"
            name="status"
            label="Status"
            first={[{ value: "", label: "Any status" }]}
            options={choices.statuses}
            defaultValue={raw.status ?? ""}
          />
          <SelectField
            id="f-assignee"
            name="assignee"
            label="Assignee"
            first={[{ value: "", label: "Anyone" }, NOBODY]}
            options={choices.staff}
            defaultValue={raw.assignee ?? ""}
          />
          <DateRange prefix="f" from={raw.from} to={raw.to} />
        </div>
        <fieldset className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
          <legend className="mb-1 text-sm font-semibold">Where the visitor came from (first page of the visit)</legend>
          {ATTRIBUTION_INPUTS.map((f) => (
            <Field key={f.name} id={`f-${f.name}`} label={f.label}>
              <input
                id={`f-${f.name}`}
                name={f.name}
                type="text"
                defaultValue={raw[f.name] ?? ""}
                className={deskInput}
                maxLength={300}
                placeholder={f.placeholder}
              />
            </Field>
          ))}
        </fieldset>
        <FilterActions clearTo="/desk/leads" />
      </Form>
      <ErrorList errors={errors} title="These filters cannot be used" />
      <ErrorList errors={actionData?.errors} title="Nothing was changed" />
      {actionData?.done ? <Notice>{actionData.done}</Notice> : null}

      <Form method="post" aria-label="Change the selected leads" key={actionData?.done ?? "bulk"}>
        <fieldset className="mb-3 flex flex-wrap items-end gap-3">
          <legend className="mb-1 text-sm font-semibold">Change the selected leads</legend>
          <SelectField
            id="b-status"
            name="status"
            label="New status"
            first={[{ value: "", label: "Keep status" }]}
            options={choices.statuses}
            defaultValue={values?.status ?? ""}
          />
          <SelectField
            id="b-assignee"
            name="assignee"
            label="New assignee"
            first={[{ value: "", label: "Keep assignee" }, NOBODY]}
            options={choices.staff}
            defaultValue={values?.assignee ?? ""}
          />
          <button type="submit" className={deskPrimary} disabled={busy}>
            Apply to selected
          </button>
        </fieldset>

        <div className="max-h-[70vh] overflow-auto rounded-md border border-slate-300 dark:border-slate-600">
          <table className={deskTable}>
            <caption className="sr-only">Leads, newest first</caption>
            <thead>
              <HeaderRow
                labels={["Select", "Received", "From", "Form and type", "E-mail", "Phone", "ZIP", "City", "Page", "Status", "Assignee"]}
                hidden={["Select"]}
              />
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="hover:bg-slate-50 focus-within:bg-brand-50 dark:hover:bg-slate-900 dark:focus-within:bg-brand-950">
                  <td className={deskTd}>
                    <input
                      type="checkbox"
                      name="id"
                      value={r.id}
                      defaultChecked={selected.has(String(r.id))}
                      aria-label={`Select lead ${r.id} from ${r.who || r.email}`}
                      className="size-4"
                    />
                  </td>
                  <td className={`${deskTd} whitespace-nowrap`}>{r.when}</td>
                  <td className={deskTd}>
                    <Link to={`/desk/leads/${r.id}`} className={deskLink}>
                      {r.who || r.email}
                    </Link>
                  </td>
                  <td className={deskTd}>
                    {r.form}
                    <br />
                    <span className="text-xs text-slate-600 dark:text-slate-400">{r.typeLabel}</span>
                  </td>
                  <td className={`${deskTd} break-all`}>{r.email}</td>
                  <td className={`${deskTd} whitespace-nowrap`}>{r.phone}</td>
                  <td className={deskTd}>{r.zip}</td>
                  <td className={deskTd}>{r.city}</td>
                  <td className={`${deskTd} break-all`}>{r.page}</td>
                  <td className={deskTd}>
                    <StatusBadge status={r.status} label={r.statusLabel} />
                  </td>
                  <td className={deskTd}>{r.assignee}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 && !errors ? <p className="p-4 text-sm">No leads match these filters.</p> : null}
        </div>
      </Form>
      <Pager search={location.search} prev={prev} next={next} label="Pages of leads" />
    </div>
  );
}
