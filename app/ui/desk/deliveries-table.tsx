import { When } from "./time";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { DeliveryView } from "~/platform/outbox/desk.server";
import { type Column, DeskTable } from "./kit";
import { deskLink, StatusBadge } from "./ui";

/** Outbox messages: what, to whom, state, attempts, when, the last error; `action` renders a last cell per row. */
export function DeliveriesTable({
  rows,
  caption,
  showLead,
  action,
  empty,
}: {
  rows: DeliveryView[];
  caption: string;
  showLead?: boolean;
  action?: (r: DeliveryView) => ReactNode;
  /** Said under the table when there are no rows. */
  empty?: string | null;
}) {
  const columns: Column<DeliveryView>[] = [
    {
      header: "Message",
      cell: (r) => (
        <>
          {r.what}
          {r.messageId ? <span className="block break-all text-xs text-slate-600 dark:text-slate-400">{r.messageId}</span> : null}
        </>
      ),
    },
    ...(showLead
      ? [
          {
            header: "Lead",
            cell: (r: DeliveryView) =>
              r.leadId ? (
                <Link className={deskLink} to={`/desk/leads/${r.leadId}`}>
                  Lead {r.leadId}
                </Link>
              ) : (
                "None"
              ),
          },
        ]
      : []),
    { header: "To", className: "break-all", cell: (r) => r.to },
    { header: "State", cell: (r) => <StatusBadge status={r.state} label={r.stateLabel} /> },
    { header: "Attempts", cell: (r) => r.attempts },
    { header: "Written", cell: (r) => <When iso={r.created} /> },
    { header: "Sent / next attempt", cell: (r) => <When iso={r.when} /> },
    { header: "Last error", className: "break-words", cell: (r) => r.lastError ?? "" },
    ...(action ? [{ header: "Action", srOnly: true, cell: action }] : []),
  ];
  return <DeskTable caption={caption} columns={columns} rows={rows} empty={empty} emptyBelow cards />;
}
