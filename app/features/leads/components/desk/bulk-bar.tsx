import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import type { Route } from "../../routes/desk/+types/leads";
import { deskPrimary, deskSecondary, NOBODY, SelectField } from "~/ui/desk/ui";

type Data = Route.ComponentProps["loaderData"];
type Action = Route.ComponentProps["actionData"];

const count = (n: number, capped = false) => `${n.toLocaleString("en-US")}${capped ? "+" : ""}`;

/**
 * "Change the selected leads": a status and an assignee for the ticked leads; "Select all
 * on this page", then "Select all N matching", which changes every lead the filter
 * matches once the count is confirmed.
 */
export function BulkBar({
  choices,
  total,
  values,
  busy,
}: {
  choices: Data["choices"];
  total: Data["total"];
  values: { status?: string; assignee?: string } | null;
  busy: boolean;
}) {
  const [pageAll, setPageAll] = useState(false);
  const [allMatching, setAllMatching] = useState(false);
  const { search } = useLocation();
  const tickPage = (box: HTMLInputElement) => {
    for (const b of box.form?.querySelectorAll<HTMLInputElement>('input[name="id"]') ?? []) b.checked = box.checked;
    setPageAll(box.checked);
    if (!box.checked) setAllMatching(false);
  };
  return (
    <fieldset className="mb-3 flex flex-wrap items-end gap-3">
      <legend className="mb-1 text-sm font-semibold">Change the selected leads</legend>
      <label className="flex min-h-9 items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" checked={pageAll} onChange={(e) => tickPage(e.currentTarget)} />
        Select all on this page
      </label>
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
      {allMatching && total ? (
        <>
          <input type="hidden" name="filter" value={search} />
          <button type="submit" name="scope" value="all" className={deskPrimary} disabled={busy}>
            Apply to all {count(total.n, total.capped)} matching
          </button>
        </>
      ) : (
        <button type="submit" className={deskPrimary} disabled={busy}>
          Apply to selected
        </button>
      )}
      {pageAll && total && total.n > 0 ? (
        <p className="basis-full text-sm" role="status">
          {allMatching ? (
            <>
              All {count(total.n, total.capped)} leads matching this filter are selected.{" "}
              <button type="button" className="font-semibold underline" onClick={() => setAllMatching(false)}>
                Only this page
              </button>
            </>
          ) : (
            <>
              Every lead on this page is selected.{" "}
              <button type="button" className="font-semibold underline" onClick={() => setAllMatching(true)}>
                Select all {count(total.n, total.capped)} matching
              </button>
            </>
          )}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The confirmation before a change to every matching lead: it names how many. */
export function ConfirmAll({ confirm }: { confirm: NonNullable<NonNullable<Action>["confirm"]> }) {
  const { search } = useLocation();
  const n = count(confirm.n);
  return (
    <section aria-labelledby="confirm-all" className="mb-4 rounded-md border border-amber-700 bg-amber-50 p-3 dark:border-amber-300 dark:bg-amber-950">
      <h2 id="confirm-all" className="font-semibold">
        Change {n} {confirm.n === 1 ? "lead" : "leads"}?
      </h2>
      <p className="mt-1 text-sm">
        This changes the {confirm.what} for all {n} leads matching this filter, not only those on this page.
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="scope" value="all" />
        <input type="hidden" name="filter" value={confirm.values.filter} />
        <input type="hidden" name="status" value={confirm.values.status} />
        <input type="hidden" name="assignee" value={confirm.values.assignee} />
        <input type="hidden" name="confirm" value={confirm.n} />
        <input type="hidden" name="upTo" value={confirm.upTo} />
        <button type="submit" className={deskPrimary}>
          Change {n} {confirm.n === 1 ? "lead" : "leads"}
        </button>
        <Link to={`/desk/leads${search}`} className={deskSecondary}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
