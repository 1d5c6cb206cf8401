import { RotateCcw } from "lucide-react";
import { useReducer } from "react";
import { formatNumber, laborCostPerHour, savings, savingsInitial, savingsLimits, savingsReducer } from "~/shared/calculators";
import { SliderField } from "./slider-field";

/** What a fleet saves when drivers stop driving to the pump (spec 9). */
export function SavingsCalculator() {
  const [state, dispatch] = useReducer(savingsReducer, savingsInitial);
  const { total, averageAnnual } = savings(state);
  return (
    <div className="grid overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm lg:grid-cols-[3fr_2fr] dark:border-slate-800 dark:bg-slate-900">
      <fieldset className="min-w-0 space-y-8 p-6 sm:p-8">
        {/* A calculator answers as it is moved: nothing to submit, so a named group, not a form. */}
        <legend className="sr-only">Savings calculator</legend>
        <SliderField
          label="Vehicles"
          hint="Vehicles in your fleet"
          value={state.vehicles}
          limit={savingsLimits.vehicles}
          onValue={(raw) => dispatch({ type: "set", field: "vehicles", raw })}
        />
        <SliderField
          label="Monthly gallons"
          hint="Fuel your fleet uses each month"
          value={state.gallons}
          limit={savingsLimits.gallons}
          onValue={(raw) => dispatch({ type: "set", field: "gallons", raw })}
        />
        <SliderField
          label="Refuels per week"
          hint="Trips to the pump per vehicle"
          value={state.refuels}
          limit={savingsLimits.refuels}
          onValue={(raw) => dispatch({ type: "set", field: "refuels", raw })}
        />
      </fieldset>
      <div className="focus-on-dark flex flex-col justify-center gap-6 bg-brand-900 p-6 text-brand-50 sm:p-8 dark:bg-brand-950">
        <div className="space-y-6">
          <div>
            <p className="text-sm font-bold uppercase tracking-wider text-brand-200">Total savings per year</p>
            <output className="block text-4xl font-extrabold tracking-tight text-white tabular-nums">${formatNumber(total)}</output>
            {/* The formula of spec 9 counts a year of refuels: 4 weeks a month, 12 months. */}
            <p className="mt-1 text-sm text-brand-100">Vehicles × refuels per week × 4 weeks × 12 months</p>
          </div>
          <div>
            <p className="text-sm font-bold uppercase tracking-wider text-brand-200">Average annual savings</p>
            <output className="block text-3xl font-extrabold tracking-tight text-white tabular-nums">${formatNumber(averageAnnual)}</output>
          </div>
        </div>
        <p className="text-sm text-brand-100">Estimate based on driver time no longer spent at the pump, at a labor cost of ${laborCostPerHour} per hour.</p>
        <button type="button" onClick={() => dispatch({ type: "reset" })} className="btn self-start bg-white text-brand-900 hover:bg-brand-50">
          <RotateCcw aria-hidden="true" className="size-4" />
          Re-Calculate
        </button>
      </div>
    </div>
  );
}
