import { Link } from "react-router";
import type { Route } from "../../routes/desk/+types/leads";
import type { Column } from "~/ui/desk/kit";
import { When } from "~/ui/desk/time";
import { deskLink, StatusBadge } from "~/ui/desk/ui";
import { OverdueBadge } from "./overdue-badge";
import { RepliedBadge } from "~/features/conversations/components/replied-badge";
import { ReturningMark } from "./contact-link";

type LeadRow = Route.ComponentProps["loaderData"]["rows"][number];

const muted = "text-xs text-slate-600 dark:text-slate-400";

/**
 * The inbox's columns; the first ticks a lead for "Change the selected leads". On a wide
 * screen a table row; on a narrow one (DeskTable's `cards`) a card: the lead (name, form,
 * the first words of the message), then status, age and assignee.
 */
export const columns = (selected: Set<string>, listSearch: string): Column<LeadRow>[] => [
  {
    header: "Select",
    srOnly: true,
    className: "w-8 max-md:w-6",
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
  {
    header: "Lead",
    className: "min-w-56 max-md:min-w-0 max-md:basis-[calc(100%-2.25rem)]",
    cell: (r) => (
      <>
        <Link to={`/desk/leads/${r.id}${listSearch}`} className={`${deskLink} break-words`}>
          {r.who || r.email}
        </Link>
        <span className={`${muted} block`}>
          {r.form} · {r.typeLabel}
        </span>
        {r.contactId !== null ? <ReturningMark /> : null}
        {r.preview ? <span className="mt-0.5 line-clamp-2 block break-words text-slate-700 dark:text-slate-300">{r.preview}</span> : null}
      </>
    ),
  },
  {
    header: "Status",
    className: "max-md:ms-9",
    cell: (r) => (
      <>
        <StatusBadge status={r.status} label={r.statusLabel} />
        <OverdueBadge overdue={r.overdue} />
        <RepliedBadge replied={r.replied} />
      </>
    ),
  },
  {
    header: "Received",
    cell: (r) => (
      <>
        <span className="whitespace-nowrap font-semibold">{r.age === "just now" ? r.age : `${r.age} ago`}</span>
        <When iso={r.createdAt} className={`${muted} block whitespace-nowrap max-md:hidden`} />
      </>
    ),
  },
  {
    header: "Contact",
    className: "break-all max-md:hidden",
    cell: (r) => (
      <>
        {r.email}
        <span className={`${muted} block break-normal`}>
          {r.phone}
          <IncompleteMark marks={r.incomplete} mark="phone incomplete" />
          {[r.zip, r.city].filter(Boolean).join(" ")}
          <IncompleteMark marks={r.incomplete} mark="ZIP incomplete" />
        </span>
      </>
    ),
  },
  { header: "Page", className: "break-words max-md:hidden", cell: (r) => r.page },
  { header: "Assignee", className: "max-md:text-xs", cell: (r) => r.assignee },
];

/** A short mark under a value shorter than a full one (the API keeps the specification's looser rule). */
function IncompleteMark({ marks, mark }: { marks: string[]; mark: string }) {
  if (!marks.includes(mark)) return null;
  return (
    <span className="mt-0.5 block w-fit rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">{mark}</span>
  );
}
