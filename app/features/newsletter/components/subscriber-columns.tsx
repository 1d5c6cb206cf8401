import { When } from "~/ui/desk/time";
import { Form } from "react-router";
import type { Column } from "~/ui/desk/kit";
import { deskSecondary, StatusBadge } from "~/ui/desk/ui";

export interface SubscriberRow {
  id: number;
  email: string;
  type: string;
  page: string | null;
  when: string;
  status: string;
  statusLabel: string;
}

/** The subscribers table: a waiting sign-up can be sent its confirmation again; any not unsubscribed can be unsubscribed. */
export const subscriberColumns: Column<SubscriberRow>[] = [
  { header: "Signed up", className: "whitespace-nowrap", cell: (r) => <When iso={r.when} /> },
  { header: "E-mail", className: "break-all", cell: (r) => r.email },
  { header: "Type", cell: (r) => r.type },
  { header: "Page", cell: (r) => r.page },
  { header: "Status", cell: (r) => <StatusBadge status={r.status} label={r.statusLabel} /> },
  {
    header: "Change",
    srOnly: true,
    cell: (r) =>
      r.status === "unsubscribed" ? null : (
        <div className="flex flex-wrap gap-2">
          {r.status === "pending" ? (
            <Form method="post">
              <input type="hidden" name="id" value={r.id} />
              <button type="submit" name="intent" value="resend" className={deskSecondary} aria-label={`Send the confirmation again to ${r.email} (${r.type})`}>
                Send the confirmation again
              </button>
            </Form>
          ) : null}
          <Form method="post">
            <input type="hidden" name="id" value={r.id} />
            <input type="hidden" name="status" value="unsubscribed" />
            <button type="submit" name="intent" value="status" className={deskSecondary} aria-label={`Unsubscribe ${r.email} (${r.type})`}>
              Unsubscribe
            </button>
          </Form>
        </div>
      ),
  },
];

/** Sign-ups by state. */
export function SubscriberTotals({ totals }: { totals: { pending: number; subscribed: number; unsubscribed: number } }) {
  const items: [string, number][] = [
    ["Waiting for confirmation", totals.pending],
    ["Confirmed", totals.subscribed],
    ["Unsubscribed", totals.unsubscribed],
  ];
  return (
    <dl className="mb-4 grid grid-cols-1 gap-2 sm:grid-cols-3" aria-label="Sign-ups by state">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md border border-slate-300 p-2 dark:border-slate-600">
          <dt className="text-xs font-semibold">{label}</dt>
          <dd className="text-xl font-bold">{value.toLocaleString("en-US")}</dd>
        </div>
      ))}
    </dl>
  );
}
