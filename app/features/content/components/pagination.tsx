import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

/** The pages to show: first, last, and two around the current one, with gaps as null. */
export function pageWindow(page: number, count: number): (number | null)[] {
  const keep = new Set([1, count, page - 1, page, page + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...keep].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(null);
    out.push(p);
  });
  return out;
}

const cell = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold";

const listLabels = { nav: "Pagination", prev: "Previous", next: "Next" };

/** Real page links (?page=N), so every post stays reachable without JavaScript (docs/deviations.md). */
export function Pagination({
  page,
  pageCount,
  href,
  labels = listLabels,
  className = "mt-10",
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  /** The navigation's name and its previous and next links' words. */
  labels?: { nav: string; prev: string; next: string };
  className?: string;
}) {
  if (pageCount <= 1) return null;
  const idle = `${cell} border border-slate-300 bg-white text-slate-800 hover:bg-brand-50 hover:text-brand-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;
  return (
    <nav aria-label={labels.nav} className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} className={idle} rel="prev">
              <ChevronLeft aria-hidden="true" className="size-4" />
              <span>{labels.prev}</span>
            </Link>
          </li>
        )}
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={`${cell} bg-brand-700 text-white dark:bg-brand-400 dark:text-brand-950`}>
                  <span className="sr-only">Page </span>
                  {p}
                </span>
              ) : (
                <Link to={href(p)} className={idle}>
                  <span className="sr-only">Page </span>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={href(page + 1)} className={idle} rel="next">
              <span>{labels.next}</span>
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
