import { Form } from "react-router";
import { deskDanger, deskPrimary, deskSecondary, deskTable, deskTd, deskTh, EmptyRow, type Option, SelectField } from "~/ui/desk/ui";

export interface RuleView {
  id: number;
  isDefault: boolean;
  market: string;
  form: string;
  people: string[];
  inTurn: boolean;
}

/** The rules in the order they are tried, with move and remove. */
export function RoutingTable({ rules, busy }: { rules: RuleView[]; busy: boolean }) {
  const ordered = rules.filter((r) => !r.isDefault);
  return (
    <table className={deskTable}>
      <caption className="mb-1 text-left font-semibold">Rules, first match wins</caption>
      <thead>
        <tr>
          <th scope="col" className={deskTh}>
            Order
          </th>
          <th scope="col" className={deskTh}>
            Market
          </th>
          <th scope="col" className={deskTh}>
            Form
          </th>
          <th scope="col" className={deskTh}>
            Goes to
          </th>
          <th scope="col" className={deskTh}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rules.map((r) => {
          const at = ordered.indexOf(r);
          const name = r.isDefault ? "the default" : `rule ${at + 1}`;
          return (
            <tr key={r.id}>
              <th scope="row" className={`${deskTd} font-normal`}>
                {r.isDefault ? "Default" : at + 1}
              </th>
              <td className={deskTd}>{r.market}</td>
              <td className={deskTd}>{r.form}</td>
              <td className={deskTd}>
                {r.people.join(", ")}
                {r.inTurn ? <span className="block text-xs text-slate-600 dark:text-slate-400">in turn</span> : null}
              </td>
              <td className={`${deskTd} whitespace-nowrap`}>
                <Form method="post" className="flex flex-wrap gap-1">
                  <input type="hidden" name="id" value={r.id} />
                  {!r.isDefault && at > 0 ? (
                    <button type="submit" name="intent" value="up" className={deskSecondary} disabled={busy} aria-label={`Move ${name} up`}>
                      Up
                    </button>
                  ) : null}
                  {!r.isDefault && at < ordered.length - 1 ? (
                    <button type="submit" name="intent" value="down" className={deskSecondary} disabled={busy} aria-label={`Move ${name} down`}>
                      Down
                    </button>
                  ) : null}
                  <button type="submit" name="intent" value="delete" className={deskDanger} disabled={busy} aria-label={`Remove ${name}`}>
                    Remove
                  </button>
                </Form>
              </td>
            </tr>
          );
        })}
        {rules.length === 0 ? <EmptyRow columns={5}>No rules: new leads are nobody's until someone takes them.</EmptyRow> : null}
      </tbody>
    </table>
  );
}

/** A new rule (or new people for an existing market and form); "Any" and "Any" is the default. */
export function RuleForm({ choices, busy }: { choices: { markets: Option[]; kinds: Option[]; staff: Option[] }; busy: boolean }) {
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="save" />
      <SelectField
        id="r-market"
        name="market"
        label="Market of the lead's ZIP code"
        first={[{ value: "", label: "Any market" }]}
        options={choices.markets}
        defaultValue=""
      />
      <SelectField id="r-kind" name="kind" label="Form" first={[{ value: "", label: "Any form" }]} options={choices.kinds} defaultValue="" />
      <fieldset className="sm:col-span-2">
        <legend className="text-xs font-semibold text-slate-700 dark:text-slate-300">Give the lead to (several: in turn)</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {choices.staff.map((s) => (
            <label key={s.value} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" name="staff" value={s.value} className="size-4" />
              {s.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <button type="submit" className={deskPrimary} disabled={busy}>
          Save rule
        </button>
      </div>
    </Form>
  );
}
