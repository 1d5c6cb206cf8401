import { Form } from "react-router";
import { deskDanger, deskInput, deskPrimary, deskSecondary, deskTable, deskTd, deskTh, EmptyRow, Field, type Option, SelectField } from "~/ui/desk/ui";

export interface RuleView {
  id: number;
  isDefault: boolean;
  /** Its name, else its conditions in short ("Texas · Business quote"). */
  name: string;
  /** Each condition in words ("State: Texas"); none for the default. */
  conditions: string[];
  people: string[];
  inTurn: boolean;
}

export interface ZipCheckView {
  zip: string;
  form: string;
  answer: string;
  error: string | null;
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
            Rule
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
              <td className={deskTd}>
                <span className="font-semibold">{r.name}</span>
                {r.conditions.length ? (
                  <ul className="text-xs text-slate-700 dark:text-slate-300">
                    {r.conditions.map((c) => (
                      <li key={c}>{c}</li>
                    ))}
                  </ul>
                ) : (
                  <span className="block text-xs text-slate-700 dark:text-slate-300">Every lead no rule above takes</span>
                )}
              </td>
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
        {rules.length === 0 ? <EmptyRow columns={4}>No rules: new leads are nobody's until someone takes them.</EmptyRow> : null}
      </tbody>
    </table>
  );
}

/**
 * A new rule (or new people for a rule with the same conditions): any of a state, ZIP codes or
 * their starts, a market and a form; a rule with none of them is the default.
 */
export function RuleForm({ choices, busy }: { choices: { states: Option[]; markets: Option[]; kinds: Option[]; staff: Option[] }; busy: boolean }) {
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="save" />
      <Field id="r-name" label="Name (optional, e.g. South Texas)">
        <input id="r-name" name="name" maxLength={60} autoComplete="off" className={deskInput} />
      </Field>
      <SelectField
        id="r-state"
        name="state"
        label="State of the lead's ZIP code"
        first={[{ value: "", label: "Any state" }]}
        options={choices.states}
        defaultValue=""
      />
      <div className="sm:col-span-2">
        <Field id="r-zips" label="ZIP codes or their starts (optional)">
          <input
            id="r-zips"
            name="zips"
            inputMode="numeric"
            autoComplete="off"
            aria-describedby="r-zips-hint"
            placeholder="780, 781, 78040"
            className={deskInput}
          />
        </Field>
        <p id="r-zips-hint" className="mt-1 text-xs text-slate-700 dark:text-slate-300">
          Separate them with commas or spaces. A start of 3 or 4 digits covers every ZIP code beginning with it: 780 is 78000 to 78099.
        </p>
      </div>
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

/** "Where would this ZIP go?": a GET form, so the answer is a link sales can share. */
export function ZipCheck({ check, kinds, busy }: { check: ZipCheckView | null; kinds: Option[]; busy: boolean }) {
  return (
    <Form method="get" className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
      <Field id="c-zip" label="ZIP code">
        <input
          id="c-zip"
          name="zip"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          required
          defaultValue={check?.zip ?? ""}
          aria-invalid={check?.error ? true : undefined}
          aria-describedby={check ? "c-answer" : undefined}
          className={deskInput}
        />
      </Field>
      <SelectField id="c-form" name="form" label="Form" first={[{ value: "", label: "Any form" }]} options={kinds} defaultValue={check?.form ?? ""} />
      <div>
        <button type="submit" className={deskSecondary} disabled={busy}>
          Check
        </button>
      </div>
      <p id="c-answer" role="status" className={`sm:col-span-3 max-w-prose text-sm ${check?.error ? "font-semibold text-red-800 dark:text-red-300" : ""}`}>
        {check?.answer ?? ""}
      </p>
    </Form>
  );
}
