import { Form, Link } from "react-router";
import { deskLink, deskSecondary } from "~/ui/desk/ui";
import { When } from "~/ui/desk/time";

const leads = (n: number) => `${n.toLocaleString("en-US")} new ${n === 1 ? "lead" : "leads"}`;

/**
 * "New since your last visit": the signed-in person's count (their leads and the unassigned
 * ones), kept across reloads until they mark them seen or come back on another day.
 */
export function NewSince({ fresh }: { fresh: { since: string | null; mine: number; unassigned: number } }) {
  const { since, mine, unassigned } = fresh;
  const list = (view: string) => `/desk/leads?${new URLSearchParams({ view, ...(since ? { since } : {}) })}`;
  return (
    <section aria-labelledby="new-since" className="mb-6 rounded-md border border-slate-300 p-3 dark:border-slate-600">
      <h2 id="new-since" className="sr-only">
        New since your last visit
      </h2>
      {since ? (
        <>
          <p role="status">
            Since your last visit (<When iso={since} />
            ):{" "}
            <Link to={list("mine")} className={deskLink}>
              <strong>{leads(mine)}</strong> assigned to you
            </Link>{" "}
            and{" "}
            <Link to={list("unassigned")} className={deskLink}>
              <strong>{leads(unassigned)}</strong> assigned to no one
            </Link>
            .
          </p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Counted for you: the leads assigned to you and the unassigned ones. The count stays until you mark them seen, or until your first visit on another
            day.
          </p>
          <Form method="post" action="/desk/leads" className="mt-2 flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="mark-seen" />
            <button type="submit" className={deskSecondary}>
              Mark all seen
            </button>
            <Link to="/desk/leads" className={deskLink}>
              Open the leads inbox
            </Link>
          </Form>
        </>
      ) : (
        <p role="status">
          Welcome to the desk. From your next visit, this says how many new leads came in for you.{" "}
          <Link to="/desk/leads" className={deskLink}>
            Open the leads inbox
          </Link>
        </p>
      )}
    </section>
  );
}
