import type { Step } from "~/copy/pages/types";

/** A numbered process, left to right on wide screens. */
export function Steps({ steps }: { steps: Step[] }) {
  const cols = steps.length >= 4 ? "lg:grid-cols-4" : "lg:grid-cols-3";
  return (
    <ol className={`grid gap-5 sm:grid-cols-2 ${cols}`}>
      {steps.map((step, i) => (
        <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <span
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-extrabold text-white dark:bg-brand-400 dark:text-brand-950"
          >
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-bold">
            <span className="sr-only">Step {i + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
