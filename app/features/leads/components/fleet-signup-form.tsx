import { FLEET_SIGNUP_TYPE, fleetSignupSizeOptions, fleetSignupSpec, fleetTypeOptions } from "~/features/leads/forms/kinds/fleet";
import { stateOptions } from "~/shared/forms/us-states";
import { useForm } from "~/ui/forms/use-form";
import { FormShell, Select, TextInput } from "~/ui/forms/field";
import { CityZipFields, EmailField, FormCard, NameFields, PhoneField } from "./lead-fields";
import { ConsentLine } from "~/ui/forms/consent-line";

/**
 * The fleet scheduled-fueling sign-up (type 17, spec 3): choosing a city fills its ZIP
 * and state (stateId); without JavaScript the visitor picks the state from the list.
 */
export function FleetSignupFields({ id = "fleet-signup", labelledBy }: { id?: string; labelledBy?: string }) {
  const form = useForm({ id, spec: fleetSignupSpec, fixed: { type: String(FLEET_SIGNUP_TYPE) } });
  return (
    <FormShell form={form} consent={ConsentLine} labelledBy={labelledBy} label="Fleet scheduled fueling sign-up" submitLabel="Sign up">
      <NameFields form={form} />
      <EmailField form={form} />
      <PhoneField form={form} hint="Up to 10 characters, e.g. 2145550147" />
      <TextInput control={form.field("companyName")} label="Company name" autoComplete="organization" maxLength={120} className="sm:col-span-2" />
      <CityZipFields form={form} withState />
      <Select control={form.field("stateId")} label="State" options={stateOptions} placeholder="Choose a state…" autoComplete="address-level1" />
      <Select control={form.field("fleetSize")} label="Fleet size" options={fleetSignupSizeOptions} />
      <Select control={form.field("fleetType")} label="Fleet type" options={fleetTypeOptions} className="sm:col-span-2" />
    </FormShell>
  );
}

/** The sign-up as it appears inside an FAQ answer: a titled card. */
export function FleetSignupForm({ id = "fleet-signup" }: { id?: string } = {}) {
  return (
    <FormCard className="mt-4">
      <p id={`${id}-title`} className="text-lg font-bold text-slate-900 dark:text-white">
        Sign up for scheduled fleet fueling
      </p>
      <p className="mt-1 mb-6 text-slate-700 dark:text-slate-300">
        We'll set up recurring deliveries while your vehicles are parked, and confirm the schedule with you.
      </p>
      <FleetSignupFields id={id} labelledBy={`${id}-title`} />
    </FormCard>
  );
}
