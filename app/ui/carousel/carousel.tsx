import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { usePrefersReducedMotion } from "~/ui/widgets/use-reduced-motion";

export type PerView = "images" | "logos" | "single";

/** Spec 9: the image slider moves on every 4 s. */
export const IMAGE_SLIDE_MS = 4000;

export interface CarouselProps {
  /** Accessible name of the carousel region (e.g. "What our customers say"). */
  label: string;
  slides: ReactNode[];
  /** Time between automatic moves; 0 turns autoplay off. Ignored when `continuous`. */
  autoplayMs?: number;
  /** Approximate duration of one move. */
  speedMs?: number;
  /**
   * How many slides show at once: "images" 4 from 1024 px, 3 below 1024, 2 below 991,
   * 1 below 480 (spec 9); "logos" 9 on wide screens, fewer as it narrows, down to 1;
   * "single" one.
   */
  perView?: PerView;
  /** Scroll slowly and without stopping (the logo band) instead of moving slide by slide. */
  continuous?: boolean;
}

const slideBasis: Record<PerView, string> = {
  images: "basis-full min-[480px]:basis-1/2 min-[991px]:basis-1/3 min-[1024px]:basis-1/4",
  logos: "basis-full min-[360px]:basis-1/2 min-[480px]:basis-1/3 sm:basis-1/4 md:basis-1/5 min-[900px]:basis-1/6 lg:basis-1/7 xl:basis-1/9",
  single: "basis-full",
};

/** Pixels per animation frame (60 per second) of the continuous band. */
const continuousSpeed = 0.6;

/** The timing plugin, if any: Embla's own, fetched with Embla. */
type Timing = { play: () => void; stop: () => void };

/**
 * Embla and its timing plugin, configured to move only when told: when the carousel
 * moves by itself is decided by the component (button, pointer, focus, visibility,
 * reduced motion), not by the plugins' own listeners.
 */
async function loadEmbla(viewport: HTMLElement, options: EmblaOptionsType, timing: "autoplay" | "continuous" | null, delay: number) {
  const quiet = { playOnInit: false, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false } as const;
  const [{ default: EmblaCarousel }, plugin] = await Promise.all([
    import("embla-carousel"),
    timing === "continuous"
      ? import("embla-carousel-auto-scroll").then(({ default: AutoScroll }) => AutoScroll({ ...quiet, speed: continuousSpeed, startDelay: 0 }))
      : timing === "autoplay"
        ? import("embla-carousel-autoplay").then(({ default: Autoplay }) => Autoplay({ ...quiet, delay }))
        : null,
  ]);
  return { api: EmblaCarousel(viewport, options, plugin ? [plugin] : []), timing: plugin as Timing | null };
}

/**
 * The site's one carousel (Embla). Autoplay is paused by its button, while the pointer
 * is over it, while it is off screen, and for good once focus moves into it (WAI-ARIA
 * APG); under prefers-reduced-motion it never starts by itself and moves are instant.
 * Left/Right arrow keys move it while focus is inside. Embla itself is fetched only when
 * the carousel comes into the viewport, so a carousel below the first screen costs nothing on first load;
 * until then the slides sit in their row, laid out by CSS alone.
 */
export function Carousel({ label, slides, autoplayMs = 0, speedMs = 500, perView = "single", continuous = false }: CarouselProps) {
  const reduced = usePrefersReducedMotion();
  const autoplays = continuous || autoplayMs > 0;
  // Embla's duration is in its own physics units; 500 ms ≈ 25 (its default).
  const duration = reduced ? 0 : Math.max(10, Math.round(speedMs / 20));
  const viewportRef = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const timingRef = useRef<Timing | null>(null);
  const [near, setNear] = useState(false);
  const durationRef = useRef(duration);
  durationRef.current = duration;
  const appliedDuration = useRef<number | null>(null);
  const [playing, setPlaying] = useState(autoplays);
  const [hovered, setHovered] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [inView, setInView] = useState(false);
  const [selected, setSelected] = useState(0);
  const rootRef = useRef<HTMLElement>(null);
  const playButtonRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  // Reduced motion switches autoplay off (the visitor may still start it with the button).
  useEffect(() => {
    if (reduced) setPlaying(false);
  }, [reduced]);

  // Focus that came in before this carousel hydrated (it hydrates as it nears the
  // viewport) stops the rotation too.
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== playButtonRef.current && rootRef.current?.contains(active)) setPlaying(false);
  }, []);

  useEffect(() => {
    const el = rootRef.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(([entry]) => setInView(Boolean(entry?.isIntersecting)), { threshold: 0.1 });
    const nearIo = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        setNear(true);
        nearIo.disconnect();
      },
      { rootMargin: "0px" },
    );
    io.observe(el);
    nearIo.observe(el);
    return () => {
      io.disconnect();
      nearIo.disconnect();
    };
  }, []);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let instance: EmblaCarouselType | undefined;
    const viewport = viewportRef.current;
    if (!viewport) return;
    const initialDuration = durationRef.current;
    const timing = continuous ? "continuous" : autoplayMs > 0 ? "autoplay" : null;
    loadEmbla(viewport, { loop: true, align: "start", duration: initialDuration, dragFree: continuous }, timing, autoplayMs).then((loaded) => {
      if (cancelled) {
        loaded.api.destroy();
        return;
      }
      instance = loaded.api;
      timingRef.current = loaded.timing;
      appliedDuration.current = initialDuration;
      setApi(instance);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
      timingRef.current = null;
      setApi(undefined);
    };
  }, [near, continuous, autoplayMs]);

  // Reduced motion is known only after hydration: instant moves from then on.
  useEffect(() => {
    if (!api || appliedDuration.current === duration) return;
    appliedDuration.current = duration;
    api.reInit({ duration });
  }, [api, duration]);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    const onDown = () => setDragging(true);
    const onUp = () => setDragging(false);
    onSelect();
    api.on("select", onSelect).on("reInit", onSelect).on("pointerDown", onDown).on("pointerUp", onUp);
    return () => {
      api.off("select", onSelect).off("reInit", onSelect).off("pointerDown", onDown).off("pointerUp", onUp);
    };
  }, [api]);

  const running = autoplays && playing && inView && !hovered && !dragging;

  useEffect(() => {
    const timing = timingRef.current;
    if (!api || !running || !timing) return;
    timing.play();
    // reInit restarts the plugins stopped: keep moving.
    const again = () => timing.play();
    api.on("reInit", again);
    return () => {
      api.off("reInit", again);
      timing.stop();
    };
  }, [api, running]);

  const prev = useCallback(() => api?.scrollPrev(), [api]);
  const next = useCallback(() => api?.scrollNext(), [api]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    e.preventDefault();
    if (e.key === "ArrowLeft") prev();
    else next();
  };

  const controlClass =
    "inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800";

  return (
    <section
      ref={rootRef}
      aria-roledescription="carousel"
      aria-label={label}
      data-ready={api ? "true" : undefined}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(e) => {
        // Focus on anything but the play/pause button stops rotation until asked again.
        if (e.target !== playButtonRef.current) setPlaying(false);
      }}
      className="relative"
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div id={`${id}-slides`} className="flex touch-pan-y" aria-live={running ? "off" : "polite"}>
          {slides.map((slide, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: each slide is a group with roledescription "slide".
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              data-selected={i === selected || undefined}
              className={`min-w-0 shrink-0 grow-0 px-2 ${slideBasis[perView]}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-3">
        <button type="button" onClick={prev} aria-controls={`${id}-slides`} className={controlClass}>
          <ChevronLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">Previous slide</span>
        </button>
        {autoplays && (
          <button ref={playButtonRef} type="button" onClick={() => setPlaying((p) => !p)} aria-controls={`${id}-slides`} className={controlClass}>
            {playing ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
            <span className="sr-only">{playing ? "Pause automatic slide show" : "Start automatic slide show"}</span>
          </button>
        )}
        <button type="button" onClick={next} aria-controls={`${id}-slides`} className={controlClass}>
          <ChevronRight aria-hidden="true" className="size-5" />
          <span className="sr-only">Next slide</span>
        </button>
      </div>
    </section>
  );
}
