import { ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";

const R = 20;
const C = 2 * Math.PI * R;

/** A field the visitor types in: the button would cover it, its suggestions or the keyboard's neighbourhood. */
const isField = (el: Element | null) =>
  el instanceof HTMLElement && el.matches("input:not([type=button],[type=submit],[type=radio],[type=checkbox]), textarea, select");
/** Below this width the button would sit on the text: it shows only while the visitor scrolls back up. */
const NARROW = "(max-width: 639px)";
/** Keys that move the page, and which way. */
const KEY_WAY: Record<string, "up" | "down"> = { ArrowUp: "up", PageUp: "up", Home: "up", ArrowDown: "down", PageDown: "down", End: "down", " ": "down" };

/**
 * Appears after 100 px of scroll; its ring shows how far down the page the visitor is.
 * It stays out of the way: hidden while a form field has focus, and on a phone shown only
 * while scrolling back up (reading down, it would cover the text under it).
 */
export function ScrollToTop() {
  const [progress, setProgress] = useState(0);
  const [scrolled, setScrolled] = useState(false);
  const [headingUp, setHeadingUp] = useState(false);
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    let frame = 0;
    let lastY = window.scrollY;
    const narrow = window.matchMedia(NARROW);
    // Which way the visitor last asked the page to move. While scrolling up, sections above
    // render for the first time and the browser's scroll anchoring moves scrollY down to keep
    // the text in place: that is not the visitor reading down.
    let asked: "up" | "down" | null = null;
    let touchY = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      setScrolled(y > 100);
      if (y !== lastY && !(y > lastY && asked === "up")) setHeadingUp(!narrow.matches || y < lastY);
      lastY = y;
      setProgress(max > 0 ? Math.min(1, y / max) : 0);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const onFocus = () => setTyping(isField(document.activeElement));
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY) asked = e.deltaY < 0 ? "up" : "down";
    };
    const onTouchStart = (e: TouchEvent) => {
      touchY = e.touches[0]?.clientY ?? 0;
    };
    const onTouchMove = (e: TouchEvent) => {
      const y = e.touches[0]?.clientY ?? touchY;
      if (y !== touchY) asked = y > touchY ? "up" : "down";
      touchY = y;
    };
    const onKey = (e: KeyboardEvent) => {
      asked = KEY_WAY[e.key] ?? asked;
    };
    const inputs = [
      ["wheel", onWheel],
      ["touchstart", onTouchStart],
      ["touchmove", onTouchMove],
      ["keydown", onKey],
    ] as const;
    for (const [type, fn] of inputs) window.addEventListener(type, fn as EventListener, { passive: true });
    setHeadingUp(!narrow.matches);
    update();
    onFocus();
    window.addEventListener("scroll", onScroll, { passive: true });
    document.addEventListener("focusin", onFocus);
    document.addEventListener("focusout", onFocus);
    return () => {
      window.removeEventListener("scroll", onScroll);
      for (const [type, fn] of inputs) window.removeEventListener(type, fn as EventListener);
      document.removeEventListener("focusin", onFocus);
      document.removeEventListener("focusout", onFocus);
      cancelAnimationFrame(frame);
    };
  }, []);
  if (!scrolled || !headingUp || typing) return null;
  return (
    <button
      type="button"
      data-testid="scroll-to-top"
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
      className="fixed right-4 bottom-4 z-40 grid size-12 place-items-center rounded-full bg-white text-brand-700 shadow-lg dark:bg-slate-800 dark:text-brand-300"
    >
      <svg viewBox="0 0 48 48" className="absolute inset-0 size-12 -rotate-90" aria-hidden="true">
        <circle cx="24" cy="24" r={R} fill="none" strokeWidth="3" className="stroke-slate-200 dark:stroke-slate-700" />
        <circle
          cx="24"
          cy="24"
          r={R}
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          stroke="currentColor"
          strokeDasharray={C}
          strokeDashoffset={C * (1 - progress)}
        />
      </svg>
      <ArrowUp aria-hidden="true" className="relative size-5" />
      <span className="sr-only">Back to top ({Math.round(progress * 100)}% read)</span>
    </button>
  );
}
