import { When } from "~/ui/desk/time";
import type { Route } from "../../routes/desk/+types/lead";
import { DeliveriesTable } from "~/ui/desk/deliveries-table";

type Data = Route.ComponentProps["loaderData"];

/** What happened to a lead, newest last, and the messages it caused. */
export function LeadHistory({ timeline, deliveries }: Pick<Data, "timeline" | "deliveries">) {
  return (
    <>
      <section aria-labelledby="lead-timeline" className="mt-8">
        <h2 id="lead-timeline" className="mb-2 text-lg font-semibold">
          Timeline
        </h2>
        <ol className="space-y-2 border-l-2 border-slate-300 pl-4 text-sm dark:border-slate-600">
          {timeline.map((t) => (
            <li key={t.id}>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                <When iso={t.when} />
                {t.who ? ` · ${t.who}` : ""}
              </p>
              <p className={t.note ? "whitespace-pre-wrap break-words" : "font-medium"}>{t.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="lead-deliveries" className="mt-8">
        <h2 id="lead-deliveries" className="mb-2 text-lg font-semibold">
          Deliveries
        </h2>
        {deliveries.length ? (
          <DeliveriesTable rows={deliveries} caption="Messages about this lead" />
        ) : (
          <p className="text-sm">No messages were written for this lead.</p>
        )}
      </section>
    </>
  );
}
