import { Carousel, IMAGE_SLIDE_MS } from "~/ui/carousel/carousel";
import type { Scenario } from "~/copy/pages/types";

/**
 * The places and situations we fuel, as the specification's image slider (section 9): 4
 * tiles across from 1024 px, 3 below, 2 below 991 px, 1 below 480 px, moving on by itself
 * every 4 s (with a pause button, never under reduced motion, stopped by focus or pointer).
 * The tiles are laid out by CSS alone until the carousel's code arrives as it nears the
 * viewport, so nothing shifts.
 */
export function ScenarioIcons({ items, label }: { items: Scenario[]; label: string }) {
  return (
    <Carousel
      label={label}
      perView="images"
      autoplayMs={IMAGE_SLIDE_MS}
      slides={items.map(({ icon: Icon, label: name }) => (
        <div
          key={name}
          className="flex h-full flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white px-3 py-5 text-center text-sm font-semibold text-slate-800 shadow-sm dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          {name}
        </div>
      ))}
    />
  );
}
