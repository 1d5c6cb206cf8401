import { type ReactNode, useEffect, useRef } from "react";
import { fetchCounty, fetchLocations, type LocationSuggestion } from "~/features/leads/forms/location";
import {
  deliveryWindows,
  employeeSizeOptions,
  frequencyOptions,
  quoteBusinessSpec,
  quoteFuelTypeOptions,
  tankTypeOptions,
} from "~/features/leads/forms/kinds/quote-business";
import { QUOTE_FORM_TYPE } from "~/features/leads/forms/kinds/quote-short";
import { stateOptions } from "~/shared/forms/us-states";
import { type FormController, useForm } from "~/ui/forms/use-form";
import { FormShell, Select, Textarea, TextInput } from "~/ui/forms/field";
import { EmailField, PhoneField, ZIP_DIGITS } from "./lead-fields";
import { LocationCombobox } from "./location-combobox";
import { ConsentLine } from "~/ui/forms/consent-line";

/**
 * The detailed quote of /getafleet. It sits far below the first screen, so its code (the
 * option lists, delivery windows, county look-up) loads as the visitor nears it
 * (app/site/deferred-parts.tsx), not with the page.
 */

const fixed = { type: String(QUOTE_FORM_TYPE) };

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5 border-t border-slate-200 pt-5 sm:col-span-2 sm:grid-cols-2 dark:border-slate-700">
      <legend className="float-left mb-1 w-full text-base font-bold text-slate-900 sm:col-span-2 dark:text-white">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * When the ZIP changes to a full 5 digits, fill the county (GET
 * /common/getCountyUsingZipCode) and the coordinates of that ZIP; state and city only if
 * still empty, so nothing the visitor typed is overwritten.
 */
function useAddressFromZip(form: FormController) {
  const zip = form.values.zipCode ?? "";
  const last = useRef("");
  const { setValues } = form;
  const state = useRef(form.values);
  state.current = form.values;
  useEffect(() => {
    if (!/^\d{5}$/.test(zip) || zip === last.current) return;
    last.current = zip;
    const ctrl = new AbortController();
    Promise.all([fetchCounty(zip, ctrl.signal), fetchLocations("zip", zip, ctrl.signal, 1)])
      .then(([county, [place]]) => {
        const v = state.current;
        setValues({
          ...(county ? { county } : {}),
          ...(place
            ? {
                lat: place.lat,
                long: place.long,
                country: place.country,
                address1: v.address1 || place.city,
                city: v.city || place.city,
                state: v.state || place.stateId._id,
              }
            : {}),
        });
      })
      .catch(() => {
        // Offline: the server fills these from the ZIP when it can.
      });
    return () => ctrl.abort();
  }, [zip, setValues]);
}

/** The business quote form with every field of section 3. */
export function QuoteBusinessForm({ id = "fleet-quote-form", labelledBy }: { id?: string; labelledBy?: string }) {
  const form = useForm({ id, spec: quoteBusinessSpec, fixed });
  useAddressFromZip(form);
  const fillPlace = (s: LocationSuggestion) =>
    form.setValues({
      city: s.city,
      address1: s.city,
      state: s.stateId._id,
      zipCode: s.zipCode[0] ?? "",
      county: s.county,
      lat: s.lat,
      long: s.long,
      country: s.country,
    });
  const windowOptions = deliveryWindows.map((w) => ({ value: w.value, label: w.label }));
  return (
    <FormShell form={form} consent={ConsentLine} labelledBy={labelledBy} label="Detailed fleet quote" submitLabel="Request my quote">
      <Group legend="Your business">
        <TextInput control={form.field("businessName")} label="Business name" autoComplete="organization" maxLength={120} className="sm:col-span-2" />
        <EmailField form={form} />
        <PhoneField form={form} name="phoneNumber" />
      </Group>
      <Group legend="Where we deliver">
        <TextInput
          control={form.field("address2")}
          label="Street address"
          autoComplete="address-line1"
          maxLength={200}
          className="sm:col-span-2"
          placeholder="e.g. 2100 Ross Avenue"
        />
        <LocationCombobox
          control={form.field("city")}
          label="City"
          mode="city"
          listLabel="Matching cities"
          onPick={fillPlace}
          autoComplete="address-level2"
          maxLength={80}
          hint="Choose from the list to fill state, ZIP and county"
        />
        <Select control={form.field("state")} label="State" options={stateOptions} placeholder="Choose a state…" autoComplete="address-level1" />
        <LocationCombobox
          control={form.field("zipCode")}
          label="ZIP code"
          mode="zip"
          listLabel="Matching ZIP codes"
          onPick={fillPlace}
          inputMode="numeric"
          autoComplete="postal-code"
          digits={ZIP_DIGITS}
        />
        <TextInput control={form.field("county")} label="County" optional maxLength={80} hint="Filled in from the ZIP code" />
      </Group>
      <Group legend="Your fleet">
        <Select control={form.field("employeeSize")} label="Employees" options={employeeSizeOptions} />
        <TextInput control={form.field("fleetSize")} label="Fleet size (vehicles)" inputMode="numeric" maxLength={9} />
        <TextInput control={form.field("numberOfLocation")} label="Number of locations" inputMode="numeric" maxLength={7} />
        <TextInput control={form.field("gallons")} label="Fuel per week (gallons)" inputMode="numeric" maxLength={11} />
        <Select control={form.field("fuelType")} label="Fuel type" options={quoteFuelTypeOptions} />
        <Select control={form.field("tankType")} label="Tank type" options={tankTypeOptions} />
        <Select control={form.field("frequency")} label="Delivery frequency" options={frequencyOptions} />
        <Select control={form.field("deliveryWindow")} label="Delivery window (4 hours)" options={windowOptions} />
        <Textarea
          control={form.field("descriptionQuote")}
          label="Anything else we should know?"
          optional
          maxLength={2000}
          className="sm:col-span-2"
          placeholder="Gate codes, equipment on site, billing by cost centre…"
        />
      </Group>
    </FormShell>
  );
}
