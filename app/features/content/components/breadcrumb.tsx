import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

export interface Crumb {
  label: string;
  to?: string;
}

/** Home › … › the current page (the last crumb, not a link). */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600 dark:text-slate-300">
        {items.map((c, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${c.label}-${i}`} className="inline-flex items-center gap-1">
              {i > 0 && <ChevronRight aria-hidden="true" className="size-4 text-slate-500" />}
              {c.to && !last ? (
                <Link to={c.to} className="inline-flex min-h-6 items-center font-medium text-brand-700 hover:underline dark:text-brand-300">
                  {c.label}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className="font-semibold text-slate-900 dark:text-white">
                  {c.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
