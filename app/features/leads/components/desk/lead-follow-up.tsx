import { Form } from "react-router";
import { deskInput, deskSecondary, Field, type Option, SelectField } from "~/ui/desk/ui";

/** The lead page's "Log a call" and "Follow up" forms; each is a timeline entry and counts as answering the lead. */
export function LeadFollowUp({ outcomes, busy, version }: { outcomes: Option[]; busy: boolean; version: number }) {
  return (
    <div className="mt-6 space-y-6" key={version}>
      <Form method="post" className="space-y-3" aria-labelledby="lead-call">
        <h3 id="lead-call" className="font-semibold">
          Log a call
        </h3>
        <input type="hidden" name="intent" value="call" />
        <SelectField id="l-outcome" name="outcome" label="Outcome" options={outcomes} defaultValue="reached" />
        <Field id="l-call-note" label="What was said (optional)">
          <textarea id="l-call-note" name="callNote" rows={2} maxLength={2000} className={deskInput} />
        </Field>
        <button type="submit" className={deskSecondary} disabled={busy}>
          Log call
        </button>
      </Form>
      <Form method="post" className="space-y-3" aria-labelledby="lead-follow">
        <h3 id="lead-follow" className="font-semibold">
          Follow up
        </h3>
        <input type="hidden" name="intent" value="followup" />
        <Field id="l-due" label="Date and time (UTC)">
          <input id="l-due" name="due" type="datetime-local" required className={deskInput} />
        </Field>
        <Field id="l-follow-note" label="What to do then (optional)">
          <textarea id="l-follow-note" name="followNote" rows={2} maxLength={2000} className={deskInput} />
        </Field>
        <button type="submit" className={deskSecondary} disabled={busy}>
          Set follow-up
        </button>
      </Form>
    </div>
  );
}
