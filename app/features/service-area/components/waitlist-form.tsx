import { useId, useMemo } from "react";
import { FormShell } from "~/ui/forms/field";
import { EmailField } from "~/features/leads/components/lead-fields";
import { useForm } from "~/ui/forms/use-form";
import { waitlistSpec } from "~/features/leads/forms/kinds/waitlist";
import type { WaitlistProps } from "./zip-check";
import { WaitlistConsentLine } from "~/ui/forms/consent-line";

/** "Tell me when you arrive": the e-mail address to write to when Fillway reaches the ZIP code. */
export function WaitlistForm({ zip, type }: WaitlistProps) {
  const uid = useId();
  const fixed = useMemo(() => ({ zipCode: zip, type: String(type) }), [zip, type]);
  const form = useForm({ id: `waitlist-${zip}`, spec: waitlistSpec, fixed });
  return (
    <div className="mt-4 max-w-xl">
      <p id={`${uid}-title`} className="text-sm text-slate-700 dark:text-slate-300">
        Leave your e-mail address and we will write to you when Fillway arrives at {zip}.
      </p>
      <FormShell form={form} consent={WaitlistConsentLine} labelledBy={`${uid}-title`} layout="inline" submitLabel="Tell me when you arrive" className="mt-3">
        <EmailField form={form} />
      </FormShell>
    </div>
  );
}
