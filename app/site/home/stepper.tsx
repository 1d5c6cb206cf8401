import { CalendarClock, Pause, Play, Smartphone, Sofa } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { StoreBadges } from "~/ui/widgets/store-badges";
import { usePrefersReducedMotion } from "~/ui/widgets/use-reduced-motion";
import { home } from "~/copy/home";
import "./home.css";

/** Spec 9: the stepper advances every 5000 ms and wraps to the first step. */
export const STEPPER_INTERVAL_MS = 5000;

const icons = { download: Smartphone, schedule: CalendarClock, relax: Sofa } as const;

/**
 * Download, Schedule, Relax as tabs that advance on their own. Choosing a step, or the
 * pause button, stops the rotation; under reduced motion it never starts by itself.
 */
export function Stepper() {
  const steps = home.stepper.steps;
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(true);
  const reduced = usePrefersReducedMotion();
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (reduced) setPlaying(false);
  }, [reduced]);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setActive((i) => (i + 1) % steps.length), STEPPER_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing, steps.length]);

  const choose = (i: number, focus = false) => {
    setPlaying(false);
    setActive(i);
    if (focus) refs.current[i]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const n = steps.length;
    const next =
      e.key === "ArrowRight" || e.key === "ArrowDown"
        ? (active + 1) % n
        : e.key === "ArrowLeft" || e.key === "ArrowUp"
          ? (active - 1 + n) % n
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? n - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    choose(next, true);
  };

  return (
    <div className="grid items-center gap-8 lg:grid-cols-[2fr_3fr] lg:gap-14">
      <div>
        <div role="tablist" aria-label={home.stepper.title} aria-orientation="vertical" onKeyDown={onKeyDown} className="space-y-3">
          {steps.map((s, i) => {
            const Icon = icons[s.id];
            const selected = i === active;
            return (
              <button
                key={s.id}
                ref={(el) => {
                  refs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`${base}-tab-${s.id}`}
                aria-selected={selected}
                aria-controls={`${base}-panel-${s.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => choose(i)}
                className={`relative flex w-full items-center gap-4 overflow-hidden rounded-2xl border p-4 text-left transition-colors ${
                  selected
                    ? "border-brand-700 bg-brand-50 dark:border-brand-400 dark:bg-brand-950"
                    : "border-slate-200 bg-white hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900"
                }`}
              >
                <span
                  className={`inline-flex size-12 shrink-0 items-center justify-center rounded-xl ${
                    selected
                      ? "bg-brand-700 text-white dark:bg-brand-400 dark:text-brand-950"
                      : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                  }`}
                >
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <span>
                  <span className="block text-xs font-bold uppercase tracking-wider text-slate-600 dark:text-slate-400">Step {i + 1}</span>
                  <span className="block text-lg font-bold text-slate-900 dark:text-white">{s.label}</span>
                </span>
                {selected && playing && (
                  <span
                    key={`${active}-progress`}
                    aria-hidden="true"
                    className="fw-step-progress absolute bottom-0 left-0 h-1 w-full origin-left bg-brand-600 dark:bg-brand-300"
                  />
                )}
              </button>
            );
          })}
        </div>
        <button type="button" onClick={() => setPlaying((p) => !p)} className="btn-secondary mt-4">
          {playing ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
          {playing ? "Pause steps" : "Play steps"}
        </button>
      </div>
      {steps.map((s, i) => {
        const Icon = icons[s.id];
        return (
          <div
            key={s.id}
            role="tabpanel"
            id={`${base}-panel-${s.id}`}
            aria-labelledby={`${base}-tab-${s.id}`}
            hidden={i !== active}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: APG tabs: the panel is the next tab stop after the tab list.
            tabIndex={0}
            className="rounded-3xl bg-gradient-to-br from-brand-800 to-brand-950 p-8 text-brand-50 shadow-lg sm:p-12"
          >
            <Icon aria-hidden="true" className="size-14 text-accent-300" />
            <h3 className="mt-6 text-2xl font-extrabold text-white sm:text-3xl">{s.title}</h3>
            <p className="mt-4 max-w-xl text-lg text-brand-100">{s.body}</p>
            {s.id === "download" && <StoreBadges className="mt-8" />}
          </div>
        );
      })}
    </div>
  );
}
