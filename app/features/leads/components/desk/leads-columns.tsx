import { Link } from "react-router";
import type { Route } from "../../routes/desk/+types/leads";
import type { Column } from "~/ui/desk/kit";
import { deskLink, StatusBadge } from "~/ui/desk/ui";
import { OverdueBadge } from "./overdue-badge";
import { ReturningMark } from "./contact-link";

type LeadRow = Route.ComponentProps["loaderData"]["rows"][number];

/** The inbox's columns; the first ticks a lead for "Change the selected leads". */
export const columns = (selected: Set<string>, listSearch: string): Column<LeadRow>[] => [
  {
    header: "Select",
    srOnly: true,
    cell: (r) => (
      <input
        type="checkbox"
        name="id"
        value={r.id}
        defaultChecked={selected.has(String(r.id))}
        aria-label={`Select lead ${r.id} from ${r.who || r.email}`}
        className="size-4"
      />
    ),
  },
  { header: "Received", className: "whitespace-nowrap", cell: (r) => r.when },
  {
    header: "From",
    cell: (r) => (
      <>
        <Link to={`/desk/leads/${r.id}${listSearch}`} className={deskLink}>
          {r.who || r.email}
        </Link>
        {r.contactId !== null ? (
          <>
            <br />
            <ReturningMark />
          </>
        ) : null}
      </>
    ),
  },
  {
    header: "Form and type",
    cell: (r) => (
      <>
        {r.form}
        <br />
        <span className="text-xs text-slate-600 dark:text-slate-400">{r.typeLabel}</span>
      </>
    ),
  },
  { header: "E-mail", className: "break-all", cell: (r) => r.email },
  {
    header: "Phone",
    className: "whitespace-nowrap",
    cell: (r) => (
      <>
        {r.phone}
        <IncompleteMark marks={r.incomplete} mark="phone incomplete" />
      </>
    ),
  },
  {
    header: "ZIP",
    cell: (r) => (
      <>
        {r.zip}
        <IncompleteMark marks={r.incomplete} mark="ZIP incomplete" />
      </>
    ),
  },
  { header: "City", cell: (r) => r.city },
  { header: "Page", className: "break-all", cell: (r) => r.page },
  {
    header: "Status",
    cell: (r) => (
      <>
        <StatusBadge status={r.status} label={r.statusLabel} />
        <OverdueBadge overdue={r.overdue} />
      </>
    ),
  },
  { header: "Assignee", cell: (r) => r.assignee },
];

/** A short mark under a value shorter than a full one (the API keeps the specification's looser rule). */
function IncompleteMark({ marks, mark }: { marks: string[]; mark: string }) {
  if (!marks.includes(mark)) return null;
  return (
    <span className="mt-0.5 block w-fit rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">{mark}</span>
  );
}
