import { CircleCheck } from "lucide-react";
import type { CheckColumn } from "~/copy/pages/types";

/** A list of short statements, each with a check mark. */
export function CheckList({ items, className = "" }: { items: string[]; className?: string }) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Two or three benefit lists side by side (for example business versus consumer). */
export function CheckColumns({ columns }: { columns: CheckColumn[] }) {
  return (
    <div className={`grid gap-6 ${columns.length > 2 ? "lg:grid-cols-3" : "md:grid-cols-2"}`}>
      {columns.map((col) => (
        <div key={col.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <h3 className="text-xl font-bold">{col.title}</h3>
          <CheckList items={col.items} className="mt-5 text-slate-700 dark:text-slate-300" />
        </div>
      ))}
    </div>
  );
}
