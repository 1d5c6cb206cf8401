import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

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
