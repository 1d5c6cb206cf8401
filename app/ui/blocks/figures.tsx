import type { Figure } from "~/copy/pages/types";

/** Big marketing figures, each with its label and a note on how it was worked out. */
export function Figures({ items, footnote }: { items: Figure[]; footnote?: string }) {
  return (
    <div>
      <dl className="grid gap-5 md:grid-cols-3">
        {items.map((f) => (
          <div key={f.label} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <dt className="order-2 mt-2 text-lg font-bold text-slate-900 dark:text-white">{f.label}</dt>
            <dd className="order-1 text-5xl font-extrabold tracking-tight text-brand-700 dark:text-brand-300">{f.value}</dd>
            <dd className="order-3 mt-3 text-sm text-slate-600 dark:text-slate-400">{f.note}</dd>
          </div>
        ))}
      </dl>
      {footnote && <p className="mx-auto mt-6 max-w-3xl text-center text-sm text-slate-600 dark:text-slate-400">{footnote}</p>}
    </div>
  );
}
