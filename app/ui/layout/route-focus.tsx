import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * Brings the element a hash names to the top of the view (below the sticky header: the
 * root's scroll padding), and again while the page settles: sections off screen are laid
 * out only when near (content-visibility), so the first jump lands on estimated heights
 * and the target moves as the sections around it render.
 */
export function settleOnHash(hash: string) {
  if (hash.length < 2) return;
  let el: HTMLElement | null = null;
  try {
    el = document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return;
  }
  if (!el) return;
  const target = el;
  let last = Number.NaN;
  let rounds = 0;
  const step = () => {
    const top = target.getBoundingClientRect().top;
    if (Math.abs(top - last) < 1 || rounds++ > 12) return;
    target.scrollIntoView({ block: "start", behavior: "instant" });
    last = target.getBoundingClientRect().top;
    requestAnimationFrame(() => requestAnimationFrame(step));
  };
  requestAnimationFrame(step);
}

/**
 * After a client-side navigation to another page, focus moves to the new page's main
 * heading (or the element its hash names), so the next Tab starts at the top of what is
 * shown rather than in the footer that was clicked, and the new page's title is announced.
 * The first load, and changes of the query alone (the blog's live search), leave focus
 * where it is.
 */
export function RouteFocus() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  const [title, setTitle] = useState("");
  // In-page jumps (and a page opened at a hash) land where the target really is.
  useEffect(() => {
    const onHash = () => settleOnHash(window.location.hash);
    onHash();
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path (and its hash) is what moves focus
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // After the new page has rendered and the scroll position was restored.
    const frame = requestAnimationFrame(() => {
      const named = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
      const target = named ?? document.querySelector<HTMLElement>("main h1") ?? document.getElementById("main");
      if (target) {
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: !named });
      }
      if (named) settleOnHash(hash);
      setTitle(document.title);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {title}
    </p>
  );
}
