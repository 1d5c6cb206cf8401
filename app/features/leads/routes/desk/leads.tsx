import { Form, Link, useLocation, useNavigation } from "react-router";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import type { LeadView } from "~/features/leads/desk/filters.server";
import { any, DeskTable, dateFields, FilterBar, FilterInput, keysetLinks, Pager } from "~/ui/desk/kit";
import { deskSecondary, ErrorList, NOBODY, Notice, PageTitle } from "~/ui/desk/ui";
import { activeFilters, FilterDisclosure } from "~/ui/desk/disclosure";
import { ListTotal } from "~/ui/desk/total";
import { columns } from "~/features/leads/components/desk/leads-columns";
import { BulkBar, ConfirmAll } from "~/features/leads/components/desk/bulk-bar";
import { LeadSearch } from "~/features/leads/components/desk/lead-search";
import type { Route } from "./+types/leads";
import { loadLeads, leadsAction } from "~/features/leads/desk/leads-screen.server";

/** The attribution filters: any case, a host with or without "www."; the values that exist are offered. */
const ATTRIBUTION_INPUTS = [
  { name: "landing", label: "Landing page", placeholder: "/getafleet" },
  { name: "referrer", label: "Referrer host", placeholder: "www.google.com" },
  { name: "utm_source", label: "utm_source", placeholder: "newsletter" },
  { name: "utm_medium", label: "utm_medium", placeholder: "email" },
  { name: "utm_campaign", label: "utm_campaign", placeholder: "spring-fleet" },
] as const;

/** The saved views offered above the list (`withView` says what each filters). */
const leadViews: { value: LeadView; label: string }[] = [
  { value: "mine", label: "Mine" },
  { value: "unassigned", label: "Unassigned" },
  { value: "today", label: "Today" },
  { value: "overdue", label: "Overdue" },
  { value: "replied", label: "Replied" },
  { value: "spam", label: "Spam" },
];

export const meta = () => [{ title: "Leads · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadLeads(args);
export const action = (args: Route.ActionArgs) => leadsAction(args);

export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const { raw, view, errors, rows, next, prev, total, choices } = loaderData;
  const location = useLocation();
  // The filter and search, without the page: a lead opened from here keeps them.
  const { after: _after, before: _before, ...kept } = raw;
  const listSearch = Object.keys(kept).length || view ? `?${new URLSearchParams({ ...(view ? { view } : {}), ...kept })}` : "";
  const busy = useNavigation().state !== "idle";
  const exportHref = `/desk/leads/export.csv${location.search}`;
  const values = actionData?.values;
  const selected = new Set(values?.ids ?? []);
  // A page in the URL that no lead names any more is still shown as chosen.
  const unlistedPage = raw.page && !choices.pages.includes(raw.page) ? [{ value: raw.page, label: raw.page }] : [];
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
      <nav aria-label="Views" className="mb-3 flex flex-wrap gap-2 text-sm">
        {[{ value: null, label: "All leads" }, ...leadViews].map((v) => (
          <Link
            key={v.label}
            to={v.value ? `/desk/leads?view=${v.value}` : "/desk/leads"}
            aria-current={view === v.value && (v.value || !Object.keys(kept).length) ? "page" : undefined}
            className="rounded-full border border-slate-300 px-3 py-1 font-medium hover:bg-slate-100 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white aria-[current=page]:hover:bg-brand-800 dark:border-slate-600 dark:hover:bg-slate-800 dark:aria-[current=page]:hover:bg-brand-800"
          >
            {v.label}
          </Link>
        ))}
      </nav>

      <LeadSearch raw={raw} view={view} />
      <FilterDisclosure active={activeFilters(raw) - (raw.q ? 1 : 0)}>
        <FilterBar
          label="Filter leads"
          idPrefix="f"
          values={raw}
          grid="grid-cols-1 gap-3 sm:grid-cols-4 xl:grid-cols-7"
          clear={{ to: "/desk/leads", label: "Clear" }}
          fields={[
            { type: "select", name: "kind", label: "Form", first: any("All forms"), options: choices.kinds },
            { type: "select", name: "type", label: "Type code", first: any("All types"), options: choices.types },
            {
              type: "select",
              name: "page",
              label: "Page",
              first: [...any("All pages"), ...unlistedPage],
              options: choices.pages.map((p) => ({ value: p, label: p })),
            },
            { type: "select", name: "status", label: "Status", first: any("Any status"), options: choices.statuses },
            { type: "select", name: "assignee", label: "Assignee", first: [...any("Anyone"), NOBODY], options: choices.staff },
            ...dateFields(),
          ]}
        >
          {view ? <input type="hidden" name="view" value={view} /> : null}
          {raw.q ? <input type="hidden" name="q" value={raw.q} /> : null}
          {raw.since ? <input type="hidden" name="since" value={raw.since} /> : null}
          <fieldset className="mt-3 grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-5">
            <legend className="mb-1 text-sm font-semibold">Where the visitor came from (first page of the visit)</legend>
            {ATTRIBUTION_INPUTS.map((f) => (
              <FilterInput key={f.name} idPrefix="f" values={raw} field={{ type: "text", maxLength: 300, suggestions: choices.attribution[f.name], ...f }} />
            ))}
          </fieldset>
        </FilterBar>
      </FilterDisclosure>
      <ErrorList errors={errors} title="These filters cannot be used" />
      <ErrorList errors={actionData?.errors} title="Nothing was changed" />
      {actionData?.done ? <Notice>{actionData.done}</Notice> : null}
      {actionData?.confirm ? <ConfirmAll confirm={actionData.confirm} /> : null}
      <ListTotal total={total} one="lead" many="leads" />

      {/* The leads first, their bulk change after them: on a phone the first card is on the first screen; from md up the bar stays in view at the bottom. */}
      <Form method="post" aria-label="Change the selected leads" key={actionData?.done ?? "bulk"}>
        <DeskTable
          caption="Leads, newest first"
          columns={columns(selected, listSearch)}
          rows={rows}
          empty={errors ? null : "No leads match these filters."}
          cards
          rowClassName="hover:bg-slate-50 focus-within:bg-brand-50 dark:hover:bg-slate-900 dark:focus-within:bg-brand-950"
        />
        <div className="mt-3 md:sticky md:bottom-0 md:z-10 md:border-t md:border-slate-300 md:bg-white md:pt-2 md:dark:border-slate-600 md:dark:bg-slate-950">
          <BulkBar choices={choices} total={total} values={values ?? null} busy={busy} />
        </div>
      </Form>
      <Pager label="Pages of leads" links={keysetLinks(location.search, prev, next)} />
    </div>
  );
}
