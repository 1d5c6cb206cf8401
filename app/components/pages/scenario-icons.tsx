import type { Scenario } from "~/content/pages/types";

/** A row of icon tiles naming the places and situations we fuel. */
export function ScenarioIcons({ items, label }: { items: Scenario[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap justify-center gap-3 sm:gap-4">
      {items.map(({ icon: Icon, label: name }) => (
        <li
          key={name}
          className="flex w-28 flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white px-3 py-5 text-center text-sm font-semibold text-slate-800 shadow-sm sm:w-32 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          {name}
        </li>
      ))}
    </ul>
  );
}
