import { useId } from "react";
import { fromSlider, type Limit, onStep } from "~/shared/calculators";

export interface SliderFieldProps {
  label: string;
  /** Unit or hint under the label, e.g. "per vehicle per week". */
  hint?: string;
  value: number;
  limit: Limit;
  /** Raw text from either control; the reducer decides what is accepted. */
  onValue: (raw: string) => void;
}

/**
 * A slider with a linked number box: both show the same value and either sets it.
 * Both carry the visible label; the box says it is for typing. A typed value off the
 * slider's steps (350 on a slider of 200s) is kept as typed: the slider then takes any
 * value ("any" step), else the browser would show it at the nearest step (400), and its
 * next move goes back onto the steps (fromSlider).
 */
export function SliderField({ label, hint, value, limit, onValue }: SliderFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor={`${id}-range`} id={`${id}-label`} className="font-semibold text-slate-900 dark:text-white">
            {label}
          </label>
          {hint && (
            <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
              {hint}
            </p>
          )}
        </div>
        <input
          type="number"
          inputMode="numeric"
          aria-label={`${label} (type a number from ${limit.min} to ${limit.max})`}
          aria-describedby={hintId}
          min={limit.min}
          max={limit.max}
          step={limit.step}
          value={value}
          onChange={(e) => onValue(e.currentTarget.value)}
          className="min-h-11 w-28 rounded-lg border border-slate-400 bg-white px-3 py-2 text-right font-semibold tabular-nums text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-white"
        />
      </div>
      <input
        id={`${id}-range`}
        type="range"
        aria-describedby={hintId}
        min={limit.min}
        max={limit.max}
        step={onStep(value, limit) ? limit.step : "any"}
        value={value}
        onChange={(e) => onValue(String(fromSlider(Number(e.currentTarget.value), limit, value)))}
        className="mt-3 h-6 w-full cursor-pointer accent-brand-700 dark:accent-brand-400"
      />
      <div aria-hidden="true" className="flex justify-between text-xs text-slate-600 dark:text-slate-400">
        <span>{limit.min.toLocaleString("en-US")}</span>
        <span>{limit.max.toLocaleString("en-US")}</span>
      </div>
    </div>
  );
}
