import type { Step } from "~/copy/pages/types";

/** Milestones in order, on a line. */
export function Timeline({ items }: { items: Step[] }) {
  return (
    <ol className="relative mx-auto max-w-3xl space-y-8 border-l-2 border-brand-200 pl-8 dark:border-brand-800">
      {items.map((m) => (
        <li key={m.title} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[41px] size-4 rounded-full border-4 border-white bg-brand-600 dark:border-slate-950 dark:bg-brand-400"
          />
          <h3 className="text-lg font-extrabold text-brand-800 dark:text-brand-200">{m.title}</h3>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}
