import { ChevronDown } from "lucide-react";
import { type ReactNode, useId, useState } from "react";

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * Disclosure list (FAQ style). The item at `defaultOpen` (the first unless told) starts
 * open; the others open independently, so a visitor can compare answers. Closed answers
 * stay in the HTML (hidden) for search engines. Panels are not landmark regions: a
 * forty-question FAQ would otherwise flood the landmark list (APG advice).
 */
export function Accordion({ items, defaultOpen = 0 }: { items: AccordionItem[]; defaultOpen?: number }) {
  const [open, setOpen] = useState<Set<string>>(() => {
    const first = items[defaultOpen];
    return new Set(first ? [first.id] : []);
  });
  const base = useId();
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {items.map((item) => {
        const expanded = open.has(item.id);
        const buttonId = `${base}-btn-${item.id}`;
        const panelId = `${base}-panel-${item.id}`;
        return (
          <div key={item.id} id={item.id}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 sm:px-6 dark:text-white dark:hover:bg-slate-800/60"
              >
                <span>{item.title}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={`size-5 shrink-0 text-brand-700 transition-transform dark:text-brand-300 ${expanded ? "rotate-180" : ""}`}
                />
              </button>
            </h3>
            <div id={panelId} hidden={!expanded} className="px-5 pb-6 text-slate-600 sm:px-6 dark:text-slate-300 [&_p+p]:mt-3">
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
