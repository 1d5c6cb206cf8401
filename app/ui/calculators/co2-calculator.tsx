import { Leaf } from "lucide-react";
import { useId, useReducer } from "react";
import { co2Annual, co2Factor, co2Initial, co2Limits, co2Reducer, type FuelType, formatLbs } from "~/shared/calculators";
import { SliderField } from "./slider-field";

const fuels: { id: FuelType; label: string }[] = [
  { id: "diesel", label: "Diesel" },
  { id: "gasoline", label: "Gasoline" },
];

/** Annual CO2 a fleet avoids when fuel comes to it (spec 9). */
export function Co2Calculator() {
  const [state, dispatch] = useReducer(co2Reducer, co2Initial);
  const id = useId();
  const lbs = co2Annual(state);
  return (
    <div className="grid overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm lg:grid-cols-[3fr_2fr] dark:border-slate-800 dark:bg-slate-900">
      <fieldset className="min-w-0 space-y-8 p-6 sm:p-8">
        {/* A calculator answers as it is moved: nothing to submit, so a named group, not a form. */}
        <legend className="sr-only">CO2 calculator</legend>
        <fieldset>
          <legend className="font-semibold text-slate-900 dark:text-white">Fuel type</legend>
          <p className="text-sm text-slate-600 dark:text-slate-400">Changing it starts the calculation over.</p>
          <div className="mt-3 inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
            {fuels.map((f) => (
              <label
                key={f.id}
                className="relative min-h-11 cursor-pointer rounded-lg px-5 py-2.5 text-sm font-semibold text-slate-700 has-checked:bg-white has-checked:text-brand-800 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-(--focus-ring) dark:text-slate-300 dark:has-checked:bg-slate-950 dark:has-checked:text-brand-200"
              >
                <input
                  type="radio"
                  name={`${id}-fuel`}
                  value={f.id}
                  checked={state.fuel === f.id}
                  onChange={() => dispatch({ type: "fuel", fuel: f.id })}
                  className="sr-only"
                />
                {f.label}
              </label>
            ))}
          </div>
        </fieldset>
        <SliderField
          label="Number of vehicles"
          hint="Vehicles in your fleet"
          value={state.vehicles}
          limit={co2Limits.vehicles}
          onValue={(raw) => dispatch({ type: "vehicles", raw })}
        />
        <SliderField
          label="Fuelings per week"
          hint="Per vehicle"
          value={state.fuelings}
          limit={co2Limits.fuelings}
          onValue={(raw) => dispatch({ type: "fuelings", raw })}
        />
      </fieldset>
      <div className="flex flex-col justify-center gap-4 bg-brand-900 p-6 text-brand-50 sm:p-8 dark:bg-brand-950">
        <Leaf aria-hidden="true" className="size-10 text-brand-300" />
        <p className="text-sm font-bold uppercase tracking-wider text-brand-200">CO2 you keep out of the air each year</p>
        <output aria-live="polite" className="block text-4xl font-extrabold tracking-tight text-white tabular-nums sm:text-5xl">
          {formatLbs(lbs)}
        </output>
        <p className="text-sm text-brand-100">
          52 weeks × fuelings × vehicles × {co2Factor[state.fuel]} lbs saved per {state.fuel} fueling that comes to the vehicle instead of a trip to the
          station.
        </p>
      </div>
    </div>
  );
}
