import { Form } from "react-router";
import { useDeskTimeZone } from "~/ui/desk/time";
import { deskInput, deskPrimary, Field, type Option, SelectField } from "~/ui/desk/ui";

/** The fields of "Log the call" as typed, given back when a save is refused. */
interface CallValues {
  outcome: string;
  callNote: string;
  due: string;
  followNote: string;
}

/**
 * The lead page's "Log the call": the call's outcome and, in the same save, what was said
 * (a note) and a follow-up, each a timeline entry. One submit; a plain form post without
 * JavaScript. It counts as answering the lead.
 */
export function LogCall({ outcomes, busy, version, values }: { outcomes: Option[]; busy: boolean; version: number; values: CallValues | null }) {
  // The follow-up's time is typed in the zone the desk shows times in, and sent with it.
  const zone = useDeskTimeZone();
  return (
    <Form method="post" className="space-y-3" aria-labelledby="lead-call" key={values ? "refused" : version}>
      <h3 id="lead-call" className="font-semibold">
        Log the call
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">One save: the call, what was said as a note in the timeline, and a follow-up if you set one.</p>
      <input type="hidden" name="intent" value="call" />
      <input type="hidden" name="zone" value={zone} />
      <SelectField id="l-outcome" name="outcome" label="Outcome" options={outcomes} defaultValue={values?.outcome || "reached"} />
      <Field id="l-call-note" label="What was said (optional)">
        <textarea id="l-call-note" name="callNote" rows={3} maxLength={2000} defaultValue={values?.callNote ?? ""} className={deskInput} />
      </Field>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Follow-up (optional)</legend>
        <Field id="l-due" label={`Date and time (${zone})`}>
          <input id="l-due" name="due" type="datetime-local" defaultValue={values?.due ?? ""} className={deskInput} />
        </Field>
        <Field id="l-follow-note" label="What to do then (optional)">
          <textarea id="l-follow-note" name="followNote" rows={2} maxLength={2000} defaultValue={values?.followNote ?? ""} className={deskInput} />
        </Field>
      </fieldset>
      <button type="submit" className={deskPrimary} disabled={busy}>
        Log the call
      </button>
    </Form>
  );
}
