import { Clock, Mail, Phone, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { brand } from "~/copy/brand";
import type { LocationSuggestion } from "~/features/leads/forms/location";
import type { FormController } from "~/ui/forms/use-form";
import { TextInput } from "~/ui/forms/field";
import { LocationCombobox } from "./location-combobox";

/** Field limits the inputs enforce as the visitor types (the schemas enforce them too). */
export const PHONE_MAX = 10;
export const ZIP_DIGITS = 5;

/** First and last name inputs. */
export function NameFields({ form }: { form: FormController }) {
  return (
    <>
      <TextInput control={form.field("firstName")} label="First name" autoComplete="given-name" maxLength={60} />
      <TextInput control={form.field("lastName")} label="Last name" autoComplete="family-name" maxLength={60} />
    </>
  );
}

export function EmailField({ form, className }: { form: FormController; className?: string }) {
  return (
    <TextInput
      control={form.field("email")}
      label="Email"
      type="email"
      inputMode="email"
      autoComplete="email"
      spellCheck={false}
      maxLength={254}
      className={className}
    />
  );
}

/** Spec 5 and 9: phone inputs take at most 10 characters (digits: a pasted "(214) 555-0199" fits). */
export function PhoneField({
  form,
  name = "phone",
  hint = "Digits only, e.g. 2145550147",
  className,
}: {
  form: FormController;
  name?: string;
  hint?: string;
  className?: string;
}) {
  return (
    <TextInput control={form.field(name)} label="Phone" type="tel" inputMode="tel" autoComplete="tel" digits={PHONE_MAX} hint={hint} className={className} />
  );
}

/**
 * City and ZIP inputs with suggestions: choosing a city fills its first ZIP (and the
 * state, when the form has one); choosing a ZIP fills its city.
 */
export function CityZipFields({ form, cityOptional = false, withState = false }: { form: FormController; cityOptional?: boolean; withState?: boolean }) {
  const fill = (s: LocationSuggestion) => form.setValues({ city: s.city, zipCode: s.zipCode[0] ?? "", ...(withState ? { stateId: s.stateId._id } : {}) });
  return (
    <>
      <LocationCombobox
        control={form.field("city")}
        label="City"
        optional={cityOptional}
        mode="city"
        listLabel="Matching cities"
        onPick={fill}
        autoComplete="address-level2"
        maxLength={80}
        hint="Start typing and choose from the list, or type it in full"
      />
      <LocationCombobox
        control={form.field("zipCode")}
        label="ZIP code"
        mode="zip"
        listLabel="Matching ZIP codes"
        onPick={fill}
        inputMode="numeric"
        autoComplete="postal-code"
        digits={ZIP_DIGITS}
      />
    </>
  );
}

/** The column beside a contact form: what happens next and how else to reach us. */
export function ContactAside({ children }: { children?: ReactNode }) {
  return (
    <div className="space-y-6">
      {children}
      <ul className="space-y-4 text-slate-700 dark:text-slate-300">
        <li className="flex gap-3">
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
          <span>A fueling specialist answers within one business day, by phone or e-mail as you prefer.</span>
        </li>
        <li className="flex gap-3">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
          <span>
            We use your details only to answer your enquiry, and add you to no mailing list unless you sign up for our newsletter (
            <Link className="link" to="/privacy-policy#calls-and-texts">
              how to stop calls and texts
            </Link>
            ).
          </span>
        </li>
        <li className="flex gap-3">
          <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
          <a className="link" href={brand.phoneHref}>
            {brand.phone}
          </a>
        </li>
        <li className="flex gap-3">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
          <a className="link" href={`mailto:${brand.email}`}>
            {brand.email}
          </a>
        </li>
      </ul>
    </div>
  );
}

/** The white card a form sits on. */
export function FormCard({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-700 ${className}`}>{children}</div>;
}
