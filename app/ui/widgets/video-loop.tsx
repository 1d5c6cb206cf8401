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

/** Spec 4 and 9: the clip plays once 75 % of it is visible and pauses when less than 25 % is. */
export const PLAY_AT = 0.75;
export const PAUSE_BELOW = 0.25;

export interface VideoLoopProps {
  /** What the clip shows, for screen readers. */
  label: string;
}

/**
 * Whether the clip should be playing, by the share of it on screen: from 75 % it plays,
 * below 25 % it pauses, in between it keeps doing what it did (so a clip scrolled half
 * out of view keeps playing, and one scrolled half into view waits to be seen).
 */
export function playingFor(ratio: number, wasPlaying: boolean): boolean {
  if (ratio >= PLAY_AT) return true;
  if (ratio < PAUSE_BELOW) return false;
  return wasPlaying;
}

/**
 * A muted, inline, looping clip with a poster. It plays and pauses by how much of it is
 * visible (PLAY_AT, PAUSE_BELOW); under reduced motion it stays on the poster until the
 * visitor presses play. The pause button satisfies WCAG 2.2.2 (moving content).
 */
export function VideoLoop({ label }: VideoLoopProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const reduced = usePrefersReducedMotion();
  const [visible, setVisible] = useState(false);
  // null: follow visibility; true/false: the visitor's explicit choice.
  const [choice, setChoice] = useState<boolean | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const io = new IntersectionObserver(
      ([e]) => {
        if (e) setVisible((was) => playingFor(e.intersectionRatio, was));
      },
      { threshold: [0, PAUSE_BELOW, PLAY_AT, 1] },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);

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
