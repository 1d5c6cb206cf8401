import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { LinkCard } from "~/content/pages/types";

/** Cards that each lead to another page (fuel types, offerings). */
export function LinkCards({ items }: { items: LinkCard[] }) {
  return (
    <ul className={`grid gap-5 sm:grid-cols-2 ${items.length >= 3 ? "lg:grid-cols-3" : ""}`}>
      {items.map(({ icon: Icon, title, body, to, linkLabel }) => (
        <li key={title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          {Icon && (
            <span className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
              <Icon aria-hidden="true" className="size-6" />
            </span>
          )}
          <h3 className="text-lg font-bold">{title}</h3>
          <p className="mt-2 flex-1 text-slate-600 dark:text-slate-300">{body}</p>
          <Link to={to} className="link mt-5 inline-flex min-h-11 items-center gap-1 self-start">
            {linkLabel}
            <span className="sr-only">: {title}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
