import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right arrows move and select (wrapping),
 * Home/End jump to the ends. Inactive panels stay in the HTML (hidden) so pre-rendered
 * pages keep all their text for search engines and no-JavaScript visitors.
 */
export function Tabs({ label, tabs, defaultIndex = 0 }: { label: string; tabs: TabItem[]; defaultIndex?: number }) {
  const [active, setActive] = useState(() => Math.min(Math.max(defaultIndex, 0), Math.max(tabs.length - 1, 0)));
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (i: number) => {
    setActive(i);
    refs.current[i]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const n = tabs.length;
    if (n === 0) return;
    const next =
      e.key === "ArrowRight" ? (active + 1) % n : e.key === "ArrowLeft" ? (active - 1 + n) % n : e.key === "Home" ? 0 : e.key === "End" ? n - 1 : null;
    if (next === null) return;
    e.preventDefault();
    select(next);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex flex-wrap justify-center gap-2 rounded-2xl bg-slate-100 p-1.5 sm:inline-flex dark:bg-slate-800"
      >
        {tabs.map((t, i) => {
          const selected = i === active;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${t.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(i)}
              className={`min-h-11 rounded-xl px-4 py-2 text-sm font-semibold transition-colors sm:px-5 ${
                selected
                  ? "bg-white text-brand-800 shadow-sm dark:bg-slate-950 dark:text-brand-200"
                  : "text-slate-700 hover:bg-white/60 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white"
              }`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {tabs.map((t, i) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${base}-panel-${t.id}`}
          aria-labelledby={`${base}-tab-${t.id}`}
          hidden={i !== active}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: APG tabs: the panel is the next tab stop after the tab list, even when it holds no link.
          tabIndex={0}
          className="mt-8 rounded-2xl focus-visible:outline-offset-4"
        >
          {t.content}
        </div>
      ))}
    </div>
  );
}
