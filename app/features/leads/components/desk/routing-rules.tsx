import { Form } from "react-router";
import { type Column, DeskTable } from "~/ui/desk/kit";
import { deskDanger, deskInput, deskPrimary, deskSecondary, Field, type Option, SelectField } from "~/ui/desk/ui";

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

/** The rules in the order they are tried, with move and remove; on a phone each rule is a card. */
export function RoutingTable({ rules, busy }: { rules: RuleView[]; busy: boolean }) {
  const ordered = rules.filter((r) => !r.isDefault);
  const place = (r: RuleView) => (r.isDefault ? "the default" : `rule ${ordered.indexOf(r) + 1}`);
  const columns: Column<RuleView>[] = [
    {
      header: "Order",
      className: "max-md:w-full max-md:text-xs max-md:uppercase",
      cell: (r) =>
        r.isDefault ? (
          "Default"
        ) : (
          <>
            <span className="md:sr-only">Rule </span>
            {ordered.indexOf(r) + 1}
          </>
        ),
    },
    {
      header: "Rule",
      cell: (r) => (
        <>
          <span className="font-semibold">{r.name}</span>
          <span className="block text-xs text-slate-700 dark:text-slate-300">
            {r.conditions.length ? r.conditions.join("; ") : "Every lead no rule above takes"}
          </span>
        </>
      ),
    },
    {
      header: "Goes to",
      className: "max-md:w-full",
      cell: (r) => (
        <>
          {r.people.join(", ")}
          {r.inTurn ? <span className="block text-xs text-slate-700 dark:text-slate-300">in turn</span> : null}
        </>
      ),
    },
    {
      header: "Actions",
      srOnly: true,
      className: "whitespace-nowrap",
      cell: (r) => {
        const at = ordered.indexOf(r);
        return (
          <Form method="post" className="flex flex-wrap gap-1">
            <input type="hidden" name="id" value={r.id} />
            {!r.isDefault && at > 0 ? (
              <button type="submit" name="intent" value="up" className={deskSecondary} disabled={busy} aria-label={`Move ${place(r)} up`}>
                Up
              </button>
            ) : null}
            {!r.isDefault && at < ordered.length - 1 ? (
              <button type="submit" name="intent" value="down" className={deskSecondary} disabled={busy} aria-label={`Move ${place(r)} down`}>
                Down
              </button>
            ) : null}
            <button type="submit" name="intent" value="delete" className={deskDanger} disabled={busy} aria-label={`Remove ${place(r)}`}>
              Remove
            </button>
          </Form>
        );
      },
    },
  ];
  return (
    <DeskTable caption="Rules, first match wins" columns={columns} rows={rules} cards empty="No rules: new leads are nobody's until someone takes them." />
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
      <SelectField
        id="c-form"
        name="form"
        label="Form it comes through"
        first={[{ value: "", label: "Any form" }]}
        options={kinds}
        defaultValue={check?.form ?? ""}
      />
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
