import { MapPin } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { usePrefersReducedMotion } from "~/ui/widgets/use-reduced-motion";
import { brand } from "~/copy/brand";
import { filterLocations, type LocationFilter, locationFilters, locations, statusLabel } from "~/copy/locations";
import type { MapHandle } from "./leaflet-map.client";

const count = (f: LocationFilter) => filterLocations(f).length;

const dot: Record<Exclude<LocationFilter, "all">, string> = {
  active: "bg-brand-700 dark:bg-brand-400",
  future: "bg-amber-700 dark:bg-amber-400",
  ev: "bg-indigo-700 dark:bg-indigo-300",
};

/**
 * US map of active, future and EV locations with filters. Leaflet, its CSS and the
 * state shapes load only when the map comes within 400 px of the viewport; the box has
 * a fixed height so nothing moves when it arrives. Changing the filter resets the view.
 */
export function LocationsMap() {
  const [filter, setFilter] = useState<LocationFilter>("all");
  const [state, setState] = useState<"waiting" | "loading" | "ready" | "failed">("waiting");
  const holder = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const reduced = usePrefersReducedMotion();
  const reducedRef = useRef(reduced);
  reducedRef.current = reduced;
  const id = useId();

  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    let cancelled = false;
    const load = () => {
      setState("loading");
      import("./leaflet-map.client")
        .then(({ createMap }) => {
          if (cancelled || !holder.current) return;
          handle.current = createMap(holder.current, { reducedMotion: reducedRef.current });
          handle.current.show(filterLocations(filterRef.current));
          setState("ready");
        })
        .catch(() => !cancelled && setState("failed"));
    };
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          load();
        }
      },
      { rootMargin: "400px 0px" },
    );
    io.observe(el);
    return () => {
      cancelled = true;
      io.disconnect();
      handle.current?.destroy();
      handle.current = null;
    };
  }, []);

  useEffect(() => {
    handle.current?.show(filterLocations(filter));
  }, [filter]);

  const shown = filterLocations(filter).length;

  return (
    <div>
      <fieldset className="mb-5 flex flex-col items-center gap-3">
        <legend className="sr-only">Show locations</legend>
        <div className="flex flex-wrap justify-center gap-2">
          {locationFilters.map((f) => (
            <label
              key={f.id}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus-ring) dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-400 dark:has-checked:text-brand-950"
            >
              <input type="radio" name={`${id}-filter`} value={f.id} checked={filter === f.id} onChange={() => setFilter(f.id)} className="sr-only" />
              {f.id !== "all" && <span aria-hidden="true" className={`size-2.5 rounded-full ring-2 ring-white ${dot[f.id]}`} />}
              {f.label}
              <span className="rounded-full bg-black/10 px-2 text-xs dark:bg-white/15">{count(f.id)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p aria-live="polite" className="sr-only">
        {filter === "all" ? `Showing all ${shown} locations` : `Showing ${shown} ${statusLabel[filter]} locations`}
      </p>
      <section
        aria-label={`Map of ${brand.name} locations`}
        className="relative overflow-hidden rounded-3xl border border-slate-200 shadow-sm dark:border-slate-800"
      >
        <div ref={holder} data-testid="locations-map" data-state={state} className="h-[420px] w-full bg-[#cfe8f3] sm:h-[520px] dark:bg-[#0b1424]" />
        {state !== "ready" && (
          <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-3 text-slate-700 dark:text-slate-300">
            <MapPin aria-hidden="true" className="size-8 text-brand-700 dark:text-brand-300" />
            <p className="text-sm font-medium">
              {state === "failed"
                ? `The map could not load. We deliver in ${locations
                    .filter((l) => l.status === "active")
                    .map((l) => l.city)
                    .join(", ")}.`
                : "Loading the map…"}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
