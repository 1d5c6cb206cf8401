import { ArrowDown } from "lucide-react";
import type { ComparisonSide } from "~/copy/pages/types";

/** Two supply chains side by side: the long way round, and ours. */
export function Comparison({ before, after }: { before: ComparisonSide; after: ComparisonSide }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {[before, after].map((side, i) => {
        const ours = i === 1;
        return (
          <div
            key={side.title}
            className={`rounded-2xl border p-6 sm:p-8 ${
              ours
                ? "border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-brand-950"
                : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
            }`}
          >
            <h3 className="text-xl font-bold">{side.title}</h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{side.summary}</p>
            <ol className="mt-6 space-y-1">
              {side.steps.map((step, n) => (
                <li key={step} className="flex flex-col items-start">
                  <span
                    className={`w-full rounded-xl px-4 py-3 font-semibold ${
                      ours
                        ? "bg-white text-brand-900 dark:bg-slate-900 dark:text-brand-100"
                        : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100"
                    }`}
                  >
                    {step}
                  </span>
                  {n < side.steps.length - 1 && <ArrowDown aria-hidden="true" className="my-1 ml-4 size-4 text-slate-500 dark:text-slate-400" />}
                </li>
              ))}
            </ol>
          </div>
        );
      })}
    </div>
  );
}
