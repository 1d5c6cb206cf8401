import type { ReactNode } from "react";
import { Link } from "react-router";
import { deskLink, deskTable, deskTd, deskTh, StatusBadge } from "./ui";

export interface DeliveryRow {
  id: number;
  leadId: number | null;
  what: string;
  to: string;
  state: string;
  stateLabel: string;
  attempts: number;
  created: string;
  when: string;
  lastError: string | null;
  messageId: string | null;
}

/** Outbox messages: what, to whom, state, attempts, when, the last error; `action` renders a last cell per row. */
export function DeliveriesTable({
  rows,
  caption,
  showLead,
  action,
}: {
  rows: DeliveryRow[];
  caption: string;
  showLead?: boolean;
  action?: (r: DeliveryRow) => ReactNode;
}) {
  return (
    <div className="max-h-[70vh] overflow-auto rounded-md border border-slate-300 dark:border-slate-600">
      <table className={deskTable}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={deskTh}>
              Message
            </th>
            {showLead ? (
              <th scope="col" className={deskTh}>
                Lead
              </th>
            ) : null}
            <th scope="col" className={deskTh}>
              To
            </th>
            <th scope="col" className={deskTh}>
              State
            </th>
            <th scope="col" className={deskTh}>
              Attempts
            </th>
            <th scope="col" className={deskTh}>
              Written
            </th>
            <th scope="col" className={deskTh}>
              Sent / next attempt
            </th>
            <th scope="col" className={deskTh}>
              Last error
            </th>
            {action ? (
              <th scope="col" className={deskTh}>
                <span className="sr-only">Action</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td className={deskTd}>
                {r.what}
                {r.messageId ? <span className="block break-all text-xs text-slate-600 dark:text-slate-400">{r.messageId}</span> : null}
              </td>
              {showLead ? (
                <td className={deskTd}>
                  {r.leadId ? (
                    <Link className={deskLink} to={`/desk/leads/${r.leadId}`}>
                      Lead {r.leadId}
                    </Link>
                  ) : (
                    "None"
                  )}
                </td>
              ) : null}
              <td className={`${deskTd} break-all`}>{r.to}</td>
              <td className={deskTd}>
                <StatusBadge status={r.state} label={r.stateLabel} />
              </td>
              <td className={deskTd}>{r.attempts}</td>
              <td className={`${deskTd} whitespace-nowrap`}>{r.created}</td>
              <td className={`${deskTd} whitespace-nowrap`}>{r.when}</td>
              <td className={`${deskTd} break-words`}>{r.lastError ?? ""}</td>
              {action ? <td className={deskTd}>{action(r)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
