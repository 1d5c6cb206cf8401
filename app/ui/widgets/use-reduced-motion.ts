import { useEffect, useState } from "react";

const query = "(prefers-reduced-motion: reduce)";

/**
 * Whether the visitor asked for reduced motion. False during server rendering and the
 * first client render (so hydration matches), then follows the media query live.
 */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(query);
    setReduced(mq.matches);
    const onChange = () => setReduced(mq.matches);
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, []);
  return reduced;
}
