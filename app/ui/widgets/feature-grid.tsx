import { ArrowRight, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

export interface FeatureItem {
  icon?: LucideIcon;
  title: string;
  body: ReactNode;
  /** A card that leads to another page ends in this link. */
  link?: { to: string; label: string };
}

const cols: Record<2 | 3 | 4, string> = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
};

/** A grid of feature cards (icon, title, text, maybe a link): the building block most pages list benefits with. */
export function FeatureGrid({ items, columns = 3 }: { items: FeatureItem[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`grid gap-5 ${cols[columns]}`}>
      {items.map(({ icon: Icon, title, body, link }) => (
        <li key={title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          {Icon && (
            <span className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
              <Icon aria-hidden="true" className="size-6" />
            </span>
          )}
          <h3 className="text-lg font-bold">{title}</h3>
          <div className={`mt-2 text-slate-600 dark:text-slate-300 ${link ? "flex-1" : ""}`}>{body}</div>
          {link && (
            <Link to={link.to} className="link mt-5 inline-flex min-h-11 items-center gap-1 self-start">
              {link.label}
              <span className="sr-only">: {title}</span>
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
