import { Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "./use-reduced-motion";

/** The site's looping clip, made by scripts/make-media.mjs (webm first: it is smaller). */
export const loopClip = {
  webm: "/media/fillway-loop.webm",
  mp4: "/media/fillway-loop.mp4",
  poster: "/media/fillway-loop-poster.jpg",
  width: 960,
  height: 540,
} as const;

export interface VideoLoopProps {
  /** Share of the video that must be on screen for it to play (spec 4: 25 % or 75 %). */
  threshold?: 0.25 | 0.75;
  /** What the clip shows, for screen readers. */
  label: string;
}

/**
 * A muted, inline, looping clip with a poster. It plays while at least `threshold` of
 * it is visible and pauses otherwise; under reduced motion it stays on the poster until
 * the visitor presses play. The pause button satisfies WCAG 2.2.2 (moving content).
 */
export function VideoLoop({ threshold = 0.25, label }: VideoLoopProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const reduced = usePrefersReducedMotion();
  const [visible, setVisible] = useState(false);
  // null: follow visibility; true/false: the visitor's explicit choice.
  const [choice, setChoice] = useState<boolean | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const io = new IntersectionObserver(([e]) => setVisible(Boolean(e && e.intersectionRatio >= threshold)), {
      threshold: [0, threshold],
    });
    io.observe(el);
    return () => io.disconnect();
  }, [threshold]);

  const wants = visible && (choice ?? !reduced);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (wants) {
      // React does not reliably reflect `muted` as an attribute; autoplay rules need it.
      el.muted = true;
      el.play().catch(() => {
        // Blocked or interrupted by a pause: the poster stays, which is fine.
      });
    } else if (!el.paused) {
      el.pause();
    }
  }, [wants]);

  const active = choice ?? !reduced;

  return (
    <div className="focus-on-dark relative overflow-hidden rounded-3xl bg-brand-950 shadow-xl ring-1 ring-slate-900/10 dark:ring-white/10">
      <video
        ref={ref}
        muted
        playsInline
        loop
        preload="none"
        poster={loopClip.poster}
        width={loopClip.width}
        height={loopClip.height}
        aria-label={label}
        className="block aspect-video h-auto w-full"
      >
        <source src={loopClip.webm} type="video/webm" />
        <source src={loopClip.mp4} type="video/mp4" />
      </video>
      <button
        type="button"
        onClick={() => setChoice(!active)}
        className="absolute right-3 bottom-3 inline-flex size-11 items-center justify-center rounded-full bg-slate-950/70 text-white backdrop-blur hover:bg-slate-950/90"
      >
        {active ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
        <span className="sr-only">{active ? "Pause video" : "Play video"}</span>
      </button>
    </div>
  );
}
