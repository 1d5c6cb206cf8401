import { CalendarClock } from "lucide-react";
import type { ReactNode } from "react";

/** A highlighted announcement, such as a launch date. */
export function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <aside
      aria-label={title}
      className="mx-auto flex max-w-3xl gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-50"
    >
      <CalendarClock aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
      <div>
        <p className="text-lg font-bold">{title}</p>
        {children && <div className="mt-1">{children}</div>}
      </div>
    </aside>
  );
}
