import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export interface FeatureItem {
  icon?: LucideIcon;
  title: string;
  body: ReactNode;
}

const cols: Record<2 | 3 | 4, string> = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
};

/** A grid of feature cards (icon, title, text): the building block most pages list benefits with. */
export function FeatureGrid({ items, columns = 3 }: { items: FeatureItem[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`grid gap-5 ${cols[columns]}`}>
      {items.map(({ icon: Icon, title, body }) => (
        <li key={title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          {Icon && (
            <span className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
              <Icon aria-hidden="true" className="size-6" />
            </span>
          )}
          <h3 className="text-lg font-bold">{title}</h3>
          <div className="mt-2 text-slate-600 dark:text-slate-300">{body}</div>
        </li>
      ))}
    </ul>
  );
}
