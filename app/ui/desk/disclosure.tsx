import { type ReactNode, useId, useState } from "react";

/**
 * A list's filters behind one "Filters" button on a narrow screen, with the number of
 * filters in use; from the md breakpoint up they are always shown and the button is not.
 * A real button with aria-expanded, so keyboards and screen readers open it as they would
 * any disclosure.
 */
export function FilterDisclosure({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="mb-4">
      <NarrowToggle open={open} controls={id} onToggle={() => setOpen(!open)}>
        Filters
        {active > 0 ? (
          <span className="rounded-full bg-brand-700 px-2 text-xs text-white dark:bg-brand-300 dark:text-slate-950">
            {active}
            <span className="sr-only"> in use</span>
          </span>
        ) : null}
      </NarrowToggle>
      <div id={id} className={`${open ? "mt-3 block" : "hidden"} md:mt-0 md:block`}>
        {children}
      </div>
    </div>
  );
}

/** The button that opens a panel on a narrow screen and is hidden from md up: a real disclosure button with aria-expanded. */
export function NarrowToggle({ open, controls, onToggle, children }: { open: boolean; controls: string; onToggle: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="inline-flex min-h-9 items-center gap-2 rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold md:hidden dark:border-slate-500"
    >
      {children}
      <span aria-hidden="true">{open ? "▴" : "▾"}</span>
    </button>
  );
}

/** How many filters a list's URL holds (its page position not counted). */
export const activeFilters = (values: Record<string, string | undefined>) =>
  Object.entries(values).filter(([k, v]) => v && k !== "after" && k !== "before" && k !== "page").length;
